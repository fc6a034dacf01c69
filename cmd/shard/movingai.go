package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"sort"

	"github.com/shardcore/shardcore/pathing"
	"github.com/shardcore/shardcore/world/movingai"
)

// maiRun is a parsed movingai command line.
type maiRun struct {
	o                maiOptions
	mapsDir, scenDir string
}

func parseMovingAI(args []string, stdout, stderr io.Writer) (maiRun, error) {
	flags := newFlags("movingai", stdout, stderr, "shard movingai --maps DIR --scen DIR [--cost octile|uniform] [--search classic|cache|jps] [--workers N] [--cone]",
		"Every map prints a line with its counts and us_per_query (the searches' wall time / count; per query with --workers 1).",
		"The last line printed is: scenarios N optimal N suboptimal N failed N")
	mapsDir := flags.String("maps", "", "directory searched recursively for .map files")
	scenDir := flags.String("scen", "", "directory searched recursively for .scen files")
	costName := flags.String("cost", "octile", "step cost: octile (the benchmark's) or uniform (the game's; judged against a breadth-first search of the grid)")
	search := flags.String("search", "classic", "search: classic (live rules), cache (cache A*, chunks built by the admission gate) or jps (jump search, every chunk baked before the queries)")
	workers := flags.Int("workers", 0, "worker goroutines (0 = all cores; 1 for per-query timings)")
	cone := flags.Bool("cone", false, "with --search jps, try the cone probe when the line probe fails (the game's default; on these grids it fails in most queries and costs more than it saves)")
	if err := flags.parse(args); err != nil {
		return maiRun{}, err
	}
	if *mapsDir == "" || *scenDir == "" || flags.NArg() != 0 {
		return maiRun{}, flags.usageErr("need --maps DIR and --scen DIR and no other arguments")
	}
	r := maiRun{o: maiOptions{search: *search, workers: *workers, cone: *cone}, mapsDir: *mapsDir, scenDir: *scenDir}
	switch *costName {
	case "octile":
		r.o.cost = pathing.Octile
	case "uniform":
		r.o.cost = pathing.Uniform
	default:
		return maiRun{}, fmt.Errorf("unknown --cost %q (want octile or uniform)", *costName)
	}
	if r.o.workers <= 0 {
		r.o.workers = runtime.GOMAXPROCS(0)
	}
	return r, checkSearch(r.o.search)
}

// loadScenarios reads the maps and the scenarios, grouped by map name in
// name order.
func loadScenarios(mapsDir, scenDir string) (map[string]*movingai.Grid, []string, map[string][]movingai.Scenario, error) {
	grids, err := movingai.LoadMaps(mapsDir)
	if err != nil {
		return nil, nil, nil, err
	}
	files, err := movingai.LoadScens(scenDir)
	if err != nil {
		return nil, nil, nil, err
	}
	byMap := make(map[string][]movingai.Scenario)
	for _, f := range files {
		for _, s := range f.Scenarios {
			byMap[s.Map] = append(byMap[s.Map], s)
		}
	}
	names := make([]string, 0, len(byMap))
	for n := range byMap {
		names = append(names, n)
	}
	sort.Strings(names)
	return grids, names, byMap, nil
}

// runMovingAI solves Moving AI scenarios and checks their lengths:
// shard movingai --maps DIR --scen DIR [--cost octile|uniform]
// [--search classic|cache|jps] [--workers N] [--cone]. Every map prints a line with
// its counts and us_per_query; the last line printed is
// "scenarios N optimal N suboptimal N failed N".
func runMovingAI(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	r, err := parseMovingAI(args, stdout, stderr)
	if err != nil {
		return err
	}
	grids, names, byMap, err := loadScenarios(r.mapsDir, r.scenDir)
	if err != nil {
		return err
	}
	var total maiReport
	for _, name := range names {
		scens := byMap[name]
		rep := maiReport{Map: name, Scenarios: len(scens), Failed: len(scens)}
		if g := grids[name]; g == nil {
			fmt.Fprintf(stderr, "%s: no such map under %s (%d scenarios failed)\n", name, r.mapsDir, len(scens))
		} else if rep, err = solveMap(ctx, g, scens, r.o); err != nil {
			return err
		}
		fmt.Fprintln(stdout, rep.line())
		for _, f := range rep.Failures {
			fmt.Fprintf(stderr, "  %s\n", f)
		}
		total.add(rep)
	}
	fmt.Fprintf(stdout, "scenarios %d optimal %d suboptimal %d failed %d\n",
		total.Scenarios, total.Optimal, total.Suboptimal, total.Failed)
	switch {
	case total.Failed > 0:
		return fmt.Errorf("%d of %d scenarios failed", total.Failed, total.Scenarios)
	case total.Suboptimal > 0:
		return fmt.Errorf("%d of %d scenarios suboptimal", total.Suboptimal, total.Scenarios)
	}
	return nil
}
