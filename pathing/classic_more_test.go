package pathing

import (
	"math"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/world"
)

// mobs is a Dynamics with mobiles only.
type mobs map[world.Point][]movement.Mobile

func (m mobs) ItemsAt(_ world.MapID, _, _ int, dst []movement.Item) []movement.Item { return dst }
func (m mobs) MobilesAt(_ world.MapID, x, y int, dst []movement.Mobile) []movement.Mobile {
	return append(dst, m[world.Point{X: x, Y: y}]...)
}

// TestClassicGoalMobile: a mobile on the goal cell does not block (the
// searcher sets the mover's goal), one in a corridor does.
func TestClassicGoalMobile(t *testing.T) {
	base := gridWorld(t,
		"..........",
		"##########",
	)
	dyn := mobs{{X: 5, Y: 0}: {{ID: 7, Z: 0}}}
	r := movement.NewRules(base.Map, base.Tiles, dyn)
	s := NewClassic(r)
	var res Result
	req := Request{Start: world.Point{X: 0, Y: 0}, Goal: world.Point{X: 5, Y: 0}}
	s.Find(&req, &res)
	if !res.Found || res.Cost != 5 {
		t.Fatalf("to the mobile's cell: found=%v cost=%v, want 5", res.Found, res.Cost)
	}
	if !req.Mover.HasGoal || req.Mover.Goal != req.Goal {
		t.Errorf("mover goal not set from the request: %+v", req.Mover)
	}
	req = Request{Start: world.Point{X: 0, Y: 0}, Goal: world.Point{X: 9, Y: 0}}
	s.Find(&req, &res)
	if res.Found {
		t.Fatal("walked through a mobile in a one-cell corridor")
	}
}

// TestClassicRangeEndsInRange: with Range > 0 the path stops on the first
// cell within range, at the optimal cost to that square, and is valid.
func TestClassicRangeEndsInRange(t *testing.T) {
	r := gridWorld(t,
		"..........",
		"..........",
		"..........",
		"..........",
	)
	s := NewClassic(r)
	var res Result
	for _, c := range []struct {
		rng  int
		cost Cost
		want float64
	}{{0, Octile, 7 + 2*math.Sqrt2}, {1, Octile, 7 + math.Sqrt2}, {3, Uniform, 6}, {20, Uniform, 0}} {
		req := Request{Start: world.Point{X: 0, Y: 0}, Goal: world.Point{X: 9, Y: 2}, Range: c.rng, Cost: c.cost}
		s.Find(&req, &res)
		if !res.Found || math.Abs(res.Cost-c.want) > 1e-9 {
			t.Errorf("range %d: found=%v cost=%v, want %v", c.rng, res.Found, res.Cost, c.want)
			continue
		}
		end := replay(t, r, &req, &res)
		if absInt(end.X-9) > c.rng || absInt(end.Y-2) > c.rng {
			t.Errorf("range %d: ends at %v, outside the goal square", c.rng, end)
		}
	}
}

// TestClassicDeterministic: the same search twice gives the same path and
// expansion count, and ties toward larger g keep open-field expansions at
// the path length.
func TestClassicDeterministic(t *testing.T) {
	r := gridWorld(t,
		"..........",
		"..........",
		"..........",
		"..........",
		"..........",
	)
	s := NewClassic(r)
	var a, b Result
	req := Request{Start: world.Point{X: 0, Y: 0}, Goal: world.Point{X: 9, Y: 4}, Cost: Uniform}
	s.Find(&req, &a)
	dirs := append([]movement.Dir(nil), a.Dirs...)
	s.Find(&req, &b)
	if b.Expansions != a.Expansions || len(b.Dirs) != len(dirs) {
		t.Fatalf("second run differs: %d/%d expansions", a.Expansions, b.Expansions)
	}
	for i := range dirs {
		if dirs[i] != b.Dirs[i] {
			t.Fatalf("step %d differs", i)
		}
	}
	// f ties break to the deepest node: on open ground the search walks
	// straight to the goal, one expansion per step.
	if a.Expansions != len(a.Dirs) {
		t.Errorf("open field: %d expansions for a %d-step path", a.Expansions, len(a.Dirs))
	}
}

// TestCoreStatesPerZ: two Zs of one cell are two states; the same Z is one.
func TestCoreStatesPerZ(t *testing.T) {
	var c core
	var res Result
	req := Request{Start: world.Point{X: 3, Y: 3}, Goal: world.Point{X: 9, Y: 9}}
	c.begin(&req, &res)
	c.relax(0, movement.East, 4, 3, 0, 1)
	c.relax(0, movement.East, 4, 3, 20, 1)
	c.relax(0, movement.East, 4, 3, 0, 0.5) // cheaper: updates the z=0 state
	c.relax(0, movement.East, -4, 3, 0, 1)  // off-map coordinates are still keys
	if len(c.nodes) != 4 {
		t.Fatalf("%d nodes, want 4 (start, (4,3,0), (4,3,20), (-4,3,0))", len(c.nodes))
	}
	if c.nodes[1].g != 0.5 || c.nodes[2].z != 20 {
		t.Errorf("nodes %+v", c.nodes)
	}
}

// TestClassicManySearchesOneFinder: a finder reused across many searches of
// different sizes keeps answering correctly (stale table stamps never leak).
func TestClassicManySearchesOneFinder(t *testing.T) {
	r := gridWorld(t,
		"................",
		".##############.",
		"................",
	)
	s := NewClassic(r)
	var res Result
	for i := 0; i < 300; i++ {
		gx := i % 16
		req := Request{Start: world.Point{X: 0, Y: 0}, Goal: world.Point{X: gx, Y: 2 * (i % 2)}}
		s.Find(&req, &res)
		want := float64(gx)
		if i%2 == 1 {
			// around either end of the wall (creature diagonals)
			want = float64(min(1+max(gx, 1), 15+max(15-gx, 1)))
		}
		if !res.Found || res.Cost != want {
			t.Fatalf("search %d to (%d,%d): found=%v cost=%v, want %v", i, gx, 2*(i%2), res.Found, res.Cost, want)
		}
	}
}

// TestClassicStackRequestNoAlloc: a Request built per call on the caller's
// stack does not escape (the finder keeps no pointer to it).
func TestClassicStackRequestNoAlloc(t *testing.T) {
	r := gridWorld(t,
		"..........",
		"....#.....",
		"..........",
	)
	s := NewClassic(r)
	var res Result
	find := func(gx int) {
		req := Request{Start: world.Point{X: 0, Y: 0}, Goal: world.Point{X: gx, Y: 2}, Cost: Octile}
		s.Find(&req, &res)
	}
	find(9)
	allocs := testing.AllocsPerRun(50, func() { find(9) })
	if allocs != 0 {
		t.Errorf("%v allocs per search with a fresh stack Request, want 0", allocs)
	}
}
