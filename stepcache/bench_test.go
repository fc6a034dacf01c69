package stepcache

import (
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/steptest"
	"github.com/shardcore/shardcore/world"
)

func BenchmarkLookupHit(b *testing.B) {
	r := steptest.HandWorld(b)
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
			var s chunk.StepMask
			for b.Loop() {
				s = look.Lookup(r.Map.ID, bc.x, bc.y, bc.z, bc.caps)
			}
			if s.Kind != chunk.Hit {
				b.Fatal(s.Kind)
			}
		})
	}
}

// BenchmarkResidentBytes reports bytes per resident chunk of the whole
// default world in a Cache (shared chunks counted once).
func BenchmarkResidentBytes(b *testing.B) {
	r := steptest.StaticRules(b)
	chunks := steptest.DefaultChunks(b, bake.BuildMap)
	wide, _ := chunk.Grid(r.Map.Width, r.Map.Height)
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
