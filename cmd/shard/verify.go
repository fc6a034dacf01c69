package main

import (
	"context"
	"fmt"
	"io"
	"sort"

	"shardcore/movement"
	"shardcore/stepcache"
	"shardcore/world/gen"
	"shardcore/world/movingai"
)

// cmdVerify compares every step-cache answer with the live rules:
// shard verify [--world default|--movingai DIR] [--size WxH] [--workers N].
// The last line printed is "cells N checks N mismatches N".
func cmdVerify(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	flags := newFlags("verify", stdout, stderr, "shard verify [--world default|--movingai DIR] [--size WxH] [--seed N] [--workers N] [--offsets=false]",
		"The last line printed is: cells N checks N mismatches N")
	worldName := flags.String("world", "default", "world to verify: default (generated)")
	maiDir := flags.String("movingai", "", "verify every Moving AI .map file under this directory instead")
	size := flags.String("size", "", "generated world size WxH (default 1024x1024)")
	seed := flags.Int64("seed", gen.DefaultSeed, "generated world seed")
	workers := flags.Int("workers", 0, "worker goroutines (0 = all cores)")
	offsets := flags.Bool("offsets", true, "also check requests at z±1, z±2 and at static Zs")
	if err := flags.parse(args); err != nil {
		return err
	}
	opt := stepcache.VerifyOptions{Workers: *workers, SkipOffsets: !*offsets, KeepMismatches: 10}
	var worlds []namedRules
	if *maiDir != "" {
		var err error
		if worlds, err = movingAIWorlds(*maiDir); err != nil {
			return err
		}
	} else {
		if *worldName != "default" {
			return flags.usageErr("unknown world %q (want default, or --movingai DIR)", *worldName)
		}
		o := gen.Options{Seed: *seed}
		if *size != "" {
			w, h, err := gen.ParseSize(*size)
			if err != nil {
				return err
			}
			o.Width, o.Height = w, h
		}
		fmt.Fprintf(stderr, "generating world (seed %d, size %s)\n", o.Seed, orDefault(*size, "1024x1024"))
		w, err := gen.Generate(ctx, o)
		if err != nil {
			return err
		}
		worlds = []namedRules{{"default", movement.NewRules(w.Map, w.Tiles, nil)}}
	}
	var total stepcache.VerifyReport
	for _, nw := range worlds {
		last := -1
		opt.Progress = func(done, all int) {
			if pct := done * 10 / all; pct != last {
				last = pct
				fmt.Fprintf(stderr, "%s: %d/%d chunks\n", nw.name, done, all)
			}
		}
		rep, err := stepcache.VerifyWorld(ctx, nw.r, opt)
		if err != nil {
			return fmt.Errorf("%s: %w", nw.name, err)
		}
		fmt.Fprintf(stderr, "%s: %v\n", nw.name, rep)
		for _, m := range rep.Samples {
			fmt.Fprintf(stderr, "  mismatch: %v\n", m)
		}
		total.Add(rep, 10)
	}
	fmt.Fprintln(stdout, total.String())
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
