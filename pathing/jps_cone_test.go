package pathing

import (
	"math"
	"testing"

	"github.com/shardcore/shardcore/world"
)

// TestJPSConeProbe: on every Moving AI map, every scenario whose optimal
// octile cost is the heuristic at its start (it has a taut path) is
// answered by the cone probe unless the line probe answers it first, and
// every scenario of each map, under both cost models, finds the classic
// A*'s cost (the scenario's optimum under the octile cost) with a path
// the live rules walk, with the probes on and off. Under the uniform cost
// a query of the heuristic's cost may have no taut path (it may step away
// from the goal along the minor axis and back): the probe answers those
// that have one.
func TestJPSConeProbe(t *testing.T) {
	for _, bm := range loadBench(t) {
		cache := warmCache(t, &bm, bm.rules)
		on, off := NewJPS(cache, bm.rules), NewJPS(cache, bm.rules)
		off.UseLineProbe(false)
		classic := NewClassic(bm.rules)
		var a, b, c Result
		step := max(len(bm.scens)/(samplePerMap*5/4), 1) // 60 scenarios a map (5 under the race detector)
		taut, tried := 0, 0
		for i := 0; i < len(bm.scens); i += step {
			sc := bm.scens[i]
			for _, cost := range []Cost{Octile, Uniform} {
				req := ScenarioRequest(sc, cost, bm.w, bm.h)
				r1, r2, r3 := req, req, req
				before := on.Stats()
				on.Find(&r1, &a)
				off.Find(&r2, &b)
				want := b.Cost // the octile optimum is the scenario's; the uniform the classic A*'s
				if cost == Uniform {
					classic.Find(&r3, &c)
					want = c.Cost
				}
				if !a.Found || !b.Found || math.Abs(a.Cost-want) > 1e-9 || math.Abs(b.Cost-want) > 1e-9 || cost == Octile && !sc.IsOptimal(a.Cost) {
					t.Fatalf("%s line %d cost %d: probes on %v %.6f, off %v %.6f, want %.6f (scenario %.6f)", bm.name, sc.Line, cost, a.Found, a.Cost, b.Found, b.Cost, want, sc.Optimal)
				}
				checkPath(t, bm.name+" probes on", bm.rules, &r1, &a)
				h := heuristicOf(req.Start, req.Goal, cost)
				if math.Abs(want-h) > 1e-9 {
					continue
				}
				tried++
				st := on.Stats()
				if cost == Octile && st.LineHits == before.LineHits && st.ConeHits == before.ConeHits {
					t.Errorf("%s line %d cost %d: optimal cost %.6f is the heuristic, no probe answered", bm.name, sc.Line, cost, want)
				}
				if st.ConeHits > before.ConeHits {
					taut++
				}
			}
		}
		t.Logf("%s: %d queries of the heuristic's cost, %d answered by the cone probe", bm.name, tried, taut)
	}
}

// heuristicOf is the search's heuristic from start to goal (no range).
func heuristicOf(start, goal world.Point, cost Cost) float64 {
	dx, dy := absInt(goal.X-start.X), absInt(goal.Y-start.Y)
	if cost == Uniform {
		return float64(max(dx, dy))
	}
	return float64(max(dx, dy)-min(dx, dy)) + sqrt2*float64(min(dx, dy))
}

// TestJPSConeProbeOff: UseConeProbe(false) keeps the line probe and drops
// the cone probe: no search is answered by a cone, and every scenario's
// cost is the one the finder with the cone finds.
func TestJPSConeProbeOff(t *testing.T) {
	bm := benchMapNamed(t, "AR0011SR.map")
	on, off := jpsPair(t, bm)
	off.UseConeProbe(false)
	mv := ScenarioRequest(bm.scens[0], Octile, bm.w, bm.h).Mover
	on.PrepareLayer(mv)
	off.PrepareLayer(mv)
	sameCosts(t, bm, on, off, "with the cone")
	if c := on.Stats().ConeHits; c == 0 {
		t.Fatalf("the cone answered no search with it on (%d scenarios): the test shows nothing", len(bm.scens))
	}
	if st := off.Stats(); st.ConeHits != 0 || st.LineHits == 0 {
		t.Fatalf("cone off: %d searches answered by the cone, %d by the line probe (want 0 and some)", st.ConeHits, st.LineHits)
	}
}
