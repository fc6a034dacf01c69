package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"shardcore/pathing/pathbench"
	"shardcore/world/gen"
)

// cmdBench runs benchmarks: shard bench paths [--iters N] | bake [flags];
// bake is cmdBenchBake. paths times the
// benchmark scenarios of package pathbench (the sewer, the causeway, a pet,
// NPCs, a swimmer, a long traverse, a house interior) on the default world
// in every cache mode against the classic A* and prints a table whose last
// line is "min warm speedup Xx".
func cmdBench(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return subcommand("bench", args, stdout, stderr, map[string]func([]string) error{
		"paths": func(a []string) error { return benchPaths(ctx, a, stdout, stderr) },
		"bake":  func(a []string) error { return cmdBenchBake(ctx, a, stdout, stderr) },
	}, "shard bench paths [--iters N] | bench bake [--world default|DIR] [--map N] [--chunks K|--all]")
}

// benchPaths is shard bench paths.
func benchPaths(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	flags := newFlags("bench paths", stdout, stderr, "shard bench paths [--iters N]",
		"The last line printed is: min warm speedup Xx")
	iters := flags.Int("iters", 200, "timed searches per scenario and mode")
	if err := flags.parse(args); err != nil {
		return err
	}
	if *iters < 1 {
		return fmt.Errorf("bench paths: --iters %d: want at least 1", *iters)
	}
	w, err := gen.Default(ctx)
	if err != nil {
		return fmt.Errorf("bench paths: default world: %w", err)
	}
	dir, err := os.MkdirTemp("", "shard-bench-")
	if err != nil {
		return fmt.Errorf("bench paths: %w", err)
	}
	defer os.RemoveAll(dir)
	env, err := pathbench.NewEnv(ctx, w, dir)
	if err != nil {
		return fmt.Errorf("bench paths: %w", err)
	}
	defer env.Close()
	scs, err := pathbench.Scenarios(env)
	if err != nil {
		return fmt.Errorf("bench paths: %w", err)
	}
	modes := []pathbench.Mode{pathbench.Cold, pathbench.WarmNoFile, pathbench.LazyFirst, pathbench.LazyWarm}
	rows, err := env.Run(ctx, scs, modes, *iters)
	if err != nil {
		return fmt.Errorf("bench paths: %w", err)
	}
	fmt.Fprintf(stdout, "default world %dx%d, .swb %d bytes, %d searches per row\n", w.Map.Width, w.Map.Height, env.SWBBytes, *iters)
	fmt.Fprintf(stdout, "%-16s %-11s %6s %6s %11s %9s %11s %8s %s\n", "scenario", "mode", "cost", "exp", "µs median", "allocs", "classic µs", "ratio", "note")
	for _, r := range rows {
		note := ""
		if r.LiveByDesign {
			note = "multi: live path by design"
		}
		if r.Mode == pathbench.Classic {
			fmt.Fprintf(stdout, "%-16s %-11s %6.0f %6d %11.1f %9.1f %11s %8s %s\n", r.Scenario, r.Mode, r.Cost, r.Expansions, r.US, r.Allocs, "", "", note)
			continue
		}
		fmt.Fprintf(stdout, "%-16s %-11s %6.0f %6d %11.1f %9.1f %11.1f %7.2fx %s\n", r.Scenario, r.Mode, r.Cost, r.Expansions, r.US, r.Allocs, r.ClassicUS, r.Ratio(), note)
	}
	name, ratio, ok := pathbench.MinWarmSpeedup(rows)
	if !ok {
		return fmt.Errorf("bench paths: no WarmNoFile rows")
	}
	fmt.Fprintf(stdout, "(min over scenarios of classic/WarmNoFile, excluding the house interior: multi cells take the live path by design; least: %s)\n", name)
	fmt.Fprintf(stdout, "min warm speedup %.1fx\n", ratio)
	return nil
}
