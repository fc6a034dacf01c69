package bake

import (
	"context"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/steptest"
	"github.com/shardcore/shardcore/world/gen"
)

// chunksOfKinds returns up to n chunks (row-major indices) of each kind on
// r's map, spread evenly over the map's chunks of that kind.
func chunksOfKinds(r *movement.Rules, n int) [NumChunkKinds][]int {
	wide, high := chunk.Grid(r.Map.Width, r.Map.Height)
	var all, out [NumChunkKinds][]int
	for i := 0; i < wide*high; i++ {
		k := ClassifyChunk(r, i%wide, i/wide)
		all[k] = append(all[k], i)
	}
	for k, list := range all {
		for j := 0; j < min(n, len(list)); j++ {
			out[k] = append(out[k], list[j*len(list)/min(n, len(list))])
		}
	}
	return out
}

// BenchmarkBuildChunk times both probes per chunk kind of the default
// world, cycling over up to 16 chunks of the kind.
func BenchmarkBuildChunk(b *testing.B) {
	r := steptest.StaticRules(b)
	wide, _ := chunk.Grid(r.Map.Width, r.Map.Height)
	for k, list := range chunksOfKinds(r, 16) {
		if len(list) == 0 {
			continue
		}
		name := ChunkKind(k).String()
		b.Run(name+"/fast", func(b *testing.B) {
			fb := NewBuilder(r)
			b.ReportAllocs()
			j := 0
			for b.Loop() {
				i := list[j%len(list)]
				fb.Build(i%wide, i/wide)
				j++
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N), "µs/chunk")
		})
		b.Run(name+"/reference", func(b *testing.B) {
			b.ReportAllocs()
			j := 0
			for b.Loop() {
				i := list[j%len(list)]
				BuildChunkReference(r, i%wide, i/wide)
				j++
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N), "µs/chunk")
		})
	}
}

func benchBuildMap(b *testing.B, r *movement.Rules) {
	var chunks []*chunk.Chunk
	for b.Loop() {
		var err error
		if chunks, err = BuildMap(context.Background(), r, 0, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(chunks))*float64(b.N)/b.Elapsed().Seconds(), "chunks/s")
	b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s/map")
	seen := map[*chunk.Chunk]bool{}
	bytes := 0
	for _, c := range chunks {
		if !seen[c] {
			seen[c] = true
			bytes += c.Bytes()
		}
	}
	b.ReportMetric(float64(bytes)/float64(len(chunks)), "B/resident-chunk")
	b.ReportMetric(float64(len(seen)), "distinct")
}

func BenchmarkBuildMapDefault(b *testing.B) {
	benchBuildMap(b, steptest.StaticRules(b))
}

func BenchmarkBuildMapLarge(b *testing.B) {
	if testing.Short() {
		b.Skip("7168×4096 under -short")
	}
	w, err := gen.Generate(context.Background(), gen.Options{Width: 7168, Height: 4096, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	r := movement.NewRules(w.Map, w.Tiles, nil)
	r.StaticOnly = true
	benchBuildMap(b, r)
}
