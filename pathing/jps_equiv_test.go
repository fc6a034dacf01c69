package pathing

import (
	"context"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/gen"
	"github.com/shardcore/shardcore/world/source"
)

// equivWorld is a world the jump-search equivalence tests run on: its
// static rules, its baked chunks and the movers with their start spots.
type equivWorld struct {
	name   string
	live   *movement.Rules
	chunks []*chunk.Chunk
	wide   int
	movers []moverCase
	lm     gen.Landmarks // zero for client files
}

// defaultEquivWorld is the default world, movers starting at its landmarks.
func defaultEquivWorld(t *testing.T) *equivWorld {
	f := testFixture(t)
	return &equivWorld{name: "default", live: movement.NewRules(f.w.Map, f.w.Tiles, nil), chunks: f.chunks,
		wide: f.wide, movers: equivMovers(f.w.Landmarks), lm: f.w.Landmarks}
}

// EquivDirEnv names a folder of UO client files (map SHARDCORE_EQUIV_MAP,
// default 0) the jump-search equivalence tests also run on when set, e.g.
// a Britannia-class map: `SHARDCORE_EQUIV_DIR=DIR go test ./pathing -run
// JPSEquivalence`.
const EquivDirEnv = "SHARDCORE_EQUIV_DIR"

// extraEquivWorld loads the world EquivDirEnv names (skipping when unset),
// bakes it and picks start spots for every mover at random standing cells.
func extraEquivWorld(t *testing.T) *equivWorld {
	dir := os.Getenv(EquivDirEnv)
	if dir == "" {
		t.Skip("set " + EquivDirEnv + " to a folder of client files to run the equivalence tests on that world")
	}
	id, _ := strconv.Atoi(os.Getenv("SHARDCORE_EQUIV_MAP"))
	w, err := source.Load(context.Background(), source.Spec{DataDir: dir, MapID: world.MapID(id)})
	if err != nil {
		t.Fatal(err)
	}
	live := movement.NewRules(w.Map, w.Tiles, nil)
	chunks, err := bake.BuildMap(context.Background(), live, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	wide, _ := chunk.Grid(w.Map.Width, w.Map.Height)
	rng := rand.New(rand.NewPCG(5, 6))
	land := sampleStarts(rng, live, movement.Mover{}, 64)
	sea := sampleStarts(rng, live, movement.Mover{Caps: movement.CanSwim | movement.CantWalk}, 16)
	movers := equivMovers(gen.Landmarks{})
	for i := range movers {
		switch movers[i].name {
		case "swimmer":
			movers[i].starts = sea
		case "amphibian":
			movers[i].starts = append(append([]gen.Spot{}, land...), sea...)
		default:
			movers[i].starts = land
		}
		if len(movers[i].starts) == 0 {
			t.Fatalf("%s: no start spots for %s", dir, movers[i].name)
		}
	}
	return &equivWorld{name: dir, live: live, chunks: chunks, wide: wide, movers: movers}
}

// sampleStarts picks up to n random cells where mv stands (at the cell's
// primary Z) and can take a step.
func sampleStarts(rng *rand.Rand, r *movement.Rules, mv movement.Mover, n int) []gen.Spot {
	var out []gen.Spot
	var zs []int
	for try := 0; try < n*400 && len(out) < n; try++ {
		x, y := rng.IntN(r.Map.Width), rng.IntN(r.Map.Height)
		var z int
		zs, z = bake.StandingZs(r, x, y, zs[:0])
		for d := movement.Dir(0); d < 8; d++ {
			if _, ok := r.CheckMovement(mv, x, y, z, d); ok {
				out = append(out, gen.Spot{X: x, Y: y, Z: z})
				break
			}
		}
	}
	return out
}

// jpsRun holds the searchers a jump-search equivalence test compares: the
// classic A* and the jump search on the flat layer and on chunk scans.
type jpsRun struct {
	live          *movement.Rules
	cache         *stepcache.Cache
	classic       *Classic
	layer, chunks *JPS
	rc, rl, rk    Result
	found, cut    int
}

func newJPSRun(t *testing.T, w *equivWorld) *jpsRun {
	live := w.live.Clone()
	cfg := verifyConfig()
	cfg.MaxResidentChunks = len(w.chunks)
	cache, err := stepcache.New(cfg, bake.Shared, live)
	if err != nil {
		t.Fatal(err)
	}
	for i, ch := range w.chunks {
		if err := cache.Install(live.Map.ID, i%w.wide, i/w.wide, ch); err != nil {
			t.Fatal(err)
		}
	}
	e := &jpsRun{live: live, cache: cache, classic: NewClassic(live), layer: NewJPS(cache, live), chunks: NewJPS(cache, live)}
	e.chunks.layerOff = true
	e.chunks.UseLineProbe(false)
	return e
}

// compare runs req on the three searchers and fails on any difference in
// found or cost (unless the classic search ran out of nodes) or any path
// the live rules refuse.
func (e *jpsRun) compare(t *testing.T, what string, req Request) {
	t.Helper()
	r1, r2, r3 := req, req, req
	e.classic.Find(&r1, &e.rc)
	e.layer.Find(&r2, &e.rl)
	e.chunks.Find(&r3, &e.rk)
	if !e.rc.Found && e.rc.Expansions >= req.MaxNodes {
		e.cut++
	} else {
		for _, r := range []struct {
			name string
			res  *Result
		}{{"layer", &e.rl}, {"chunks", &e.rk}} {
			if r.res.Found != e.rc.Found || math.Abs(r.res.Cost-e.rc.Cost) > 1e-9 {
				t.Fatalf("%s %+v: classic found=%v cost=%v exp=%d, jps %s found=%v cost=%v exp=%d",
					what, req, e.rc.Found, e.rc.Cost, e.rc.Expansions, r.name, r.res.Found, r.res.Cost, r.res.Expansions)
			}
		}
	}
	if e.rc.Found {
		e.found++
		checkPath(t, what+" classic", e.live, &r1, &e.rc)
	}
	if e.rl.Found {
		checkPath(t, what+" jps layer", e.live, &r2, &e.rl)
	}
	if e.rk.Found {
		checkPath(t, what+" jps chunks", e.live, &r3, &e.rk)
	}
}

// done checks the cache verified hits without a mismatch and the searches
// met no anomaly, and logs what they did.
func (e *jpsRun) done(t *testing.T, n int) {
	t.Helper()
	st := e.cache.Stats()
	if st.Mismatches != 0 {
		t.Errorf("verify mode: %d mismatches, first %v", st.Mismatches, e.cache.Mismatches()[0])
	}
	for _, s := range []*JPS{e.layer, e.chunks} {
		if a := s.Stats().Anomalies; a != 0 {
			t.Errorf("%d rays left the resident chunks", a)
		}
	}
	t.Logf("%d queries, %d found, %d cut by the node budget; layer %+v; chunks %+v", n, e.found, e.cut, e.layer.Stats(), e.chunks.Stats())
	if e.found < n/3 {
		t.Errorf("only %d of %d queries found a path: the generator is off", e.found, n)
	}
}

// runJPSEquivalence compares random queries of every mover, each under
// both cost models.
func runJPSEquivalence(t *testing.T, w *equivWorld, n int) {
	e := newJPSRun(t, w)
	rng := rand.New(rand.NewPCG(11, 12))
	for i := 0; i < n; i++ {
		mc := w.movers[i%len(w.movers)]
		req := randomQuery(rng, e.live, mc)
		for _, c := range []Cost{Uniform, Octile} {
			req.Cost = c
			e.compare(t, mc.name, req)
		}
	}
	e.done(t, 2*n)
	if e.layer.Stats().JumpNodes == 0 || e.chunks.Stats().JumpNodes == 0 {
		t.Error("no jump node: the canonical maps are empty")
	}
}

// TestJPSEquivalence: random queries for every mover on the default world
// (static world and its house multis): the jump search (flat layer and
// chunk scans) finds what the classic A* finds at its cost, uniform and
// octile, on paths the live rules accept, every cache hit verified.
func TestJPSEquivalence(t *testing.T) {
	runJPSEquivalence(t, defaultEquivWorld(t), equivQueries/2)
}

// TestJPSEquivalenceExtraWorld is TestJPSEquivalence on the client files
// EquivDirEnv names.
func TestJPSEquivalenceExtraWorld(t *testing.T) {
	runJPSEquivalence(t, extraEquivWorld(t), equivQueries/2)
}

// rowsDyn adds OccupancyRows to testDyn.
type rowsDyn struct{ *testDyn }

func (d rowsDyn) OccupiedRows(_ world.MapID, cx, cy int, rows *[chunk.Size]uint16) bool {
	any := false
	for k, v := range d.items {
		if len(v) > 0 && k.x>>4 == cx && k.y>>4 == cy {
			rows[k.y&15] |= 1 << (k.x & 15)
			any = true
		}
	}
	for k, v := range d.mobs {
		if len(v) > 0 && k.x>>4 == cx && k.y>>4 == cy {
			rows[k.y&15] |= 1 << (k.x & 15)
			any = true
		}
	}
	return any
}

// runJPSEquivalenceDynamics places doors, mobiles, fields, movable
// blockers and surface items on each classic path (placeObstacles) and
// compares again, through each of the three ways the search learns where
// dynamics are (ItemsAt/MobilesAt, Occupancy, OccupancyRows).
func runJPSEquivalenceDynamics(t *testing.T, w *equivWorld, n int) {
	e := newJPSRun(t, w)
	rng := rand.New(rand.NewPCG(13, 14))
	placed := 0
	for i := 0; i < n; i++ {
		mc := w.movers[i%len(w.movers)]
		e.live.Dyn = nil
		req := randomQuery(rng, e.live, mc)
		r := req
		e.classic.Find(&r, &e.rc)
		if !e.rc.Found || len(e.rc.Dirs) < 2 {
			continue
		}
		dyn := newTestDyn()
		placeObstacles(rng, dyn, w.lm, &r, &e.rc)
		req.Mover.Self = 7
		switch i % 3 {
		case 0:
			e.live.Dyn = dyn
		case 1:
			e.live.Dyn = occDyn{dyn}
		default:
			e.live.Dyn = rowsDyn{dyn}
		}
		for _, c := range []Cost{Uniform, Octile} {
			req.Cost = c
			e.compare(t, mc.name+" dyn", req)
		}
		placed++
	}
	e.live.Dyn = nil
	e.done(t, 2*placed)
	if placed < n/2 || e.layer.Stats().DynamicHits == 0 {
		t.Errorf("placed %d of %d, dynamic steps %d: the dynamic pass was not exercised", placed, n, e.layer.Stats().DynamicHits)
	}
}

// TestJPSEquivalenceDynamics: with doors closed, mobiles, fields, movable
// blockers and surface items on each classic path, the jump search still
// finds the classic A*'s cost, uniform and octile, on valid paths.
func TestJPSEquivalenceDynamics(t *testing.T) {
	runJPSEquivalenceDynamics(t, defaultEquivWorld(t), equivQueries/4)
}

// TestJPSEquivalenceDynamicsExtraWorld is TestJPSEquivalenceDynamics on the
// client files EquivDirEnv names.
func TestJPSEquivalenceDynamicsExtraWorld(t *testing.T) {
	runJPSEquivalenceDynamics(t, extraEquivWorld(t), equivQueries/2)
}
