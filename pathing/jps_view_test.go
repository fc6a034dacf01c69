package pathing

import (
	"math"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/gen"
)

// viewRun is a jpsRun plus the jump search and the cache A* through their
// own read-only views of the run's cache, each search between the owner's
// Ready and Merge as the shard's search workers run.
type viewRun struct {
	*jpsRun
	jv, jvLayer *JPS
	cv          *Cached
	views       []*stepcache.View
	rv, rvl, rc Result
}

func newViewRun(t *testing.T, w *equivWorld) *viewRun {
	e := &viewRun{jpsRun: newJPSRun(t, w)}
	e.jv, e.jvLayer, e.cv = NewJPS(e.cache, e.live), NewJPS(e.cache, e.live), NewCached(e.cache, e.live)
	e.jv.opt.layerOff = true
	e.jv.UseLineProbe(false)
	for _, use := range []func(*stepcache.View){e.jv.UseView, e.jvLayer.UseView, e.cv.UseView} {
		v := e.cache.NewView()
		use(v)
		e.views = append(e.views, v)
	}
	return e
}

// compare runs req on the classic A*, then on the view finders in one
// stage, and fails on a difference in found or cost (unless the classic
// search ran out of nodes) or a path the live rules refuse.
func (e *viewRun) compare(t *testing.T, what string, req Request) {
	t.Helper()
	r0, r1, r2, r3 := req, req, req, req
	e.classic.Find(&r0, &e.jpsRun.rc)
	e.cache.Ready()
	e.jv.Find(&r1, &e.rv)
	e.jvLayer.Find(&r2, &e.rvl)
	e.cv.Find(&r3, &e.rc)
	for _, v := range e.views {
		e.cache.Merge(v)
	}
	want := &e.jpsRun.rc
	if !want.Found && want.Expansions >= req.MaxNodes {
		e.cut++
		return
	}
	for _, r := range []struct {
		name string
		req  *Request
		res  *Result
	}{{"jps view chunks", &r1, &e.rv}, {"jps view layer", &r2, &e.rvl}, {"cache A* view", &r3, &e.rc}} {
		if r.res.Found != want.Found || math.Abs(r.res.Cost-want.Cost) > 1e-9 {
			t.Fatalf("%s %+v: classic found=%v cost=%v exp=%d, %s found=%v cost=%v exp=%d",
				what, req, want.Found, want.Cost, want.Expansions, r.name, r.res.Found, r.res.Cost, r.res.Expansions)
		}
		if r.res.Found {
			checkPath(t, what+" "+r.name, e.live, r.req, r.res)
		}
	}
	if want.Found {
		e.found++
	}
}

// runJPSViewEquivalence is runJPSEquivalence (dyn false) or
// runJPSEquivalenceDynamics (dyn true) through views.
func runJPSViewEquivalence(t *testing.T, w *equivWorld, n int, dyn bool) {
	e := newViewRun(t, w)
	rng := rand.New(rand.NewPCG(21, 22))
	asked := 0
	for i := 0; i < n; i++ {
		mc := w.movers[i%len(w.movers)]
		e.live.Dyn = nil
		req := randomQuery(rng, e.live, mc)
		if dyn {
			r := req
			e.classic.Find(&r, &e.jpsRun.rc)
			if !e.jpsRun.rc.Found || len(e.jpsRun.rc.Dirs) < 2 {
				continue
			}
			d := newTestDyn()
			placeObstacles(rng, d, w.lm, &r, &e.jpsRun.rc)
			req.Mover.Self = 7
			e.live.Dyn = []movement.Dynamics{d, occDyn{d}, rowsDyn{d}}[i%3]
		}
		for _, c := range []Cost{Uniform, Octile} {
			req.Cost = c
			e.compare(t, mc.name, req)
			asked++
		}
	}
	e.live.Dyn = nil
	st := e.cache.Stats()
	if st.Mismatches != 0 {
		t.Errorf("verify mode: %d mismatches", st.Mismatches)
	}
	js := e.jv.Stats()
	t.Logf("%d queries, %d found, %d cut; jps view chunks %+v", asked, e.found, e.cut, js)
	if e.found < asked/3 || js.JumpNodes == 0 || e.jvLayer.Stats().JumpNodes == 0 || js.Anomalies != 0 {
		t.Errorf("found %d of %d, jump nodes %d/%d, anomalies %d", e.found, asked, js.JumpNodes, e.jvLayer.Stats().JumpNodes, js.Anomalies)
	}
	if dyn && js.DynamicHits == 0 {
		t.Error("the dynamic pass was not exercised")
	}
}

// TestJPSViewEquivalence: through read-only views the jump search (chunk
// scans and flat layer) and the cache A* find the classic A*'s cost on
// the default world, uniform and octile, on paths the live rules accept.
func TestJPSViewEquivalence(t *testing.T) {
	runJPSViewEquivalence(t, defaultEquivWorld(t), equivQueries/4, false)
}

// TestJPSViewEquivalenceDynamics: the same with doors, mobiles and items
// on the classic paths.
func TestJPSViewEquivalenceDynamics(t *testing.T) {
	runJPSViewEquivalence(t, defaultEquivWorld(t), equivQueries/8, true)
}

// TestJPSViewEquivalenceExtraWorld is TestJPSViewEquivalence (static and
// with dynamics) on the client files EquivDirEnv names.
func TestJPSViewEquivalenceExtraWorld(t *testing.T) {
	w := extraEquivWorld(t)
	runJPSViewEquivalence(t, w, equivQueries/4, false)
	runJPSViewEquivalence(t, w, equivQueries/4, true)
}

// townRequests is every ordered pair of w's towns as a player's request.
func townRequests(towns []world.Point, zs []int) []Request {
	var reqs []Request
	for i := range towns {
		for j := range towns {
			if i != j {
				reqs = append(reqs, Request{Start: towns[i], StartZ: zs[i], Goal: towns[j],
					Mover: movement.Mover{Caps: movement.Player}, MaxNodes: 1 << 20})
			}
		}
	}
	return reqs
}

// TestJPSViewBritannia: on a britannia map 0 whose chunks become resident
// as searches miss them (at Merge), the jump search through a view finds
// the classic A*'s and the cache A*'s cost between every pair of towns,
// both cost models, while the resident set grows under it; then again with
// mobiles, fields and items placed on the classic paths.
func TestJPSViewBritannia(t *testing.T) {
	w, live, cache := felucca(t, 520, 392)
	var towns []world.Point
	var zs []int
	for _, tw := range w.Features.Towns {
		towns, zs = append(towns, tw.Street.Point()), append(zs, tw.Street.Z)
	}
	classic, cached, jps := NewClassic(live), NewCached(cache, live), NewJPS(cache, live)
	v := cache.NewView()
	jps.UseView(v)
	rng := rand.New(rand.NewPCG(23, 24))
	dynHits := 0
	for _, dyn := range []bool{false, true} {
		for _, c := range []Cost{Uniform, Octile} {
			for k, req := range townRequests(towns, zs) {
				req.Cost = c
				var a, b, d Result
				live.Dyn = nil
				if dyn {
					if k%3 != 0 {
						continue
					}
					r := req
					classic.Find(&r, &a)
					if !a.Found || len(a.Dirs) < 2 {
						continue
					}
					td := newTestDyn()
					placeObstacles(rng, td, gen.Landmarks{}, &r, &a)
					req.Mover.Self = 7
					live.Dyn = rowsDyn{td}
				}
				r1, r2, r3 := req, req, req
				classic.Find(&r1, &a)
				cache.Ready()
				jps.Find(&r2, &b)
				cache.Merge(v)
				cached.Find(&r3, &d)
				if a.Found != b.Found || a.Found != d.Found || a.Found && (math.Abs(a.Cost-b.Cost) > 1e-9 || math.Abs(a.Cost-d.Cost) > 1e-9) {
					t.Fatalf("%v -> %v cost %v dyn %v: classic %v %v, jps view %v %v, cache A* %v %v", req.Start, req.Goal, c, dyn, a.Found, a.Cost, b.Found, b.Cost, d.Found, d.Cost)
				}
				if b.Found {
					checkPath(t, "jps view", live, &r2, &b)
				}
			}
		}
		if dyn {
			dynHits = jps.Stats().DynamicHits
		}
	}
	live.Dyn = nil
	if st := jps.Stats(); st.JumpNodes == 0 || st.Anomalies != 0 || cache.Stats().Resident == 0 || dynHits == 0 {
		t.Fatalf("jump nodes %d anomalies %d resident %d dynamic steps %d", st.JumpNodes, st.Anomalies, cache.Stats().Resident, dynHits)
	}
}

// TestJPSViewConcurrent: goroutines search at once through their own
// views (run with -race), stage after stage with the resident set growing
// at each Merge, and every search finds the classic A*'s cost.
func TestJPSViewConcurrent(t *testing.T) {
	w, live, cache := felucca(t, 520, 392)
	var towns []world.Point
	var zs []int
	for _, tw := range w.Features.Towns {
		towns, zs = append(towns, tw.Street.Point()), append(zs, tw.Street.Z)
	}
	reqs := townRequests(towns, zs)
	want := make([]Result, len(reqs))
	classic := NewClassic(live)
	for i := range reqs {
		r := reqs[i]
		classic.Find(&r, &want[i])
	}
	const workers = 3
	finders, views := make([]*JPS, workers), make([]*stepcache.View, workers)
	for k := range finders {
		finders[k], views[k] = NewJPS(cache, live.Clone()), cache.NewView() // rules keep scratch: one per goroutine
		finders[k].UseView(views[k])
	}
	for stage := 0; stage < 3; stage++ {
		cache.Ready()
		var wg sync.WaitGroup
		for k := range finders {
			wg.Add(1)
			go func(k int) {
				defer wg.Done()
				var res Result
				for i := k + stage; i < len(reqs); i += 2 { // overlapping shares
					r := reqs[i]
					finders[k].Find(&r, &res)
					if res.Found != want[i].Found || res.Found && math.Abs(res.Cost-want[i].Cost) > 1e-9 {
						t.Errorf("stage %d worker %d request %d: found %v cost %v, classic %v %v", stage, k, i, res.Found, res.Cost, want[i].Found, want[i].Cost)
						return
					}
				}
			}(k)
		}
		wg.Wait()
		for _, v := range views {
			cache.Merge(v)
		}
	}
	if cache.Stats().Resident == 0 {
		t.Fatal("no chunk became resident")
	}
}

// TestJPSViewZeroAllocs: after warm-up a jump search through a view
// allocates nothing, stage (Ready, search, Merge) after stage, with and
// without dynamics.
func TestJPSViewZeroAllocs(t *testing.T) {
	f := testFixture(t)
	dyn, reqs := zeroAllocRequests(f)
	for _, d := range []movement.Dynamics{nil, rowsDyn{dyn}} {
		live := movement.NewRules(f.w.Map, f.w.Tiles, d)
		cache := f.newCache(t, live, stepcache.DefaultConfig(), true)
		s := NewJPS(cache, live)
		v := cache.NewView()
		s.UseView(v)
		s.UseLineProbe(false)
		checkZeroAllocs(t, s, d, reqs, func(r *Request, res *Result) {
			cache.Ready()
			s.Find(r, res)
			cache.Merge(v)
		})
	}
}
