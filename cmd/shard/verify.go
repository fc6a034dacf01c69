package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"shardcore/movement"
	"shardcore/stepcache"
	"shardcore/world"
	"shardcore/world/gen"
)

// cmdVerify compares every step-cache answer with the live rules:
// shard verify [--world default|--movingai DIR] [--size WxH] [--workers N].
// The last line printed is "cells N checks N mismatches N".
func cmdVerify(ctx context.Context, args []string) error {
	flags := flag.NewFlagSet("verify", flag.ContinueOnError)
	worldName := flags.String("world", "default", "world to verify: default (generated)")
	maiDir := flags.String("movingai", "", "verify every Moving AI .map file under this directory instead")
	size := flags.String("size", "", "generated world size WxH (default 1024x1024)")
	seed := flags.Int64("seed", gen.DefaultSeed, "generated world seed")
	workers := flags.Int("workers", 0, "worker goroutines (0 = all cores)")
	offsets := flags.Bool("offsets", true, "also check requests at z±1, z±2 and at static Zs")
	if err := flags.Parse(args); err != nil {
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
			return fmt.Errorf("unknown world %q (want default, or --movingai DIR)", *worldName)
		}
		o := gen.Options{Seed: *seed}
		if *size != "" {
			w, h, err := gen.ParseSize(*size)
			if err != nil {
				return err
			}
			o.Width, o.Height = w, h
		}
		fmt.Fprintf(os.Stderr, "generating world (seed %d, size %s)\n", o.Seed, orDefault(*size, "1024x1024"))
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
				fmt.Fprintf(os.Stderr, "%s: %d/%d chunks\n", nw.name, done, all)
			}
		}
		rep, err := stepcache.VerifyWorld(ctx, nw.r, opt)
		if err != nil {
			return fmt.Errorf("%s: %w", nw.name, err)
		}
		fmt.Fprintf(os.Stderr, "%s: %v\n", nw.name, rep)
		for _, m := range rep.Samples {
			fmt.Fprintf(os.Stderr, "  mismatch: %v\n", m)
		}
		total.Add(rep, 10)
	}
	fmt.Println(total.String())
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

// movingAIWorlds loads every .map under dir. Until package world/movingai
// lands this is a minimal reader: passable terrain is land, trees and
// out-of-bounds are impassable land, water is Wet|Impassable land; maps are
// padded with impassable land to whole 8×8 blocks.
func movingAIWorlds(dir string) ([]namedRules, error) {
	var out []namedRules
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".map") {
			return err
		}
		r, err := loadMovingAIMap(p)
		if err != nil {
			return err
		}
		out = append(out, namedRules{filepath.Base(p), r})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("movingai %s: %w", dir, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("movingai %s: no .map files", dir)
	}
	return out, nil
}

func loadMovingAIMap(path string) (*movement.Rules, error) {
	const grass, water, rock uint16 = 0x0003, 0x00A8, 0x00DC
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	w, h := -1, -1
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "map" {
			break
		}
		k, v, _ := strings.Cut(line, " ")
		switch k {
		case "width":
			w, err = strconv.Atoi(strings.TrimSpace(v))
		case "height":
			h, err = strconv.Atoi(strings.TrimSpace(v))
		}
		if err != nil {
			return nil, fmt.Errorf("%s: header: %w", path, err)
		}
	}
	if w <= 0 || h <= 0 || w > 1<<15 || h > 1<<15 {
		return nil, fmt.Errorf("%s: bad or missing width/height (%d×%d)", path, w, h)
	}
	b, err := world.NewBuilder(world.Felucca, (w+7)&^7, (h+7)&^7)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	for y := 0; y < b.Height(); y++ {
		for x := 0; x < b.Width(); x++ {
			b.SetLand(x, y, rock, 0)
		}
	}
	for y := 0; y < h && sc.Scan(); y++ {
		row := strings.TrimRight(sc.Text(), "\r")
		for x := 0; x < w && x < len(row); x++ {
			id := rock
			switch row[x] {
			case '.', 'G', 'S':
				id = grass
			case 'W':
				id = water
			}
			b.SetLand(x, y, id, 0)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	m, err := b.Build()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	td := world.NewTileData(world.TileFormatNew)
	td.Land[water].Flags = world.FlagWet | world.FlagImpassable
	td.Land[rock].Flags = world.FlagImpassable
	return movement.NewRules(m, td, nil), nil
}
