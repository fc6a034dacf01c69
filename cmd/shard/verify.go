package main

import (
	"context"
	"fmt"
	"io"
	"sort"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/parity"
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/gen"
	"github.com/shardcore/shardcore/world/movingai"
	"github.com/shardcore/shardcore/world/source"
)

// verifyOptions are the flags of `shard verify`.
type verifyOptions struct {
	world   string // "default" or a client-files directory
	mapID   int
	maiDir  string
	size    string
	seed    int64
	workers int
	offsets bool
}

// cmdVerify compares every step-cache answer with the live rules:
// shard verify [--world default|DIR] [--map N] [--movingai DIR] [--size WxH]
// [--seed N] [--workers N]. The last line printed is
// "cells N checks N mismatches N".
func cmdVerify(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var o verifyOptions
	flags := newFlags("verify", stdout, stderr, "shard verify [--world default|DIR] [--map N] [--movingai DIR] [--size WxH] [--seed N] [--workers N] [--offsets=false]",
		"The last line printed is: cells N checks N mismatches N")
	flags.StringVar(&o.world, "world", "default", `world to verify: "default" (generated) or a directory of client files (a client's, or one "shard gen-world" wrote)`)
	flags.IntVar(&o.mapID, "map", 0, "map id in the --world directory (default: the folder's only map, else 0)")
	flags.StringVar(&o.maiDir, "movingai", "", "verify every Moving AI .map file under this directory instead")
	flags.StringVar(&o.size, "size", "", "generated default world size WxH (default 1024x1024)")
	flags.Int64Var(&o.seed, "seed", gen.DefaultSeed, "generated world seed")
	flags.IntVar(&o.workers, "workers", 0, "worker goroutines (0 = all cores)")
	flags.BoolVar(&o.offsets, "offsets", true, "also check requests at z±1, z±2 and at static Zs")
	if err := flags.parse(args); err != nil {
		return err
	}
	if flags.NArg() > 0 {
		return flags.usageErr("unexpected arguments %q", flags.Args())
	}
	if o.mapID < 0 || o.mapID > 255 {
		return flags.usageErr("--map %d: want 0..255", o.mapID)
	}
	if o.maiDir == "" {
		id, err := folderMap(o.world, world.MapID(o.mapID), flagSet(flags, "map"))
		if err != nil {
			return err
		}
		o.mapID = int(id)
	}
	worlds, err := verifyWorlds(ctx, stderr, o)
	if err != nil {
		return err
	}
	opt := parity.VerifyOptions{Workers: o.workers, SkipOffsets: !o.offsets, KeepMismatches: 10}
	return verifyAll(ctx, stdout, stderr, worlds, opt)
}

// verifyWorlds loads the worlds o names: the Moving AI maps, a map of a
// client folder, or the generated default world.
func verifyWorlds(ctx context.Context, log io.Writer, o verifyOptions) ([]namedRules, error) {
	if o.maiDir != "" {
		return movingAIWorlds(o.maiDir)
	}
	if o.world != "default" {
		w, err := source.Load(ctx, source.Spec{DataDir: o.world, MapID: world.MapID(o.mapID)})
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(log, "loaded map %d of %s: %dx%d, %d houses\n", o.mapID, o.world, w.Map.Width, w.Map.Height, len(w.Map.Multis()))
		return []namedRules{{fmt.Sprintf("map%d", o.mapID), movement.NewRules(w.Map, w.Tiles, nil)}}, nil
	}
	if o.mapID != 0 {
		return nil, fmt.Errorf("--map %d: the default world has only map 0 (give --world DIR for a client folder)", o.mapID)
	}
	opts := gen.Options{Seed: o.seed}
	if o.size != "" {
		w, h, err := gen.ParseSize(o.size)
		if err != nil {
			return nil, err
		}
		opts.Width, opts.Height = w, h
	}
	fmt.Fprintf(log, "generating world (seed %d, size %s)\n", opts.Seed, orDefault(o.size, "1024x1024"))
	w, err := gen.Generate(ctx, opts)
	if err != nil {
		return nil, err
	}
	return []namedRules{{"default", movement.NewRules(w.Map, w.Tiles, nil)}}, nil
}

// verifyAll verifies each world with progress on log and prints the total
// last on out; any mismatch is an error.
func verifyAll(ctx context.Context, out, log io.Writer, worlds []namedRules, opt parity.VerifyOptions) error {
	var total parity.VerifyReport
	for _, nw := range worlds {
		last := -1
		opt.Progress = func(done, all int) {
			if pct := done * 10 / all; pct != last {
				last = pct
				fmt.Fprintf(log, "%s: %d/%d chunks\n", nw.name, done, all)
			}
		}
		rep, err := parity.VerifyWorld(ctx, nw.r, opt)
		if err != nil {
			return fmt.Errorf("%s: %w", nw.name, err)
		}
		fmt.Fprintf(log, "%s: %v\n", nw.name, rep)
		for _, m := range rep.Samples {
			fmt.Fprintf(log, "  mismatch: %v\n", m)
		}
		total.Add(rep, 10)
	}
	fmt.Fprintln(out, total.String())
	if total.Mismatches != 0 {
		return fmt.Errorf("%d mismatches", total.Mismatches)
	}
	return nil
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

type namedRules struct {
	name string
	r    *movement.Rules
}

// movingAIWorlds loads every .map under dir through world/movingai: passable
// terrain is land, trees and out-of-bounds are impassable land, water is
// Wet|Impassable land; maps are padded with impassable land to 16-cell
// multiples.
func movingAIWorlds(dir string) ([]namedRules, error) {
	grids, err := movingai.LoadMaps(dir)
	if err != nil {
		return nil, err
	}
	if len(grids) == 0 {
		return nil, fmt.Errorf("movingai %s: no .map files", dir)
	}
	names := make([]string, 0, len(grids))
	for n := range grids {
		names = append(names, n)
	}
	sort.Strings(names)
	out := make([]namedRules, 0, len(names))
	for _, n := range names {
		m, td, err := grids[n].World()
		if err != nil {
			return nil, err
		}
		out = append(out, namedRules{n, movement.NewRules(m, td, nil)})
	}
	return out, nil
}
