package systems

import (
	"testing"
	"time"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/pathing"
	"github.com/shardcore/shardcore/world"
)

// TestSearchBudget: the node budget of the next search, case by case. The
// tick's budget is 4 ms; at 1 µs an expansion a whole tick is 4,000 nodes.
func TestSearchBudget(t *testing.T) {
	const tick = 4 * time.Millisecond
	cases := []struct {
		name     string
		left     time.Duration
		nsPerExp float64
		maxNodes int
		final    bool
		first    bool
		nodes    int
		capped   bool
		ok       bool
	}{
		{"budget spent", 0, 1000, 20000, false, false, 0, false, false},
		{"budget overrun", -time.Millisecond, 1000, 20000, true, true, 0, false, false},
		{"cost not measured yet: maxNodes", time.Millisecond, 0, 20000, false, false, 20000, false, true},
		{"time for more than maxNodes", tick, 1000, 500, false, false, 500, false, true},
		{"half a tick or more left: not capped", 3 * time.Millisecond, 1000, 20000, false, false, 4000, false, true},
		{"less than half a tick: capped to what is left", time.Millisecond, 1000, 20000, false, false, 1000, true, true},
		{"capped below maxNodes", 50 * time.Microsecond, 1000, 100, false, false, 50, true, true},
		{"too little left to start", 10 * time.Microsecond, 1000, 20000, false, false, 0, false, false},
		{"final: a whole tick whatever is left", 10 * time.Microsecond, 1000, 20000, true, false, 4000, false, true},
		{"final under a coarse estimate: the default budget", 10 * time.Microsecond, 1e6, 20000, true, false, minUncappedNodes, false, true},
		{"final never beyond maxNodes", 10 * time.Microsecond, 1e6, 1000, true, false, 1000, false, true},
		{"a stalled estimate: the tick's first search still runs", tick, 300_000, 20000, false, true, minUncappedNodes, false, true},
		{"a stalled estimate: later searches wait", tick, 300_000, 20000, false, false, 0, false, false},
		{"little left for the tick's first search: capped to the least", 300 * time.Microsecond, 20_000, 20000, false, true, minCappedNodes, true, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			nodes, capped, ok := searchBudget(tc.left, tick, tc.nsPerExp, tc.maxNodes, tc.final, tc.first)
			if nodes != tc.nodes || capped != tc.capped || ok != tc.ok {
				t.Fatalf("searchBudget(%v, %v, %v, %d, %v, %v) = %d, %v, %v; want %d, %v, %v",
					tc.left, tick, tc.nsPerExp, tc.maxNodes, tc.final, tc.first, nodes, capped, ok, tc.nodes, tc.capped, tc.ok)
			}
		})
	}
}

// TestCostEstimator: short searches are not timed; the first sample sets
// the estimate, later ones move it 1/32 of the way.
func TestCostEstimator(t *testing.T) {
	var e costEstimator
	e.sample(time.Millisecond, 15)
	e.sample(0, 100)
	if e.nsPerExp != 0 {
		t.Fatalf("a search of 15 expansions or no time was sampled: %v", e.nsPerExp)
	}
	e.sample(100*time.Microsecond, 100) // 1000 ns an expansion
	if e.nsPerExp != 1000 {
		t.Fatalf("first sample: %v, want 1000", e.nsPerExp)
	}
	e.sample(330*time.Microsecond, 100) // 3300: moves 2300/32
	if want := 1000 + 2300.0/32; e.nsPerExp != want {
		t.Fatalf("second sample: %v, want %v", e.nsPerExp, want)
	}
}

// stallingFinder advances a fake clock by stall during its first search
// (a search descheduled for that long) and by 1 µs an expansion after.
type stallingFinder struct {
	countingFinder
	now   *time.Duration
	stall time.Duration
}

func (f *stallingFinder) Find(req *pathing.Request, res *pathing.Result) {
	f.countingFinder.Find(req, res)
	if f.calls == 1 {
		*f.now += f.stall
		return
	}
	*f.now += time.Duration(res.Expansions) * time.Microsecond
}

// TestStallDoesNotStopPathfinding: one search that stalls for 10 ms makes
// the cost estimate huge (more than a tick's budget per 16 expansions);
// later ticks still serve searches, whose samples bring the estimate back,
// instead of stopping before the first search of every tick forever.
func TestStallDoesNotStopPathfinding(t *testing.T) {
	m, td := gridWorld(t)
	var now time.Duration
	f := &stallingFinder{now: &now, stall: 10 * time.Millisecond}
	s, err := NewSim(m, td, Options{Clock: func() time.Duration { return now }, Backend: LiveBackend{NewFinder: func(r *movement.Rules) pathing.Finder {
		f.f = pathing.NewClassic(r)
		return f
	}}})
	if err != nil {
		t.Fatal(err)
	}
	spawnPatrollers(t, s, 8)
	for i := 0; i < 20; i++ {
		s.Step()
	}
	if st := s.Stats(); f.calls < 8 || st.Searches < 8 || st.QueueLen != 0 {
		t.Fatalf("after a 10 ms stall: %d searches ran, stats %+v", f.calls, st)
	}
}

// TestNodeCeiling: with NodesPerTile a search's budget grows with its
// goal's distance (beyond its range), never past MaxNodes.
func TestNodeCeiling(t *testing.T) {
	req := func(sx, sy, gx, gy, rng int) *pathing.Request {
		return &pathing.Request{Start: world.Point{X: sx, Y: sy}, Goal: world.Point{X: gx, Y: gy}, Range: rng}
	}
	for _, c := range []struct {
		o    Options
		r    *pathing.Request
		want int
	}{
		{Options{MaxNodes: 20000, NodesPerTile: -1}, req(0, 0, 100, 3, 0), 20000},
		{Options{MaxNodes: 20000}, req(0, 0, 100, 3, 0), DefaultNodesBase + DefaultNodesPerTile*100},
		{Options{MaxNodes: 20000, NodesPerTile: 128}, req(0, 0, 10, 3, 0), DefaultNodesBase + 1280},
		{Options{MaxNodes: 20000, NodesPerTile: 128}, req(0, 0, 10, 3, 4), DefaultNodesBase + 768},
		{Options{MaxNodes: 20000, NodesPerTile: 128}, req(5, 5, 6, 6, 2), DefaultNodesBase},
		{Options{MaxNodes: 2000, NodesPerTile: 128}, req(0, 0, 500, 0, 0), 2000},
		{Options{MaxNodes: 20000, NodesPerTile: 64, NodesBase: 1024}, req(0, 0, 10, 3, 0), 1024 + 640},
		{Options{MaxNodes: 20000, NodesBase: 1024, NodesPerTile: -1}, req(0, 0, 10, 3, 0), 20000},
	} {
		o := c.o.withDefaults(time.Now())
		if got := nodeCeiling(&o, c.r); got != c.want {
			t.Errorf("nodeCeiling(%+v, %+v) = %d, want %d", c.o, *c.r, got, c.want)
		}
	}
}

// TestWalledGoalFailsWithinCeiling: a patroller whose waypoint is walled
// off fails after its ceiling's nodes, not MaxNodes', and the failure is
// final (not postponed to the next tick).
func TestWalledGoalFailsWithinCeiling(t *testing.T) {
	rows := make([]string, 32)
	for y := range rows {
		rows[y] = "................................"
	}
	rows[20] = "...................###.........."
	rows[21] = "...................#.#.........."
	rows[22] = "...................###.........."
	m, td := gridWorld(t, rows...)
	var recs []PathRecord
	s, _ := newSim(t, m, td, Options{MaxNodes: 20000, NodesPerTile: 1, Recorder: recorderFunc(func(r *PathRecord) {
		recs = append(recs, *r)
	})})
	r, err := s.AddRoute([]world.Point{{X: 20, Y: 21}, {X: 2, Y: 2}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.SpawnMobile(MobileSpec{X: 2, Y: 2, Speed: 100, Order: Order{Patrol: &PatrolSpec{Route: r}}}); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3 && len(recs) == 0; i++ {
		s.Step()
	}
	if len(recs) == 0 {
		t.Fatal("no search recorded")
	}
	ceiling := DefaultNodesBase + cheb(world.Point{X: 2, Y: 2}, world.Point{X: 20, Y: 21})
	if rec := recs[0]; rec.Found || rec.MaxNodes != ceiling || rec.Expansions > ceiling {
		t.Fatalf("search %+v: want a failure within %d nodes", rec, ceiling)
	}
	if st := s.Stats(); st.QueueLen != 0 {
		t.Fatalf("the failed request is still queued: %+v", st)
	}
}
