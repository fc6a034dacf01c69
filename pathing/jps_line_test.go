package pathing

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/shardcore/shardcore/world"
)

// TestJPSLineLayerMatchesLookups: the line probe on the flat layer (steps
// answered by the grid rule over block bytes and the layer's canonical Zs,
// Lemma 1) takes the line exactly where the probe off the layer (every
// step a lookup) does, with the same directions, Zs and cost, for every
// mover of the default world, short lines around random cells, uniform and
// octile, with and without a goal square; starts off the map are refused
// without a panic.
func TestJPSLineLayerMatchesLookups(t *testing.T) {
	w := defaultEquivWorld(t)
	e := newJPSRun(t, w)
	on, off := NewJPS(e.cache, e.live), NewJPS(e.cache, e.live)
	off.opt.layerOff = true
	var a, b Result
	rng := rand.New(rand.NewPCG(21, 22))
	hits := 0
	for q := 0; q < 400; q++ {
		mc := w.movers[q%len(w.movers)]
		req := randomQuery(rng, e.live, mc)
		req.Goal = world.Point{X: req.Start.X + rng.IntN(13) - 6, Y: req.Start.Y + rng.IntN(13) - 6}
		req.Range = rng.IntN(3) / 2
		if q%50 == 0 { // off the map's edges
			req.Start = world.Point{X: -1 + (q/50%2)*(e.live.Map.Width+1), Y: rng.IntN(3) - 1}
		}
		for _, c := range []Cost{Uniform, Octile} {
			req.Cost = c
			ra, rb := req, req
			ha, hb := on.Stats().LineHits, off.Stats().LineHits
			on.Find(&ra, &a)
			off.Find(&rb, &b)
			lineA, lineB := on.Stats().LineHits > ha, off.Stats().LineHits > hb
			if lineA != lineB || a.Found != b.Found || a.Cost != b.Cost {
				t.Fatalf("%s %v %+v: layer line %v found %v cost %v, lookups line %v found %v cost %v", mc.name, c, req, lineA, a.Found, a.Cost, lineB, b.Found, b.Cost)
			}
			if lineA {
				hits++
				if !slices.Equal(a.Dirs, b.Dirs) || !slices.Equal(a.Zs, b.Zs) {
					t.Fatalf("%s %v %+v: layer line %v %v, lookups line %v %v", mc.name, c, req, a.Dirs, a.Zs, b.Dirs, b.Zs)
				}
			}
		}
	}
	if hits < 100 {
		t.Errorf("only %d line hits of 800 searches: the test does not exercise the probe", hits)
	}
}
