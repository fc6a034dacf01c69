package pathing

import (
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/world"
)

// TestJPSZeroAllocs: after warm-up a jump search allocates nothing: on
// the flat layer and on chunk scans, uniform and octile, without dynamics
// and with each way of asking for them.
func TestJPSZeroAllocs(t *testing.T) {
	f := testFixture(t)
	dyn, reqs := zeroAllocRequests(f)
	for _, d := range []movement.Dynamics{nil, dyn, occDyn{dyn}, rowsDyn{dyn}} {
		live := movement.NewRules(f.w.Map, f.w.Tiles, d)
		cache := f.newCache(t, live, stepcache.DefaultConfig(), true)
		s := NewJPS(cache, live)
		s.UseLineProbe(false)
		checkZeroAllocs(t, s, d, reqs, s.Find)
	}
}

// zeroAllocRequests are the searches the zero-alloc tests repeat (a walk
// across town, the causeway, a swim) and dynamics with one mobile beside
// the town centre.
func zeroAllocRequests(f *fixture) (*testDyn, []Request) {
	lm := f.w.Landmarks
	dyn := newTestDyn()
	dyn.addMobile(lm.TownCenter.X+3, lm.TownCenter.Y, movement.Mobile{ID: 5, Z: int8(lm.TownCenter.Z)})
	return dyn, []Request{
		{Start: lm.TownCenter.Point(), StartZ: lm.TownCenter.Z, Goal: world.Point{X: lm.TownCenter.X + 20, Y: lm.TownCenter.Y + 9}},
		{Start: lm.TownCenter.Point(), StartZ: lm.TownCenter.Z, Goal: lm.CausewayEnd.Point(), MaxNodes: 1 << 20},
		{Start: lm.OceanPoint.Point(), StartZ: lm.OceanPoint.Z, Goal: world.Point{X: lm.OceanPoint.X + 30, Y: lm.OceanPoint.Y - 17},
			Mover: movement.Mover{Caps: movement.CanSwim | movement.CantWalk}},
	}
}

// checkZeroAllocs runs every request under both cost models, on the flat
// layer and off it, through search (s's Find, or a stage around it): once
// to warm up, then counting its allocations (d names the dynamics).
func checkZeroAllocs(t *testing.T, s *JPS, d movement.Dynamics, reqs []Request, search func(*Request, *Result)) {
	t.Helper()
	for _, layerOff := range []bool{false, true} {
		s.opt.layerOff = layerOff
		for _, c := range []Cost{Uniform, Octile} {
			for i := range reqs {
				req := reqs[i]
				req.Cost = c
				var res Result
				r := req
				search(&r, &res)
				if !res.Found {
					t.Fatalf("dyn %T request %d: no path", d, i)
				}
				if a := testing.AllocsPerRun(20, func() { r = req; search(&r, &res) }); a != 0 {
					t.Errorf("dyn %T layer off %v cost %v request %d: %v allocs per search", d, layerOff, c, i, a)
				}
			}
		}
	}
}

// TestJPSMovingAIZeroAllocs: warm jump searches on a Moving AI map
// allocate nothing.
func TestJPSMovingAIZeroAllocs(t *testing.T) {
	bm := benchMapNamed(t, "brc202d.map")
	s := NewJPS(warmCache(t, bm, bm.rules), bm.rules)
	s.UseLineProbe(false)
	var res Result
	reqs := make([]Request, 0, 16)
	for k := 0; k < len(bm.scens); k += len(bm.scens) / 16 {
		reqs = append(reqs, ScenarioRequest(bm.scens[k], Octile, bm.w, bm.h))
	}
	for k := range reqs {
		r := reqs[k]
		s.Find(&r, &res)
	}
	k := 0
	if a := testing.AllocsPerRun(32, func() {
		r := reqs[k%len(reqs)]
		s.Find(&r, &res)
		k++
	}); a != 0 {
		t.Errorf("%s: %v allocs per warm search, want 0", bm.name, a)
	}
}
