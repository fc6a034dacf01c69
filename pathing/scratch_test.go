package pathing

import (
	"math/rand/v2"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/world"
)

// TestCachedScratchEquivalence: on a cold cache whose admission gate never
// builds (every chunk stays not built), the cache A* builds the chunks it
// keeps expanding for itself (bake.Scratch) and still gives the
// classic A*'s cost, found flag and expansions (heap queue) and valid paths,
// for random queries of every mover, half of them with obstacles on the
// classic path; every answer from its own chunks is verified against the
// live rules.
func TestCachedScratchEquivalence(t *testing.T) {
	f := testFixture(t)
	live := movement.NewRules(f.w.Map, f.w.Tiles, nil)
	cfg := verifyConfig()
	cfg.MissPromotionThreshold = 255
	cache := f.newCache(t, live, cfg, false)
	e := &equivRun{live: live, classic: NewClassic(live), heap: NewCached(cache, live), bucket: NewCached(cache, live)}
	e.heap.UseBucketQueue(false)
	e.heap.UseLineProbe(false)
	rng := rand.New(rand.NewPCG(7, 8))
	movers := equivMovers(f.w.Landmarks)
	n := equivQueries / 2
	for i := 0; i < n; i++ {
		mc := movers[i%len(movers)]
		e.live.Dyn = nil
		req := randomQuery(rng, e.live, mc)
		if i%2 == 1 {
			r := req
			e.classic.Find(&r, &e.rc)
			if e.rc.Found && len(e.rc.Dirs) >= 2 {
				dyn := newTestDyn()
				placeObstacles(rng, dyn, f.w.Landmarks, &r, &e.rc)
				req.Mover.Self = 7
				e.live.Dyn = occDyn{dyn}
			}
		}
		e.compare(t, mc.name, req)
	}
	e.live.Dyn = nil
	st, cst := e.heap.Stats(), cache.Stats()
	t.Logf("%d queries, %d found; heap finder %+v; cache built %d, verified %d", n, e.found, st, cst.Built, cst.Verified)
	if st.ScratchBuilds == 0 || st.ScratchNodes == 0 || e.bucket.Stats().ScratchNodes == 0 {
		t.Fatalf("no expansion was answered from the finder's own chunks: heap %+v, bucket %+v", st, e.bucket.Stats())
	}
	if cst.Built != 0 {
		t.Fatalf("the gate built %d chunks; the test wants none", cst.Built)
	}
	if cst.Mismatches != 0 {
		t.Fatalf("verify mode: %d mismatches, first %v", cst.Mismatches, cache.Mismatches()[0])
	}
	if cst.Verified == 0 {
		t.Fatal("verify mode checked nothing")
	}
}

// TestCachedScratchZeroAllocs: a search that answers from the finder's own
// chunks allocates nothing once they are built.
func TestCachedScratchZeroAllocs(t *testing.T) {
	f := testFixture(t)
	live := movement.NewRules(f.w.Map, f.w.Tiles, nil)
	cfg := stepcache.DefaultConfig()
	cfg.MissPromotionThreshold = 255
	cache := f.newCache(t, live, cfg, false)
	s := NewCached(cache, live)
	lm := f.w.Landmarks
	req := Request{Start: lm.TownCenter.Point(), StartZ: lm.TownCenter.Z, Goal: world.Point{X: lm.TownCenter.X + 40, Y: lm.TownCenter.Y + 25}}
	var res Result
	s.Find(&req, &res)
	if !res.Found || s.Stats().ScratchNodes == 0 {
		t.Fatalf("town search: found %v, stats %+v: no answer from the finder's own chunks", res.Found, s.Stats())
	}
	if a := testing.AllocsPerRun(20, func() { s.Find(&req, &res) }); a != 0 {
		t.Errorf("%v allocs per search", a)
	}
}
