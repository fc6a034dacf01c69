package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"

	"github.com/shardcore/shardcore/server"
)

// cmdRender draws the world: `shard render --out world.png [--paths]
// [--size WxH] [--ticks N] [--scale K] [--config server.toml]
// [--population pets=N,patrols=N,swimmers=N]`.
func cmdRender(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	f := newFlags("render", stdout, stderr,
		"shard render --out world.png [--paths] [--size WxH] [--ticks N] [--scale K] [--config server.toml] [--population pets=N,patrols=N,swimmers=N]")
	out := f.String("out", "world.png", "PNG file to write")
	paths := f.Bool("paths", false, "overlay the mobiles' current paths")
	size := f.String("size", "", "default world size WxH (default: world.size)")
	ticks := f.Int("ticks", 200, "ticks of the population to run before drawing")
	scale := f.Int("scale", 1, "pixels per cell side")
	load := f.shardConfig()
	if err := f.parse(args); err != nil {
		return err
	}
	if f.NArg() > 0 {
		return f.usageErr("unexpected argument %q", f.Arg(0))
	}
	cfg, err := load()
	if err != nil {
		return err
	}
	if *size != "" {
		cfg.World.Size = *size
	}
	cfg.Log.Level = "warn"
	log, err := server.NewLogger(cfg.Log, stderr)
	if err != nil {
		return err
	}
	srv, err := server.NewWithOptions(ctx, cfg, log, server.Options{})
	if err != nil {
		return err
	}
	defer srv.Close()
	if err := writePNG(*out, func(w io.Writer) error {
		return srv.Render(ctx, w, server.RenderOptions{Ticks: *ticks, Paths: *paths, Scale: *scale})
	}); err != nil {
		return err
	}
	sum := srv.Snapshot()
	fmt.Fprintf(stdout, "%s: %d ticks, %d mobiles, %d resident chunks\n", *out, sum.Ticks, sum.Mobiles, sum.Resident)
	return nil
}

// writePNG creates path and writes it through draw, buffered.
func writePNG(path string, draw func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(f)
	if err := draw(bw); err != nil {
		f.Close()
		return err
	}
	if err := bw.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
