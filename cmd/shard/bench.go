package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"shardcore/internal/repo"
	"shardcore/movement"
	"shardcore/pathing/pathbench"
	"shardcore/world/gen"
	"shardcore/world/movingai"
)

// benchModes are the modes bench paths runs after the classic A*.
var benchModes = []pathbench.Mode{pathbench.Cold, pathbench.WarmNoFile, pathbench.LazyFirst, pathbench.LazyWarm, pathbench.WarmJPS}

// cmdBench runs benchmarks: shard bench paths [--iters N] [--movingai DIR]
// [--movingai-map NAME]. paths times seed 003's scenarios on the default
// world, and the longest scenario of a Moving AI map, in every cache mode
// and with the jump search against the classic A*, and prints a table whose
// last line is "min warm speedup Xx" (the jump search's).
func cmdBench(ctx context.Context, args []string) error {
	if len(args) == 0 || args[0] != "paths" {
		return fmt.Errorf("usage: shard bench paths [--iters N] [--movingai DIR] [--movingai-map NAME]")
	}
	flags := flag.NewFlagSet("bench paths", flag.ContinueOnError)
	iters := flags.Int("iters", 200, "timed samples per scenario and mode (fewer for rows slower than 3 s in all)")
	maiDir, _ := repo.MovingAIDir()
	mai := flags.String("movingai", maiDir, `Moving AI folder (maps/ and scenarios/); "" leaves the Moving AI rows out`)
	maiMap := flags.String("movingai-map", "dao/brc202d", "the Moving AI map whose longest scenario is benchmarked")
	if err := flags.Parse(args[1:]); err != nil {
		return err
	}
	if *iters < 1 {
		return fmt.Errorf("bench paths: --iters %d: want at least 1", *iters)
	}
	dir, err := os.MkdirTemp("", "shard-bench-")
	if err != nil {
		return fmt.Errorf("bench paths: %w", err)
	}
	defer os.RemoveAll(dir)
	rows, err := benchDefaultWorld(ctx, dir, *iters)
	if err != nil {
		return err
	}
	if *mai != "" {
		mrows, err := benchMovingAI(ctx, dir, *mai, *maiMap, *iters)
		if err != nil {
			return err
		}
		rows = append(rows, mrows...)
	}
	printBenchRows(rows)
	for _, m := range []pathbench.Mode{pathbench.WarmNoFile, pathbench.WarmJPS} {
		if _, _, ok := pathbench.MinWarmSpeedup(rows, m); !ok {
			return fmt.Errorf("bench paths: no %v rows", m)
		}
	}
	name, ratio, _ := pathbench.MinWarmSpeedup(rows, pathbench.WarmNoFile)
	fmt.Printf("cache A*: min warm speedup %.1fx (least: %s)\n", ratio, name)
	name, ratio, _ = pathbench.MinWarmSpeedup(rows, pathbench.WarmJPS)
	fmt.Printf("(min over scenarios of classic/WarmJPS, excluding the house interior: multi cells take the live path by design; least: %s)\n", name)
	fmt.Printf("min warm speedup %.1fx\n", ratio)
	return nil
}

// benchDefaultWorld runs seed 003's scenarios on the default world.
func benchDefaultWorld(ctx context.Context, dir string, iters int) ([]pathbench.Row, error) {
	w, err := gen.Default(ctx)
	if err != nil {
		return nil, fmt.Errorf("bench paths: default world: %w", err)
	}
	env, err := pathbench.NewEnv(ctx, w, dir)
	if err != nil {
		return nil, fmt.Errorf("bench paths: %w", err)
	}
	defer env.Close()
	scs, err := pathbench.Scenarios(env)
	if err != nil {
		return nil, fmt.Errorf("bench paths: %w", err)
	}
	fmt.Printf("default world %dx%d, .swb %d bytes, up to %d samples per row\n", w.Map.Width, w.Map.Height, env.SWBBytes, iters)
	rows, err := env.Run(ctx, scs, benchModes, iters)
	if err != nil {
		return nil, fmt.Errorf("bench paths: %w", err)
	}
	return rows, nil
}

// benchMovingAI runs the longest scenario of Moving AI map name (e.g.
// dao/brc202d) under root.
func benchMovingAI(ctx context.Context, dir, root, name string, iters int) ([]pathbench.Row, error) {
	f, err := os.Open(filepath.Join(root, "maps", name+".map"))
	if err != nil {
		return nil, fmt.Errorf("bench paths: Moving AI map (--movingai \"\" leaves it out): %w", err)
	}
	g, err := movingai.ParseMap(f, filepath.Base(name)+".map")
	f.Close()
	if err != nil {
		return nil, fmt.Errorf("bench paths: %w", err)
	}
	sf, err := os.Open(filepath.Join(root, "scenarios", name+".map.scen"))
	if err != nil {
		return nil, fmt.Errorf("bench paths: %w", err)
	}
	scens, err := movingai.ParseScen(sf, name+".map.scen")
	sf.Close()
	if err != nil {
		return nil, fmt.Errorf("bench paths: %w", err)
	}
	m, td, err := g.World()
	if err != nil {
		return nil, fmt.Errorf("bench paths: %w", err)
	}
	env, err := pathbench.NewEnvRules(ctx, movement.NewRules(m, td, nil), dir)
	if err != nil {
		return nil, fmt.Errorf("bench paths: %w", err)
	}
	defer env.Close()
	scs, err := pathbench.MovingAIScenarios(env, name, scens)
	if err != nil {
		return nil, fmt.Errorf("bench paths: %w", err)
	}
	fmt.Printf("Moving AI %s %dx%d: its longest scenario, octile, no corner cutting\n", name, g.Width, g.Height)
	rows, err := env.Run(ctx, scs, benchModes, iters)
	if err != nil {
		return nil, fmt.Errorf("bench paths: %w", err)
	}
	return rows, nil
}

// printBenchRows prints the table, one row per scenario and mode.
func printBenchRows(rows []pathbench.Row) {
	fmt.Printf("%-22s %-11s %8s %6s %11s %9s %11s %9s %s\n", "scenario", "mode", "cost", "exp", "µs median", "allocs", "classic µs", "ratio", "note")
	for _, r := range rows {
		note := ""
		if r.LiveByDesign {
			note = "multi: live path by design"
		}
		if r.Mode == pathbench.Classic {
			fmt.Printf("%-22s %-11s %8.1f %6d %11.2f %9.1f %11s %9s %s\n", r.Scenario, r.Mode, r.Cost, r.Expansions, r.US, r.Allocs, "", "", note)
			continue
		}
		fmt.Printf("%-22s %-11s %8.1f %6d %11.2f %9.1f %11.1f %8.1fx %s\n", r.Scenario, r.Mode, r.Cost, r.Expansions, r.US, r.Allocs, r.ClassicUS, r.Ratio(), note)
	}
}
