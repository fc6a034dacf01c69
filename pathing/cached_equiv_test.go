package pathing

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/gen"
)

// moverCase is a mover of the equivalence test and where its walks start.
type moverCase struct {
	name   string
	caps   movement.Caps
	starts []gen.Spot
}

func equivMovers(lm gen.Landmarks) []moverCase {
	land := []gen.Spot{lm.TownCenter, lm.TownGate, lm.BridgeWest, lm.BridgeDeck, lm.Bridge2Deck,
		lm.CausewayStart, lm.SewerStart, lm.SewerMid, lm.SewerEntrance, lm.HouseDoor, lm.HouseInside,
		lm.UpperFloor, lm.StairBottom, lm.StairTop, lm.OpenGrass, lm.HillPoint, lm.Forest}
	sea := []gen.Spot{lm.OceanPoint, {X: lm.BridgeDeck.X, Y: lm.BridgeDeck.Y, Z: gen.WaterZ},
		{X: lm.Bridge2Deck.X, Y: lm.Bridge2Deck.Y, Z: gen.WaterZ}}
	return []moverCase{
		{"creature", 0, land},
		{"player", movement.Player, land},
		{"swimmer", movement.CanSwim | movement.CantWalk, sea},
		{"amphibian", movement.CanSwim, append(append([]gen.Spot{}, land...), sea...)},
		{"door-opener", movement.CanOpenDoors, land},
		{"staff", movement.Player | movement.Staff, land},
		{"dead", movement.Dead, land},
		{"over-obstacles", movement.CanMoveOverObstacles, land},
	}
}

// walk takes up to n random steps from (x, y, z) under r and returns where
// it ends, always at a standing Z.
func walk(rng *rand.Rand, r *movement.Rules, mv movement.Mover, x, y, z, n int) (int, int, int) {
	for i := 0; i < n; i++ {
		d := movement.Dir(rng.IntN(8))
		if nz, ok := r.CheckMovement(mv, x, y, z, d); ok {
			dx, dy := d.Offset()
			x, y, z = x+dx, y+dy, nz
		}
	}
	return x, y, z
}

// randomQuery makes a request for mc: a random walk from a landmark gives
// the start (at a standing Z); the goal is a further walk (mostly
// reachable) or a random cell nearby (often not).
func randomQuery(rng *rand.Rand, r *movement.Rules, mc moverCase) Request {
	mv := movement.Mover{Caps: mc.caps}
	sp := mc.starts[rng.IntN(len(mc.starts))]
	x, y, z := walk(rng, r, mv, sp.X, sp.Y, sp.Z, rng.IntN(120))
	req := Request{Start: world.Point{X: x, Y: y}, StartZ: z, Mover: mv, MaxNodes: 3000}
	if rng.IntN(4) == 0 {
		req.Goal = world.Point{X: x + rng.IntN(61) - 30, Y: y + rng.IntN(61) - 30}
	} else {
		gx, gy, _ := walk(rng, r, mv, x, y, z, 1+rng.IntN(60))
		req.Goal = world.Point{X: gx, Y: gy}
	}
	if rng.IntN(4) == 0 {
		req.Cost = Octile
	}
	if rng.IntN(5) == 0 {
		req.Range = 1
	}
	return req
}

// equivRun holds the three searchers an equivalence test compares.
type equivRun struct {
	live       *movement.Rules
	classic    *Classic
	heap       *Cached
	bucket     *Cached
	rc, rh, rb Result
	found      int
}

// compare runs req on all three searchers and fails on any difference.
func (e *equivRun) compare(t *testing.T, what string, req Request) {
	t.Helper()
	r1, r2, r3 := req, req, req
	e.classic.Find(&r1, &e.rc)
	e.heap.Find(&r2, &e.rh)
	e.bucket.Find(&r3, &e.rb)
	if e.rc.Found != e.rh.Found || math.Abs(e.rc.Cost-e.rh.Cost) > 1e-9 || e.rc.Expansions != e.rh.Expansions {
		t.Fatalf("%s %+v: classic found=%v cost=%v exp=%d, cache found=%v cost=%v exp=%d",
			what, req, e.rc.Found, e.rc.Cost, e.rc.Expansions, e.rh.Found, e.rh.Cost, e.rh.Expansions)
	}
	cut := func(r *Result) bool { return !r.Found && r.Expansions >= req.MaxNodes }
	if !cut(&e.rc) && !cut(&e.rb) && (e.rc.Found != e.rb.Found || math.Abs(e.rc.Cost-e.rb.Cost) > 1e-9) {
		t.Fatalf("%s %+v: classic found=%v cost=%v, bucket found=%v cost=%v",
			what, req, e.rc.Found, e.rc.Cost, e.rb.Found, e.rb.Cost)
	}
	if e.rc.Found {
		e.found++
		checkPath(t, what+" classic", e.live, &r1, &e.rc)
		checkPath(t, what+" cache", e.live, &r2, &e.rh)
	}
	if e.rb.Found {
		checkPath(t, what+" bucket", e.live, &r3, &e.rb)
	}
}

func newEquivRun(t *testing.T, f *fixture) (*equivRun, func()) {
	live := movement.NewRules(f.w.Map, f.w.Tiles, nil)
	cache := f.newCache(t, live, verifyConfig(), true)
	e := &equivRun{live: live, classic: NewClassic(live), heap: NewCached(cache, live), bucket: NewCached(cache, live)}
	e.heap.UseBucketQueue(false)
	e.heap.UseLineProbe(false)
	done := func() {
		st := cache.Stats()
		if st.Mismatches != 0 {
			t.Errorf("verify mode: %d mismatches, first %v", st.Mismatches, cache.Mismatches()[0])
		}
		if st.Verified == 0 {
			t.Error("verify mode checked no hits")
		}
		t.Logf("cache: %d lookups, hit ratio %.3f, verified %d; heap finder %+v; bucket finder %+v",
			st.Lookups(), st.HitRatio(), st.Verified, e.heap.Stats(), e.bucket.Stats())
	}
	return e, done
}

// TestCachedEquivalence: random queries for every mover on the default world
// (static world plus its house multis) give the classic A*'s cost, found
// flag and expansion count, and valid paths, with every cache hit verified.
func TestCachedEquivalence(t *testing.T) {
	f := testFixture(t)
	e, done := newEquivRun(t, f)
	defer done()
	rng := rand.New(rand.NewPCG(1, 2))
	movers := equivMovers(f.w.Landmarks)
	n := equivQueries
	for i := 0; i < n; i++ {
		mc := movers[i%len(movers)]
		e.compare(t, mc.name, randomQuery(rng, e.live, mc))
	}
	t.Logf("%d queries, %d found", n, e.found)
	if e.bucket.Stats().LineHits == 0 {
		t.Error("the straight-line fast path never answered")
	}
	if e.found < n/2 {
		t.Errorf("only %d of %d queries found a path: the generator is off", e.found, n)
	}
}
