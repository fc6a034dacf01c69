package main

import (
	"bytes"
	"context"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/shardcore/shardcore/testkit/repo"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/pathing"
	"github.com/shardcore/shardcore/world/movingai"
)

// maiSolve solves scens of grid g on one worker with the finder o makes,
// as solveMap's workers do, and returns the results and the finder.
func maiSolve(t *testing.T, g *movingai.Grid, scens []movingai.Scenario, o maiOptions) (*maiResults, pathing.Finder) {
	t.Helper()
	m, td, err := g.World()
	if err != nil {
		t.Fatal(err)
	}
	base := movement.NewRules(m, td, nil)
	mk, err := finderMaker(context.Background(), o, base)
	if err != nil {
		t.Fatal(err)
	}
	fd, err := mk(base.Clone())
	if err != nil {
		t.Fatal(err)
	}
	res := newMaiResults(len(scens))
	var next atomic.Int64
	if _, err := solveWorker(context.Background(), g, scens, o.cost, fd, pathArena(scens), &next, res); err != nil {
		t.Fatal(err)
	}
	return res, fd
}

// maiFullEnv set to 1 runs every scenario instead of the sample.
const maiFullEnv = "SHARDCORE_MOVINGAI_ALL"

// maiData is the repository's testdata/movingai.
func maiData(t *testing.T) string {
	t.Helper()
	dir, err := repo.MovingAIDir()
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestMovingAIClassicOptimal runs real benchmark scenarios through the
// classic finder and requires every one to be optimal: a stratified sample
// (about maiSamplePerFile evenly spaced scenarios of every file, plus its
// longest) by default, all of them with SHARDCORE_MOVINGAI_ALL=1.
func TestMovingAIClassicOptimal(t *testing.T) {
	runMovingAISample(t, maiOptions{cost: pathing.Octile, search: "classic", workers: runtime.GOMAXPROCS(0)})
}

// TestMovingAIJPSOptimal is TestMovingAIClassicOptimal with the jump
// search, octile, and under the uniform cost (judged by breadth-first
// search).
func TestMovingAIJPSOptimal(t *testing.T) {
	runMovingAISample(t, maiOptions{cost: pathing.Octile, search: "jps", workers: runtime.GOMAXPROCS(0)})
	runMovingAISample(t, maiOptions{cost: pathing.Uniform, search: "jps", workers: runtime.GOMAXPROCS(0)})
}

// maiLoad loads the repository's Moving AI maps and scenario files.
func maiLoad(t *testing.T) (map[string]*movingai.Grid, []movingai.ScenFile) {
	t.Helper()
	root := maiData(t)
	grids, err := movingai.LoadMaps(filepath.Join(root, "maps"))
	if err != nil {
		t.Fatal(err)
	}
	files, err := movingai.LoadScens(filepath.Join(root, "scenarios"))
	if err != nil {
		t.Fatal(err)
	}
	return grids, files
}

func runMovingAISample(t *testing.T, o maiOptions) {
	grids, files := maiLoad(t)
	if len(files) < 9 {
		t.Fatalf("%d scenario files, want the 9 of the shared subset", len(files))
	}
	var total maiReport
	for _, f := range files {
		every := max(len(f.Scenarios)/maiSamplePerFile, 1)
		if os.Getenv(maiFullEnv) == "1" {
			every = 1
		}
		var sample []movingai.Scenario
		for i, s := range f.Scenarios {
			if i%every == every/2 || i == len(f.Scenarios)-1 { // include the longest
				sample = append(sample, s)
			}
		}
		name := f.Scenarios[0].Map
		g := grids[name]
		if g == nil {
			t.Fatalf("%s: map %s not found", f.Path, name)
		}
		rep, err := solveMap(context.Background(), g, sample, o)
		if err != nil {
			t.Fatal(err)
		}
		t.Log(rep.line())
		if rep.Optimal != len(sample) {
			t.Errorf("%s: %d of %d optimal: %v", name, rep.Optimal, len(sample), rep.Failures)
		}
		total.add(rep)
	}
	t.Logf("scenarios %d optimal %d expansions %d", total.Scenarios, total.Optimal, total.Expansions)
}

// ringMap is a walkable ring around a walled-in cell (2,2).
const ringMap = "type octile\nheight 5\nwidth 5\nmap\n.....\n.@@@.\n.@.@.\n.@@@.\n.....\n"

func writeFile(t *testing.T, p, s string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestMovingAICommandCounts: every verdict is counted and the last line
// sums them; maps resolve by file name, not the path column.
func TestMovingAICommandCounts(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "maps", "deep", "ring.map"), ringMap)
	scen := "version 1\n" +
		"2\tmaps/other/ring.map\t5\t5\t0\t0\t4\t4\t8.00000\n" + // optimal
		"1\tring.map\t5\t5\t0\t0\t4\t4\t7.50000\n" + // we are longer: suboptimal
		"2\tring.map\t5\t5\t0\t0\t4\t4\t9.00000\n" + // we are shorter: failed
		"0\tring.map\t5\t5\t0\t0\t2\t2\t2.82843\n" + // walled in: failed
		"1\tring.map\t6\t5\t0\t0\t4\t4\t8.00000\n" + // wrong size: failed
		"1\tmissing.map\t5\t5\t0\t0\t4\t4\t8.00000\n" // no such map: failed
	writeFile(t, filepath.Join(dir, "scen", "ring.map.scen"), scen)
	var out, errOut bytes.Buffer
	err := runMovingAI(context.Background(), []string{"--maps", filepath.Join(dir, "maps"), "--scen", filepath.Join(dir, "scen"), "--workers", "3"}, &out, &errOut)
	if err == nil || !strings.Contains(err.Error(), "4 of 6 scenarios failed") {
		t.Fatalf("error %v", err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if last := lines[len(lines)-1]; last != "scenarios 6 optimal 1 suboptimal 1 failed 4" {
		t.Fatalf("last line %q\n%s", last, out.String())
	}
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "missing.map") || !strings.HasPrefix(lines[1], "ring.map") ||
		!strings.Contains(lines[1], "scenarios      5 optimal      1 suboptimal 1 failed 3") {
		t.Fatalf("per-map lines:\n%s", out.String())
	}
	for _, want := range []string{"missing.map: no such map", "below the optimum", "no path found", "for a 6x5 map", "length 8.00000, optimum 7.5"} {
		if !strings.Contains(errOut.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut.String())
		}
	}
}

// TestMovingAICommandOK: an all-optimal run returns no error under both
// cost models with every search, and its map line gives us_per_query.
func TestMovingAICommandOK(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "m", "ring.map"), ringMap)
	writeFile(t, filepath.Join(dir, "s", "a.scen"), "version 1.0\r\n\r\n2 ring.map 5 5 0 0 4 4 8.00\r\n0 ring.map 5 5 0 0 0 1 1.00\r\n")
	for _, search := range []string{"classic", "cache", "jps"} {
		for _, cost := range []string{"octile", "uniform"} {
			var out, errOut bytes.Buffer
			err := runMovingAI(context.Background(), []string{"--maps", filepath.Join(dir, "m"), "--scen", filepath.Join(dir, "s"), "--cost", cost, "--search", search, "--workers", "1"}, &out, &errOut)
			if err != nil {
				t.Fatalf("%s %s: %v\n%s", search, cost, err, errOut.String())
			}
			if !strings.HasSuffix(out.String(), "\nscenarios 2 optimal 2 suboptimal 0 failed 0\n") || !strings.Contains(out.String(), " us_per_query ") {
				t.Fatalf("%s %s: output %q", search, cost, out.String())
			}
		}
	}
}

// TestMovingAIJudgeUniform: under the uniform cost a path is judged by its
// step count against the breadth-first optimum, not by octile length.
func TestMovingAIJudgeUniform(t *testing.T) {
	g, err := movingai.ParseMap(strings.NewReader("type octile\nheight 3\nwidth 4\nmap\n....\n....\n....\n"), "u.map")
	if err != nil {
		t.Fatal(err)
	}
	s := movingai.Scenario{Map: "u.map", Width: 4, Height: 3, StartX: 0, StartY: 0, GoalX: 3, GoalY: 0, Optimal: 3, Decimals: 5}
	var bfs gridBFS
	opt := bfs.distance(g, 0, 0, 3, 0)
	if opt != 3 {
		t.Fatalf("bfs distance %d, want 3", opt)
	}
	const E, SE, NE = movement.East, movement.SouthEast, movement.NorthEast
	// three steps east, or a zigzag through the row below: both 3 steps,
	// both optimal under the uniform cost (the zigzag is octile-longer)
	for _, dirs := range [][]movement.Dir{{E, E, E}, {SE, NE, E}} {
		res := pathing.Result{Found: true, Dirs: dirs, Cost: 3}
		if got, why := judge(g, s, pathing.Uniform, &res, opt); got != maiOptimal {
			t.Errorf("%v: %v %q", dirs, got, why)
		}
	}
	res := pathing.Result{Found: true, Dirs: []movement.Dir{SE, E, E, movement.North}, Cost: 4}
	if got, why := judge(g, s, pathing.Uniform, &res, opt); got != maiSuboptimal || !strings.Contains(why, "uniform optimum 3") {
		t.Errorf("4 steps judged %v %q", got, why)
	}
	res = pathing.Result{Found: true, Dirs: []movement.Dir{E, E, E}, Cost: 3}
	if got, _ := judge(g, s, pathing.Uniform, &res, 4); got != maiFailed {
		t.Errorf("below the uniform optimum judged %v", got)
	}
	if d := bfs.distance(g, 0, 0, 5, 5); d != -1 {
		t.Errorf("off-map goal: distance %d", d)
	}
}

func TestMovingAICommandBadArgs(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--maps", dir}, "need --maps DIR and --scen DIR"},
		{[]string{"--maps", dir, "--scen", dir, "--cost", "manhattan"}, "unknown --cost"},
		{[]string{"--maps", dir, "--scen", dir, "--search", "astar"}, "unknown --search"},
		{[]string{"--maps", filepath.Join(dir, "none"), "--scen", dir}, "none"},
	} {
		var out, errOut bytes.Buffer
		err := runMovingAI(context.Background(), c.args, &out, &errOut)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: error %v, want %q", c.args, err, c.want)
		}
	}
}

// TestMovingAIJudge: the grid check refuses paths the movement rules
// should never produce (corner cuts, blocked cells, wrong end, wrong cost).
func TestMovingAIJudge(t *testing.T) {
	g, err := movingai.ParseMap(strings.NewReader("type octile\nheight 3\nwidth 3\nmap\n.T.\n...\n...\n"), "j.map")
	if err != nil {
		t.Fatal(err)
	}
	// (0,0) to (2,0) round the tree at (1,0): 4 straight steps; the diagonal
	// shortcuts beside the tree cut its corner.
	s := movingai.Scenario{Map: "j.map", Width: 3, Height: 3, StartX: 0, StartY: 0, GoalX: 2, GoalY: 0, Optimal: 4, Decimals: 5}
	const (
		N, E, S, NE, SE = movement.North, movement.East, movement.South, movement.NorthEast, movement.SouthEast
	)
	for _, c := range []struct {
		dirs []movement.Dir
		cost float64
		want maiOutcome
		why  string
	}{
		{[]movement.Dir{S, E, E, N}, 4, maiOptimal, ""},
		{[]movement.Dir{S, E, NE}, 2 + math.Sqrt2, maiFailed, "cuts a corner"},
		{[]movement.Dir{SE, NE}, 2 * math.Sqrt2, maiFailed, "cuts a corner"},
		{[]movement.Dir{E, E}, 2, maiFailed, "blocked cell"},
		{[]movement.Dir{S, E}, 2, maiFailed, "path ends at"},
		{[]movement.Dir{S, E, E, N}, 3, maiFailed, "result cost"},
		{[]movement.Dir{S, S, E, E, N, N}, 6, maiSuboptimal, "optimum 4"},
	} {
		res := pathing.Result{Found: true, Dirs: c.dirs, Cost: c.cost}
		got, why := judge(g, s, pathing.Octile, &res, -1)
		if got != c.want || !strings.Contains(why, c.why) {
			t.Errorf("%v: got %v %q, want %v %q", c.dirs, got, why, c.want, c.why)
		}
	}
	short := s
	short.Optimal = 5
	if got, why := judge(g, short, pathing.Octile, &pathing.Result{Found: true, Dirs: []movement.Dir{S, E, E, N}, Cost: 4}, -1); got != maiFailed || !strings.Contains(why, "below the optimum") {
		t.Errorf("shorter than the optimum judged %v %q", got, why)
	}
	if got, _ := judge(g, s, pathing.Octile, &pathing.Result{}, -1); got != maiFailed {
		t.Errorf("not found judged %v", got)
	}
}

// TestPathArenaHoldsOptimalPaths: the room pathArena makes before the
// clock starts holds every path an optimal search returns, octile and
// uniform, so no query's time includes growing it.
func TestPathArenaHoldsOptimalPaths(t *testing.T) {
	grids, files := maiLoad(t)
	for _, f := range files[:min(len(files), 3)] {
		scens := f.Scenarios[max(len(f.Scenarios)-200, 0):] // the longest
		g := grids[scens[0].Map]
		for _, cost := range []pathing.Cost{pathing.Octile, pathing.Uniform} {
			res, _ := maiSolve(t, g, scens, maiOptions{search: "jps", cost: cost})
			steps := 0
			for i, p := range res.paths {
				if !res.found[i] {
					t.Fatalf("%s: scenario %d not found", g.Name, scens[i].Line)
				}
				steps += len(p)
			}
			if room := cap(pathArena(scens)); steps > room {
				t.Errorf("%s, cost %v: %d steps in %d paths, the arena has room for %d", g.Name, cost, steps, len(scens), room)
			}
		}
	}
}

// collectingFinder is a finder that collects garbage in every search and
// finds nothing.
type collectingFinder struct{}

func (collectingFinder) Find(_ *pathing.Request, res *pathing.Result) {
	runtime.GC()
	*res = pathing.Result{}
}

// TestSolveWorkerCountsCollections: the collections that complete during
// the timed searches are counted (the map line's gcs), one per search of
// a finder that collects in each.
func TestSolveWorkerCountsCollections(t *testing.T) {
	took, n := solveRing(t, collectingFinder{})
	if took.gcs < int64(n) {
		t.Errorf("%d collections counted in %d searches that each collected", took.gcs, n)
	}
}

// solveRing runs solveWorker with f over two scenarios of the ring map
// (optimal 5.66 and 4) and returns what its loop took and the scenarios.
func solveRing(t *testing.T, f pathing.Finder) (maiTimes, int) {
	t.Helper()
	g, err := movingai.ParseMap(strings.NewReader(ringMap), "ring")
	if err != nil {
		t.Fatal(err)
	}
	scens := []movingai.Scenario{{Width: 5, Height: 5, GoalX: 4, GoalY: 4, Optimal: 5.66}, {Width: 5, Height: 5, GoalX: 4, Optimal: 4}}
	var next atomic.Int64
	took, err := solveWorker(context.Background(), g, scens, pathing.Octile, f, pathArena(scens), &next, newMaiResults(len(scens)))
	if err != nil {
		t.Fatal(err)
	}
	return took, len(scens)
}

// roomFinder is a finder that finds nothing and notes the least room for
// steps and Zs the results it is handed have.
type roomFinder struct{ dirs, zs int }

func (f *roomFinder) Find(_ *pathing.Request, res *pathing.Result) {
	f.dirs, f.zs = min(f.dirs, cap(res.Dirs)), min(f.zs, cap(res.Zs))
	res.Found = false
}

// TestSolveWorkerResultRoom: every search is handed a result with room
// for the longest optimal path of the scenarios (a found path is written
// into it, not grown in the timed loop).
func TestSolveWorkerResultRoom(t *testing.T) {
	f := &roomFinder{dirs: 1 << 30, zs: 1 << 30}
	solveRing(t, f)
	if f.dirs < 7 || f.zs < 7 {
		t.Errorf("results with room for %d steps and %d Zs, want 7 (the longest optimal, 5.66, rounded up, and one)", f.dirs, f.zs)
	}
}

// TestMovingAIConeFlag: --cone reaches the jump search. Without it the
// cone probe answers no query; with it, some on AR0011SR (where it answers
// about one query in ten), and the costs agree.
func TestMovingAIConeFlag(t *testing.T) {
	for _, tc := range []struct {
		args []string
		cone bool
	}{{nil, false}, {[]string{"--cone"}, true}} {
		r, err := parseMovingAI(append([]string{"--maps", "m", "--scen", "s", "--search", "jps"}, tc.args...), &bytes.Buffer{}, &bytes.Buffer{})
		if err != nil || r.o.cone != tc.cone {
			t.Fatalf("parse %v: cone %v, err %v (want cone %v)", tc.args, r.o.cone, err, tc.cone)
		}
	}
	grids, files := maiLoad(t)
	var scens []movingai.Scenario
	for _, f := range files {
		if len(f.Scenarios) > 0 && strings.HasSuffix(f.Scenarios[0].Map, "AR0011SR.map") {
			scens = f.Scenarios
		}
	}
	if scens == nil {
		t.Fatal("no AR0011SR scenarios in the test data")
	}
	g := grids[scens[0].Map]
	costs := map[bool][]float64{}
	for _, cone := range []bool{false, true} {
		res, fd := maiSolve(t, g, scens, maiOptions{search: "jps", cost: pathing.Octile, cone: cone})
		costs[cone] = res.costs
		if hits := fd.(*pathing.JPS).Stats().ConeHits; (hits > 0) != cone {
			t.Fatalf("cone %v: %d queries answered by the cone probe", cone, hits)
		}
	}
	for i := range scens {
		if costs[false][i] != costs[true][i] {
			t.Fatalf("scenario %d: cost %.4f without the cone, %.4f with", i, costs[false][i], costs[true][i])
		}
	}
}
