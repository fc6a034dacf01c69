package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/pathing/pathbench"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/gen"
	"github.com/shardcore/shardcore/world/gen/britannia"
	"github.com/shardcore/shardcore/world/movingai"
	"github.com/shardcore/shardcore/world/source"
)

// benchModes are the modes bench paths runs after the classic A*.
var benchModes = []pathbench.Mode{pathbench.Cold, pathbench.WarmNoFile, pathbench.LazyFirst, pathbench.LazyWarm, pathbench.WarmJPS}

// cmdBench runs benchmarks: shard bench paths [flags] (benchPaths) | bake
// [flags] (cmdBenchBake) | host [flags] (cmdBenchHost).
func cmdBench(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return subcommand("bench", args, stdout, stderr, map[string]func([]string) error{
		"paths": func(a []string) error { return benchPaths(ctx, a, stdout, stderr) },
		"bake":  func(a []string) error { return cmdBenchBake(ctx, a, stdout, stderr) },
		"host":  func(a []string) error { return cmdBenchHost(ctx, a, stdout, stderr) },
	}, "shard bench paths|bake|host [flags]    (shard bench paths --help and the others: their flags)",
		"  "+benchPathsSynopsis, "  "+benchBakeSynopsis, "  "+benchHostSynopsis)
}

// benchPathsSynopsis is bench paths' usage line.
const benchPathsSynopsis = "shard bench paths [--world default|DIR] [--map N] [--iters N] [--movingai builtin|DIR|\"\"] [--movingai-map NAME] [--cpuprofile FILE]"

// benchPathsOptions are bench paths' flags, checked.
type benchPathsOptions struct {
	world   string
	id      world.MapID
	iters   int
	grid    *movingai.Grid // nil: no Moving AI rows
	scens   []movingai.Scenario
	maiMap  string
	cpuprof string // where to write a CPU profile of the timed rows ("": none)
	maiNote string // why the Moving AI rows are left out
}

// benchPaths is shard bench paths: it times seed 003's scenarios on the
// default world (or their Britannia twins on map --map of a britannia
// folder, --world DIR), and the longest scenario of a Moving AI map, in
// every cache mode and with the jump search against the classic A*, and
// prints a table whose last line is "min warm speedup Xx" (the jump
// search's). Its rows do not depend on the working directory: the Moving
// AI map comes from the binary unless --movingai names a folder.
func benchPaths(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	o, err := parseBenchPaths(args, stdout, stderr)
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "shard-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if o.cpuprof != "" {
		stop, err := startCPUProfile(o.cpuprof)
		if err != nil {
			return err
		}
		defer stop()
	}
	var rows []pathbench.Row
	if o.world == "default" {
		rows, err = benchDefaultWorld(ctx, stdout, dir, o.iters)
	} else {
		rows, err = benchBritannia(ctx, stdout, stderr, dir, o.world, o.id, o.iters)
	}
	if err != nil {
		return err
	}
	if o.grid != nil {
		mrows, err := benchMovingAI(ctx, stdout, dir, o.grid, o.scens, o.maiMap, o.iters)
		if err != nil {
			return err
		}
		rows = append(rows, mrows...)
	}
	if o.maiNote != "" {
		fmt.Fprintln(stdout, o.maiNote)
	}
	printBenchRows(stdout, rows)
	return printMinSpeedups(stdout, rows)
}

// parseBenchPaths parses and checks bench paths' command line, and reads
// the Moving AI map it names.
func parseBenchPaths(args []string, stdout, stderr io.Writer) (benchPathsOptions, error) {
	var o benchPathsOptions
	flags := newFlags("bench paths", stdout, stderr, benchPathsSynopsis,
		"--world DIR (a folder from shard gen-world --profile britannia) runs the Britannia twins: forest walk, town street, dungeon ramp, shore swim, overland traverse",
		"The Moving AI rows use the copy of "+builtinMovingAIMap+" built into the binary unless --movingai names a folder.",
		"The last line printed is: min warm speedup Xx (the jump search's)")
	flags.StringVar(&o.world, "world", "default", `"default" (the generated default world's scenarios) or a britannia folder (its map's twins)`)
	mapID := flags.Int("map", 0, "map id of --world DIR (default: the folder's only map, else 0)")
	flags.IntVar(&o.iters, "iters", 200, "timed samples per scenario and mode (fewer for rows slower than 3 s in all)")
	mai := flags.String("movingai", builtinMovingAI, `Moving AI rows: "builtin" (`+builtinMovingAIMap+`, built into the binary), a folder with maps/ and scenarios/, or "" for none (with --world DIR the default is none)`)
	flags.StringVar(&o.maiMap, "movingai-map", builtinMovingAIMap, "the Moving AI map whose longest scenario is benchmarked")
	flags.StringVar(&o.cpuprof, "cpuprofile", "", "write a CPU profile of the benchmark to FILE (go tool pprof; every mode's searches are in it, focus on a finder's functions)")
	if err := flags.parse(args); err != nil {
		return o, err
	}
	switch {
	case flags.NArg() > 0:
		return o, flags.usageErr("unexpected argument %q", flags.Arg(0))
	case o.iters < 1:
		return o, flags.usageErr("--iters %d: want at least 1", o.iters)
	case *mapID < 0 || *mapID > 255:
		return o, flags.usageErr("--map must be 0..255")
	case o.world == "default" && *mapID != 0:
		return o, flags.usageErr("the default world has only map 0: --map N needs --world DIR")
	case *mai == builtinMovingAI && o.maiMap != builtinMovingAIMap:
		return o, flags.usageErr("the built-in Moving AI set holds only %s: give --movingai DIR for --movingai-map %s", builtinMovingAIMap, o.maiMap)
	}
	if o.world != "default" && !flagSet(flags, "movingai") {
		*mai = ""
		o.maiNote = "Moving AI rows left out with --world DIR (--movingai builtin or DIR adds them)"
	}
	var err error
	if o.id, err = folderMap(o.world, world.MapID(*mapID), flagSet(flags, "map")); err != nil {
		return o, err
	}
	if *mai != "" {
		if o.grid, o.scens, err = loadMovingAI(*mai, o.maiMap); err != nil {
			return o, fmt.Errorf("--movingai %s: %w (--movingai \"\" leaves the Moving AI rows out)", *mai, err)
		}
	}
	return o, nil
}

// printMinSpeedups prints the least warm speedups of the cache A* and of
// the jump search; the last line is the jump search's.
func printMinSpeedups(stdout io.Writer, rows []pathbench.Row) error {
	for _, m := range []pathbench.Mode{pathbench.WarmNoFile, pathbench.WarmJPS} {
		if _, _, ok := pathbench.MinWarmSpeedup(rows, m); !ok {
			return fmt.Errorf("no %v rows", m)
		}
	}
	name, ratio, _ := pathbench.MinWarmSpeedup(rows, pathbench.WarmNoFile)
	fmt.Fprintf(stdout, "cache A*: min warm speedup %.1fx (least: %s)\n", ratio, name)
	name, ratio, _ = pathbench.MinWarmSpeedup(rows, pathbench.WarmJPS)
	fmt.Fprintf(stdout, "(min over scenarios of classic/WarmJPS, excluding scenarios live by design (multi cells); least: %s)\n", name)
	fmt.Fprintf(stdout, "min warm speedup %.1fx\n", ratio)
	return nil
}

// benchBritannia runs the Britannia twins on map id of the britannia
// folder root (its features file names the spots).
func benchBritannia(ctx context.Context, stdout, stderr io.Writer, dir, root string, id world.MapID, iters int) ([]pathbench.Row, error) {
	w, err := source.Load(ctx, source.Spec{DataDir: root, MapID: id})
	if err != nil {
		return nil, err
	}
	if w.Features == nil {
		return nil, fmt.Errorf("%s has no %s: the Britannia twins need a folder from shard gen-world --profile britannia", root, britannia.FeaturesFileName(id))
	}
	wide, high := chunk.Grid(w.Map.Width, w.Map.Height)
	fmt.Fprintf(stderr, "bench paths: baking map %d (%d chunks) and writing its .swb\n", id, wide*high)
	env, err := pathbench.NewEnvRules(ctx, movement.NewRules(w.Map, w.Tiles, nil), dir)
	if err != nil {
		return nil, err
	}
	defer env.Close()
	scs, err := pathbench.BritanniaScenarios(env, w.Features)
	if err != nil {
		return nil, fmt.Errorf("%s map %d: %w", root, id, err)
	}
	fmt.Fprintf(stdout, "britannia map %d %dx%d (%s), .swb %d bytes, up to %d samples per row\n", id, w.Map.Width, w.Map.Height, root, env.SWBBytes, iters)
	rows, err := env.Run(ctx, scs, benchModes, iters)
	if err != nil {
		return nil, err
	}
	return rows, nil
}

// benchDefaultWorld runs seed 003's scenarios on the default world.
func benchDefaultWorld(ctx context.Context, stdout io.Writer, dir string, iters int) ([]pathbench.Row, error) {
	w, err := gen.Default(ctx)
	if err != nil {
		return nil, fmt.Errorf("default world: %w", err)
	}
	env, err := pathbench.NewEnv(ctx, w, dir)
	if err != nil {
		return nil, err
	}
	defer env.Close()
	scs, err := pathbench.Scenarios(env)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(stdout, "default world %dx%d, .swb %d bytes, up to %d samples per row\n", w.Map.Width, w.Map.Height, env.SWBBytes, iters)
	rows, err := env.Run(ctx, scs, benchModes, iters)
	if err != nil {
		return nil, err
	}
	return rows, nil
}

// benchMovingAI runs the longest of scens, Moving AI map name's
// scenarios, on its grid g.
func benchMovingAI(ctx context.Context, stdout io.Writer, dir string, g *movingai.Grid, scens []movingai.Scenario, name string, iters int) ([]pathbench.Row, error) {
	m, td, err := g.World()
	if err != nil {
		return nil, err
	}
	env, err := pathbench.NewEnvRules(ctx, movement.NewRules(m, td, nil), dir)
	if err != nil {
		return nil, err
	}
	defer env.Close()
	longest := scens[0]
	for _, s := range scens {
		if s.Optimal > longest.Optimal {
			longest = s
		}
	}
	scs, err := pathbench.GridScenario(env, fmt.Sprintf("%s (%.0f)", name, longest.Optimal),
		world.Point{X: longest.StartX, Y: longest.StartY}, world.Point{X: longest.GoalX, Y: longest.GoalY})
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(stdout, "Moving AI %s %dx%d: its longest scenario, octile, no corner cutting\n", name, g.Width, g.Height)
	return env.Run(ctx, scs, benchModes, iters)
}

// printBenchRows prints the table, one row per scenario and mode; a cache
// row's lookups are its last search's, with the share the cache answered
// (the rest fell through to the live rules).
func printBenchRows(stdout io.Writer, rows []pathbench.Row) {
	fmt.Fprintf(stdout, "%-22s %-11s %8s %6s %11s %9s %11s %9s %13s %4s %s\n", "scenario", "mode", "cost", "exp", "µs median", "allocs", "classic µs", "ratio", "lookups hit%", "gcs", "note")
	for _, r := range rows {
		note := ""
		if r.LiveByDesign {
			note = "multi: live path by design"
		}
		if r.Mode == pathbench.Classic {
			fmt.Fprintf(stdout, "%-22s %-11s %8.1f %6d %11.2f %9.1f %11s %9s %13s %4d %s\n", r.Scenario, r.Mode, r.Cost, r.Expansions, r.US, r.Allocs, "", "", "", r.GCs, note)
			continue
		}
		fmt.Fprintf(stdout, "%-22s %-11s %8.1f %6d %11.2f %9.1f %11.1f %8.1fx %13s %4d %s\n", r.Scenario, r.Mode, r.Cost, r.Expansions, r.US, r.Allocs, r.ClassicUS, r.Ratio(), lookupShare(r), r.GCs, note)
	}
}

// lookupShare is "N H%": r's lookups and the share that hit.
func lookupShare(r pathbench.Row) string {
	total := 0
	for _, n := range r.Lookups {
		total += n
	}
	if total == 0 {
		return "0"
	}
	return fmt.Sprintf("%d %.0f%%", total, 100*float64(r.Lookups[chunk.Hit])/float64(total))
}
