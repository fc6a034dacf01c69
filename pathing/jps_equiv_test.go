package pathing

import (
	"math"
	"math/rand/v2"
	"testing"

	"shardcore/movement"
)

// TestJPSEquivalenceQuick: random queries for every mover: the jump search
// finds what the classic A* finds, at its cost, on valid paths.
func TestJPSEquivalenceQuick(t *testing.T) {
	f := testFixture(t)
	live := movement.NewRules(f.w.Map, f.w.Tiles, nil)
	cache := f.newCache(t, live, verifyConfig(), true)
	classic, jps := NewClassic(live), NewJPS(cache, live)
	jps.UseLineProbe(false)
	rng := rand.New(rand.NewPCG(1, 2))
	movers := equivMovers(f.w.Landmarks)
	var rc, rj Result
	for i := 0; i < 2000; i++ {
		mc := movers[i%len(movers)]
		req := randomQuery(rng, live, mc)
		r1, r2 := req, req
		classic.Find(&r1, &rc)
		jps.Find(&r2, &rj)
		cut := !rc.Found && rc.Expansions >= req.MaxNodes
		if !cut && rc.Found != rj.Found || (rc.Found && math.Abs(rc.Cost-rj.Cost) > 1e-9) {
			t.Fatalf("%d %s %+v: classic found=%v cost=%v exp=%d, jps found=%v cost=%v exp=%d", i, mc.name, req, rc.Found, rc.Cost, rc.Expansions, rj.Found, rj.Cost, rj.Expansions)
		}
		if rj.Found {
			checkPath(t, mc.name+" jps", live, &r2, &rj)
		}
	}
	t.Logf("%+v", jps.Stats())
}
