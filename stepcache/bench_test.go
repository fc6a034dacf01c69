package stepcache

import (
	"context"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/gen"
)

func BenchmarkLookupHit(b *testing.B) {
	r := handWorld(b)
	c := newTestCache(b, Config{MissPromotionThreshold: 1}, r)
	look := c.Search(0, 0)
	look.Lookup(r.Map.ID, gx, gy, 0, 0)
	look.Lookup(r.Map.ID, 21, 10, 13, 0) // bridge deck (primary)
	look.Lookup(r.Map.ID, 6, 6, 20, 0)   // upper floor (stratum)
	for _, bc := range []struct {
		name    string
		x, y, z int
		caps    movement.Caps
	}{{"grass", gx, gy, 0, 0}, {"player", gx, gy, 0, movement.Player}, {"stratum", 6, 6, 20, 0}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			var s StepMask
			for b.Loop() {
				s = look.Lookup(r.Map.ID, bc.x, bc.y, bc.z, bc.caps)
			}
			if s.Kind != Hit {
				b.Fatal(s.Kind)
			}
		})
	}
}

// chunksOfKinds returns up to n chunks (row-major indices) of each kind on
// r's map, spread evenly over the map's chunks of that kind.
func chunksOfKinds(r *movement.Rules, n int) [NumChunkKinds][]int {
	wide, high := ChunksOf(r.Map.Width, r.Map.Height)
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
	r := staticRules(b)
	wide, _ := ChunksOf(r.Map.Width, r.Map.Height)
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

func benchBuildMap(b *testing.B, w *gen.World) {
	r := movement.NewRules(w.Map, w.Tiles, nil)
	r.StaticOnly = true
	var chunks []*Chunk
	for b.Loop() {
		var err error
		if chunks, err = BuildMap(context.Background(), r, 0, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(chunks))*float64(b.N)/b.Elapsed().Seconds(), "chunks/s")
	b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s/map")
	seen := map[*Chunk]bool{}
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
	w, err := defaultWorld()
	if err != nil {
		b.Fatal(err)
	}
	benchBuildMap(b, w)
}

func BenchmarkBuildMapLarge(b *testing.B) {
	if testing.Short() {
		b.Skip("7168×4096 under -short")
	}
	w, err := gen.Generate(context.Background(), gen.Options{Width: 7168, Height: 4096, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	benchBuildMap(b, w)
}

// BenchmarkResidentBytes reports bytes per resident chunk of the whole
// default world in a Cache (shared chunks counted once).
func BenchmarkResidentBytes(b *testing.B) {
	r := staticRules(b)
	chunks := defaultChunks(b)
	wide, _ := ChunksOf(r.Map.Width, r.Map.Height)
	var st Stats
	for b.Loop() {
		c := newTestCache(b, Config{MaxResidentChunks: len(chunks)}, r)
		for i, ch := range chunks {
			if err := c.Install(world.Felucca, i%wide, i/wide, ch); err != nil {
				b.Fatal(err)
			}
		}
		st = c.Stats()
	}
	b.ReportMetric(float64(st.Bytes)/float64(st.Resident), "B/resident-chunk")
	b.ReportMetric(float64(st.Distinct), "distinct")
}
