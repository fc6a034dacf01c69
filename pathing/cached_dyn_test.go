package pathing

import (
	"math/rand/v2"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/gen"
)

// placeObstacles fills dyn with the world's doors closed and, along the
// classic path res of req, a closed door, a blocking mobile, a spell field,
// a movable blocker, a dead and a hidden-staff mobile, a surface item beside
// the path, a mobile on the goal and the mover itself on the start.
func placeObstacles(rng *rand.Rand, dyn *testDyn, lm gen.Landmarks, req *Request, res *Result) {
	for _, d := range lm.DoorSpecs {
		dyn.addItem(d.At.X, d.At.Y, movement.Item{ID: d.ID, Z: d.Z})
	}
	x, y := req.Start.X, req.Start.Y
	cells := make([][3]int, 0, len(res.Dirs))
	for i, d := range res.Dirs {
		dx, dy := d.Offset()
		x, y = x+dx, y+dy
		cells = append(cells, [3]int{x, y, int(res.Zs[i])})
	}
	pick := func() [3]int { return cells[rng.IntN(len(cells))] }
	c := pick()
	dyn.addItem(c[0], c[1], movement.Item{ID: gen.ItemWoodenDoor, Z: int8(c[2])})
	c = pick()
	dyn.addMobile(c[0], c[1], movement.Mobile{ID: 100, Z: int8(c[2])})
	c = pick()
	dyn.addItem(c[0], c[1], movement.Item{ID: gen.ItemEnergyField, Z: int8(c[2])})
	c = pick()
	dyn.addItem(c[0], c[1], movement.Item{ID: gen.ItemTree, Z: int8(c[2]), Movable: true})
	c = pick()
	dyn.addMobile(c[0], c[1], movement.Mobile{ID: 101, Z: int8(c[2]), Dead: true})
	c = pick()
	dyn.addMobile(c[0], c[1], movement.Mobile{ID: 102, Z: int8(c[2]), HiddenStaff: true})
	c = pick()
	side := movement.Dir(rng.IntN(8))
	dx, dy := side.Offset()
	dyn.addItem(c[0]+dx, c[1]+dy, movement.Item{ID: gen.ItemBridgePlank, Z: int8(c[2] - 2)})
	dyn.addMobile(req.Goal.X, req.Goal.Y, movement.Mobile{ID: 103, Z: int8(cells[len(cells)-1][2])})
	dyn.addMobile(req.Start.X, req.Start.Y, movement.Mobile{ID: 7, Z: int8(req.StartZ)})
}

// TestCachedEquivalenceDynamics: with doors closed, mobiles, fields, movable
// blockers and surface items placed on each classic path, cache A* and
// classic A* still agree on cost, found and expansions, and both paths are
// valid under the live rules with those dynamics.
func TestCachedEquivalenceDynamics(t *testing.T) {
	f := testFixture(t)
	e, done := newEquivRun(t, f)
	defer done()
	rng := rand.New(rand.NewPCG(3, 4))
	movers := equivMovers(f.w.Landmarks)
	n, placed := equivQueries/2, 0
	for i := 0; i < n; i++ {
		mc := movers[i%len(movers)]
		e.live.Dyn = nil
		req := randomQuery(rng, e.live, mc)
		r := req
		e.classic.Find(&r, &e.rc)
		if !e.rc.Found || len(e.rc.Dirs) < 2 {
			continue
		}
		dyn := newTestDyn()
		placeObstacles(rng, dyn, f.w.Landmarks, &r, &e.rc)
		req.Mover.Self = 7
		if i%2 == 0 {
			e.live.Dyn = occDyn{dyn}
		} else {
			e.live.Dyn = dyn
		}
		e.compare(t, mc.name+" dyn", req)
		placed++
	}
	st := e.heap.Stats()
	t.Logf("%d queries with obstacles", placed)
	if placed < n/2 || st.DynamicSteps == 0 || st.DynamicProbes == 0 {
		t.Errorf("placed %d of %d, dynamic steps %d, probes %d: the dynamic pass was not exercised", placed, n, st.DynamicSteps, st.DynamicProbes)
	}
}

// TestCachedColdGate: on an empty cache with the default admission gate the
// first search falls through (not built) and matches classic; repeating it
// a visit later (MissVisitMs) promotes the chunks and later searches hit.
func TestCachedColdGate(t *testing.T) {
	f := testFixture(t)
	live := movement.NewRules(f.w.Map, f.w.Tiles, nil)
	cfg := stepcache.DefaultConfig()
	cache := f.newCache(t, live, cfg, false)
	s, classic := NewCached(cache, live), NewClassic(live)
	lm := f.w.Landmarks
	req := Request{Start: lm.TownCenter.Point(), StartZ: lm.TownCenter.Z, Goal: world.Point{X: lm.TownCenter.X + 8, Y: lm.TownCenter.Y + 3}}
	var rc, rs Result
	r := req
	classic.Find(&r, &rc)
	for i := 0; i < 3; i++ {
		r := req
		r.NowMs = int64(i) * stepcache.DefaultMissVisitMs
		s.Find(&r, &rs)
		if rs.Found != rc.Found || rs.Cost != rc.Cost {
			t.Fatalf("search %d: cache found=%v cost=%v, classic found=%v cost=%v", i, rs.Found, rs.Cost, rc.Found, rc.Cost)
		}
		switch {
		case i == 0 && (rs.Lookups[chunk.FallNotBuilt] == 0 || rs.Lookups[chunk.Hit] != 0):
			t.Fatalf("first search: lookups %v, want only not-built", rs.Lookups)
		case i == 2 && rs.Lookups[chunk.Hit] != rs.Expansions:
			t.Fatalf("third search: %d hits of %d expansions, want all", rs.Lookups[chunk.Hit], rs.Expansions)
		}
	}
	if st := cache.Stats(); st.Gate.NotAdmitted == 0 || st.Built == 0 {
		t.Fatalf("gate never deferred or built: %+v", st)
	}
}

// TestCachedZeroAllocs: after warm-up a search allocates nothing, with and
// without dynamics, on either queue.
func TestCachedZeroAllocs(t *testing.T) {
	f := testFixture(t)
	lm := f.w.Landmarks
	dyn := newTestDyn()
	dyn.addMobile(lm.TownCenter.X+3, lm.TownCenter.Y, movement.Mobile{ID: 5, Z: int8(lm.TownCenter.Z)})
	for _, d := range []movement.Dynamics{nil, occDyn{dyn}, dyn} {
		live := movement.NewRules(f.w.Map, f.w.Tiles, d)
		cache := f.newCache(t, live, stepcache.DefaultConfig(), true)
		s := NewCached(cache, live)
		for _, bucket := range []bool{false, true} {
			s.UseBucketQueue(bucket)
			req := Request{Start: lm.TownCenter.Point(), StartZ: lm.TownCenter.Z, Goal: world.Point{X: lm.TownCenter.X + 20, Y: lm.TownCenter.Y + 9}}
			var res Result
			s.Find(&req, &res)
			if !res.Found {
				t.Fatal("no path in town")
			}
			if a := testing.AllocsPerRun(50, func() { s.Find(&req, &res) }); a != 0 {
				t.Errorf("dyn %T bucket %v: %v allocs per search", d, bucket, a)
			}
		}
	}
}
