package stepcache

import (
	"context"
	"testing"

	"shardcore/movement"
	"shardcore/world"
	"shardcore/world/gen"
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

// findChunk returns the first chunk of the default world matching pick.
func findChunk(b *testing.B, pick func(*Chunk) bool) (cx, cy int) {
	chunks := defaultChunks(b)
	w, err := defaultWorld()
	if err != nil {
		b.Fatal(err)
	}
	wide, _ := ChunksOf(w.Map.Width, w.Map.Height)
	for i, c := range chunks {
		if pick(c) {
			return i % wide, i / wide
		}
	}
	b.Skip("no such chunk")
	return 0, 0
}

func BenchmarkBuildChunk(b *testing.B) {
	r := staticRules(b)
	kinds := []struct {
		name string
		pick func(*Chunk) bool
	}{
		{"grass", func(c *Chunk) bool { return c.Uniform() && c.Cells[0].Walk == 0xFF && c.Cells[0].Wet == 0 }},
		{"water", func(c *Chunk) bool { return c.Uniform() && c.Cells[0].Walk == 0 && c.Cells[0].Wet == 0xFF }},
		{"town", func(c *Chunk) bool { return len(c.Strata) > 40 }},
	}
	for _, k := range kinds {
		cx, cy := findChunk(b, k.pick)
		b.Run(k.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				BuildChunk(r, cx, cy)
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
