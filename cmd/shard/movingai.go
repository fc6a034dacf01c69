package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"sort"

	"shardcore/pathing"
	"shardcore/world/movingai"
)

// runMovingAI solves Moving AI scenarios and checks their lengths:
// shard movingai --maps DIR --scen DIR [--cost octile|uniform]
// [--search classic|cache] [--workers N]. The last line printed is
// "scenarios N optimal N suboptimal N failed N".
func runMovingAI(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	flags := newFlags("movingai", stdout, stderr, "shard movingai --maps DIR --scen DIR [--cost octile|uniform] [--search classic|cache] [--workers N]",
		"The last line printed is: scenarios N optimal N suboptimal N failed N")
	mapsDir := flags.String("maps", "", "directory searched recursively for .map files")
	scenDir := flags.String("scen", "", "directory searched recursively for .scen files")
	costName := flags.String("cost", "octile", "step cost: octile (the benchmark's) or uniform (the game's)")
	search := flags.String("search", "classic", "search: classic (live rules) or cache (step cache)")
	workers := flags.Int("workers", 0, "worker goroutines (0 = all cores)")
	if err := flags.parse(args); err != nil {
		return err
	}
	if *mapsDir == "" || *scenDir == "" || flags.NArg() != 0 {
		return flags.usageErr("need --maps DIR and --scen DIR and no other arguments")
	}
	o := maiOptions{search: *search, workers: *workers}
	switch *costName {
	case "octile":
		o.cost = pathing.Octile
	case "uniform":
		o.cost = pathing.Uniform
	default:
		return fmt.Errorf("unknown --cost %q (want octile or uniform)", *costName)
	}
	if o.workers <= 0 {
		o.workers = runtime.GOMAXPROCS(0)
	}
	if err := checkSearch(o.search); err != nil {
		return err
	}
	grids, err := movingai.LoadMaps(*mapsDir)
	if err != nil {
		return err
	}
	files, err := movingai.LoadScens(*scenDir)
	if err != nil {
		return err
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
	var total maiReport
	for _, name := range names {
		scens := byMap[name]
		var rep maiReport
		if g := grids[name]; g == nil {
			rep = maiReport{Map: name, Scenarios: len(scens), Failed: len(scens)}
			fmt.Fprintf(stderr, "%s: no such map under %s (%d scenarios failed)\n", name, *mapsDir, len(scens))
		} else if rep, err = solveMap(ctx, g, scens, o); err != nil {
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
	case total.Suboptimal > 0 && o.cost == pathing.Octile:
		return fmt.Errorf("%d of %d scenarios suboptimal under octile cost", total.Suboptimal, total.Scenarios)
	}
	return nil
}
