package main

import (
	"context"
	"fmt"
	"io"
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

// cmdBench runs benchmarks: shard bench paths [flags] | bake [flags]; bake
// is cmdBenchBake.
func cmdBench(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return subcommand("bench", args, stdout, stderr, map[string]func([]string) error{
		"paths": func(a []string) error { return benchPaths(ctx, a, stdout, stderr) },
		"bake":  func(a []string) error { return cmdBenchBake(ctx, a, stdout, stderr) },
	}, "shard bench paths [--iters N] [--movingai DIR] [--movingai-map NAME] | bench bake [--world default|DIR] [--map N] [--chunks K|--all]")
}

// benchPaths is shard bench paths: it times seed 003's scenarios on the
// default world, and the longest scenario of a Moving AI map, in every
// cache mode and with the jump search against the classic A*, and prints a
// table whose last line is "min warm speedup Xx" (the jump search's).
func benchPaths(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	flags := newFlags("bench paths", stdout, stderr, "shard bench paths [--iters N] [--movingai DIR] [--movingai-map NAME]",
		"The last line printed is: min warm speedup Xx (the jump search's)")
	iters := flags.Int("iters", 200, "timed samples per scenario and mode (fewer for rows slower than 3 s in all)")
	maiDir, _ := repo.MovingAIDir()
	mai := flags.String("movingai", maiDir, `Moving AI folder (maps/ and scenarios/); "" leaves the Moving AI rows out`)
	maiMap := flags.String("movingai-map", "dao/brc202d", "the Moving AI map whose longest scenario is benchmarked")
	if err := flags.parse(args); err != nil {
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
	rows, err := benchDefaultWorld(ctx, stdout, dir, *iters)
	if err != nil {
		return err
	}
	if *mai != "" {
		mrows, err := benchMovingAI(ctx, stdout, dir, *mai, *maiMap, *iters)
		if err != nil {
			return err
		}
		rows = append(rows, mrows...)
	}
	printBenchRows(stdout, rows)
	for _, m := range []pathbench.Mode{pathbench.WarmNoFile, pathbench.WarmJPS} {
		if _, _, ok := pathbench.MinWarmSpeedup(rows, m); !ok {
			return fmt.Errorf("bench paths: no %v rows", m)
		}
	}
	name, ratio, _ := pathbench.MinWarmSpeedup(rows, pathbench.WarmNoFile)
	fmt.Fprintf(stdout, "cache A*: min warm speedup %.1fx (least: %s)\n", ratio, name)
	name, ratio, _ = pathbench.MinWarmSpeedup(rows, pathbench.WarmJPS)
	fmt.Fprintf(stdout, "(min over scenarios of classic/WarmJPS, excluding the house interior: multi cells take the live path by design; least: %s)\n", name)
	fmt.Fprintf(stdout, "min warm speedup %.1fx\n", ratio)
	return nil
}

// benchDefaultWorld runs seed 003's scenarios on the default world.
func benchDefaultWorld(ctx context.Context, stdout io.Writer, dir string, iters int) ([]pathbench.Row, error) {
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
	fmt.Fprintf(stdout, "default world %dx%d, .swb %d bytes, up to %d samples per row\n", w.Map.Width, w.Map.Height, env.SWBBytes, iters)
	rows, err := env.Run(ctx, scs, benchModes, iters)
	if err != nil {
		return nil, fmt.Errorf("bench paths: %w", err)
	}
	return rows, nil
}

// benchMovingAI runs the longest scenario of Moving AI map name (e.g.
// dao/brc202d) under root.
func benchMovingAI(ctx context.Context, stdout io.Writer, dir, root, name string, iters int) ([]pathbench.Row, error) {
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
	if len(scens) == 0 {
		return nil, fmt.Errorf("bench paths: %s: no scenarios", name)
	}
	longest := scens[0]
	for _, s := range scens {
		if s.Optimal > longest.Optimal {
			longest = s
		}
	}
	scs, err := pathbench.GridScenario(env, fmt.Sprintf("%s (%.0f)", name, longest.Optimal),
		movement.Point{X: longest.StartX, Y: longest.StartY}, movement.Point{X: longest.GoalX, Y: longest.GoalY})
	if err != nil {
		return nil, fmt.Errorf("bench paths: %w", err)
	}
	fmt.Fprintf(stdout, "Moving AI %s %dx%d: its longest scenario, octile, no corner cutting\n", name, g.Width, g.Height)
	rows, err := env.Run(ctx, scs, benchModes, iters)
	if err != nil {
		return nil, fmt.Errorf("bench paths: %w", err)
	}
	return rows, nil
}

// printBenchRows prints the table, one row per scenario and mode.
func printBenchRows(stdout io.Writer, rows []pathbench.Row) {
	fmt.Fprintf(stdout, "%-22s %-11s %8s %6s %11s %9s %11s %9s %s\n", "scenario", "mode", "cost", "exp", "µs median", "allocs", "classic µs", "ratio", "note")
	for _, r := range rows {
		note := ""
		if r.LiveByDesign {
			note = "multi: live path by design"
		}
		if r.Mode == pathbench.Classic {
			fmt.Fprintf(stdout, "%-22s %-11s %8.1f %6d %11.2f %9.1f %11s %9s %s\n", r.Scenario, r.Mode, r.Cost, r.Expansions, r.US, r.Allocs, "", "", note)
			continue
		}
		fmt.Fprintf(stdout, "%-22s %-11s %8.1f %6d %11.2f %9.1f %11.1f %8.1fx %s\n", r.Scenario, r.Mode, r.Cost, r.Expansions, r.US, r.Allocs, r.ClassicUS, r.Ratio(), note)
	}
}
