package main

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/pathing"
	"github.com/shardcore/shardcore/pathing/pathbench"
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/movingai"
)

// maiOptions configures a Moving AI run.
type maiOptions struct {
	cost    pathing.Cost
	search  string // classic | cache | jps
	workers int
	cone    bool // jps: the cone probe on (pathing.JPS.UseConeProbe)
}

// maiBudgetPerCell is the node budget per map cell: no artificial limit on a
// flat benchmark map, which has one state per cell.
const maiBudgetPerCell = 4

// maiMaxFailures bounds the failure reasons a report keeps.
const maiMaxFailures = 5

// maiReport counts one map's (or all maps') outcomes. Queries is the time
// the workers spent in searches (with one worker: the wall time of the
// map's queries), CPU their threads' CPU time in them (0 where the
// platform does not say), GCs the garbage collections that completed
// while they searched (0: the times include none).
type maiReport struct {
	Map                                    string
	Scenarios, Optimal, Suboptimal, Failed int
	Expansions, GCs                        int64
	Elapsed, Queries, CPU                  time.Duration
	Failures                               []string // the first few, in scenario order
}

func (r maiReport) line() string {
	n := float64(max(r.Scenarios, 1))
	return fmt.Sprintf("%-20s scenarios %6d optimal %6d suboptimal %d failed %d expansions %d ms %d gcs %d us_per_query %.2f cpu_us_per_query %.2f",
		r.Map, r.Scenarios, r.Optimal, r.Suboptimal, r.Failed, r.Expansions, r.Elapsed.Milliseconds(), r.GCs,
		float64(r.Queries.Nanoseconds())/1e3/n, float64(r.CPU.Nanoseconds())/1e3/n)
}

func (r *maiReport) add(o maiReport) {
	r.Scenarios += o.Scenarios
	r.Optimal += o.Optimal
	r.Suboptimal += o.Suboptimal
	r.Failed += o.Failed
	r.Expansions += o.Expansions
	r.GCs += o.GCs
	r.Elapsed += o.Elapsed
	r.Queries += o.Queries
	r.CPU += o.CPU
}

// checkSearch reports whether search names a finder finderFor can build.
func checkSearch(search string) error {
	switch search {
	case "classic", "cache", "jps":
		return nil
	}
	return fmt.Errorf("unknown --search %q (want classic, cache or jps)", search)
}

// maiOutcome is one scenario's verdict.
type maiOutcome uint8

const (
	maiOptimal maiOutcome = iota
	maiSuboptimal
	maiFailed
)

// maiResults are a map run's per-scenario results and verdicts.
type maiResults struct {
	found      []bool
	costs      []float64
	paths      [][]movement.Dir
	expansions []int
	outcomes   []maiOutcome
	reasons    []string
}

func newMaiResults(n int) *maiResults {
	return &maiResults{found: make([]bool, n), costs: make([]float64, n), paths: make([][]movement.Dir, n),
		expansions: make([]int, n), outcomes: make([]maiOutcome, n), reasons: make([]string, n)}
}

// solveMap runs scens on g's world across o.workers goroutines, each with
// its own rules clone and finder, then judges every result. The searches
// are timed apart from the judging: Queries is the sum of the workers'
// wall time in their search loops (with one worker, the wall time of the
// map's queries), CPU their threads' CPU time there. The finders and the
// paths' memory are made, and the garbage of making them collected, before
// any search starts.
func solveMap(ctx context.Context, g *movingai.Grid, scens []movingai.Scenario, o maiOptions) (maiReport, error) {
	t0 := time.Now()
	m, td, err := g.World()
	if err != nil {
		return maiReport{}, err
	}
	base := movement.NewRules(m, td, nil)
	mk, err := finderMaker(ctx, o, base)
	if err != nil {
		return maiReport{}, fmt.Errorf("%s: %w", g.Name, err)
	}
	res := newMaiResults(len(scens))
	n := max(min(o.workers, len(scens)), 1)
	errs := make([]error, n)
	times := make([]maiTimes, n)
	finders, arenas := make([]pathing.Finder, n), make([][]movement.Dir, n)
	parallel(n, func(w int) {
		finders[w], errs[w] = mk(base.Clone())
		arenas[w] = pathArena(scens)
	})
	if err := errors.Join(errs...); err != nil {
		return maiReport{}, fmt.Errorf("%s: %w", g.Name, err)
	}
	runtime.GC() // the setup's garbage (the map, the bake) collected now, not marked during the searches
	var next atomic.Int64
	parallel(n, func(w int) {
		times[w], errs[w] = solveWorker(ctx, g, scens, o.cost, finders[w], arenas[w], &next, res)
	})
	if err := errors.Join(errs...); err != nil {
		return maiReport{}, fmt.Errorf("%s: %w", g.Name, err)
	}
	next.Store(0)
	parallel(n, func(int) { judgeWorker(g, scens, o.cost, &next, res) })
	rep := res.report(g, scens)
	for _, t := range times {
		rep.Queries += t.wall
		rep.CPU += t.cpu
		rep.GCs += t.gcs
	}
	rep.Elapsed = time.Since(t0)
	return rep, nil
}

// parallel runs f(0..n-1) on n goroutines and waits for them.
func parallel(n int, f func(w int)) {
	var wg sync.WaitGroup
	for w := 0; w < n; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f(w)
		}()
	}
	wg.Wait()
}

// maiTimes is what a worker's loop of searches took: its wall and thread
// CPU time, and the garbage collections that completed meanwhile.
type maiTimes struct {
	wall, cpu time.Duration
	gcs       int64
}

// solveWorker takes scenarios from next until none is left and solves
// them into res, the paths copied into arena (a pathArena: slices of it
// stay valid as it grows); it reports what its loop took.
func solveWorker(ctx context.Context, g *movingai.Grid, scens []movingai.Scenario, cost pathing.Cost, f pathing.Finder,
	arena []movement.Dir, next *atomic.Int64, res *maiResults) (took maiTimes, err error) {
	clock := lockThreadClock()
	defer clock.release()
	budget := (g.Width + movingai.PadSize) * (g.Height + movingai.PadSize) * maiBudgetPerCell
	out := stepRoom(scens)  // a found path fits: Find writes into it, never grows it in the loop
	var req pathing.Request // one for every query: Find takes it through an interface, so it lives on the heap
	t0, c0, gc0 := time.Now(), clock.now(), pathbench.GCCycles()
	defer func() { took = maiTimes{wall: time.Since(t0), cpu: clock.now() - c0, gcs: pathbench.GCCycles() - gc0} }()
	for {
		i := int(next.Add(1) - 1)
		if i >= len(scens) {
			return took, nil // the deferred func sets took
		}
		if err := ctx.Err(); err != nil {
			return took, err
		}
		s := scens[i]
		req = pathing.Request{
			Start:    world.Point{X: s.StartX, Y: s.StartY},
			Goal:     world.Point{X: s.GoalX, Y: s.GoalY},
			Mover:    movement.Mover{Caps: movement.Player},
			Cost:     cost,
			MaxNodes: budget,
		}
		if s.Width != g.Width || s.Height != g.Height {
			continue // judged failed
		}
		f.Find(&req, &out)
		res.found[i], res.costs[i], res.expansions[i] = out.Found, out.Cost, out.Expansions
		at := len(arena)
		arena = append(arena, out.Dirs...)
		res.paths[i] = arena[at:len(arena):len(arena)]
	}
}

// pathArena returns an empty slice with room for the steps of optimal
// paths to every scenario, its pages written before the clock starts. The
// loop times searches, not the harness: growing the copies inside it took
// fresh memory (a page fault every 4 KiB) and garbage collections, 23-24
// against 16 µs a query on rooms/64room_000. A path of octile length L has
// at most L steps, and under uniform cost the optimum has no more steps
// than that; a longer, suboptimal path grows the slice.
func pathArena(scens []movingai.Scenario) []movement.Dir {
	n := 0
	for _, s := range scens {
		n += int(math.Ceil(s.Optimal)) + 1
	}
	a := make([]movement.Dir, n)
	for i := range a {
		a[i] = 0 // make leaves fresh pages untouched: fault them in here
	}
	return a[:0]
}

// stepRoom returns a Result whose steps and Zs have room for the longest
// of scens' optimal paths (a step costs at least 1), their pages written.
func stepRoom(scens []movingai.Scenario) pathing.Result {
	n := 1
	for _, s := range scens {
		n = max(n, int(math.Ceil(s.Optimal))+1)
	}
	dirs, zs := make([]movement.Dir, n), make([]int8, n)
	for i := range n {
		dirs[i], zs[i] = 0, 0 // fault the fresh pages in here
	}
	return pathing.Result{Dirs: dirs[:0], Zs: zs[:0]}
}

// judgeWorker judges scenarios from next until none is left.
func judgeWorker(g *movingai.Grid, scens []movingai.Scenario, cost pathing.Cost, next *atomic.Int64, res *maiResults) {
	var bfs gridBFS
	for {
		i := int(next.Add(1) - 1)
		if i >= len(scens) {
			return
		}
		s := scens[i]
		if s.Width != g.Width || s.Height != g.Height {
			res.outcomes[i], res.reasons[i] = maiFailed, fmt.Sprintf("scenario is for a %dx%d map, %s is %dx%d", s.Width, s.Height, g.Name, g.Width, g.Height)
			continue
		}
		uniformOpt := -1
		if cost == pathing.Uniform {
			uniformOpt = bfs.distance(g, s.StartX, s.StartY, s.GoalX, s.GoalY)
		}
		r := pathing.Result{Found: res.found[i], Cost: res.costs[i], Dirs: res.paths[i], Expansions: res.expansions[i]}
		res.outcomes[i], res.reasons[i] = judge(g, s, cost, &r, uniformOpt)
	}
}

// report counts the outcomes.
func (res *maiResults) report(g *movingai.Grid, scens []movingai.Scenario) maiReport {
	rep := maiReport{Map: g.Name, Scenarios: len(scens)}
	for i, oc := range res.outcomes {
		rep.Expansions += int64(res.expansions[i])
		switch oc {
		case maiOptimal:
			rep.Optimal++
		case maiSuboptimal:
			rep.Suboptimal++
		default:
			rep.Failed++
		}
		if oc != maiOptimal && len(rep.Failures) < maiMaxFailures {
			s := scens[i]
			rep.Failures = append(rep.Failures, fmt.Sprintf("%s line %d (%d,%d)->(%d,%d): %s",
				g.Name, s.Line, s.StartX, s.StartY, s.GoalX, s.GoalY, res.reasons[i]))
		}
	}
	return rep
}
