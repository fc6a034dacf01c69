package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"shardcore/world/gen"
)

// cmdGenWorld generates the default world and writes it as UO client files.
func cmdGenWorld(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("gen-world", stdout, stderr, "shard gen-world --out DIR [--seed N] [--size WxH]")
	out := fs.String("out", "", "directory to write the client files into (required)")
	seed := fs.Int64("seed", gen.DefaultSeed, "world seed")
	size := fs.String("size", fmt.Sprintf("%dx%d", gen.DefaultWidth, gen.DefaultHeight), "map size WIDTHxHEIGHT, multiples of 16 (7168x4096 is the largest UO map)")
	if err := fs.parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fs.usageErr("unexpected arguments %q", fs.Args())
	}
	if *out == "" {
		return fs.usageErr("--out DIR is required")
	}
	w, h, err := gen.ParseSize(*size)
	if err != nil {
		return fmt.Errorf("--size: %w", err)
	}
	t0 := time.Now()
	world, err := gen.Generate(ctx, gen.Options{Seed: *seed, Width: w, Height: h})
	if err != nil {
		return err
	}
	genTime := time.Since(t0)
	t1 := time.Now()
	if err := gen.WriteFiles(*out, world); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "generated %dx%d seed %d in %v: %d statics, %d houses, %d doors; wrote in %v:\n",
		w, h, *seed, genTime.Round(time.Millisecond), world.Map.StaticCount(), len(world.Map.Multis()),
		len(world.Landmarks.Doors), time.Since(t1).Round(time.Millisecond))
	for _, name := range gen.Files() {
		p := filepath.Join(*out, name)
		st, err := os.Stat(p)
		if err != nil {
			return fmt.Errorf("check %s: %w", p, err)
		}
		fmt.Fprintf(stdout, "  %-13s %12d bytes\n", name, st.Size())
	}
	return nil
}
