package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"

	"shardcore/server"
)

// cmdRender draws the world: `shard render --out world.png [--paths]
// [--size WxH] [--ticks N] [--scale K] [--config server.toml]
// [--population pets=N,patrols=N,swimmers=N]`.
func cmdRender(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	out := fs.String("out", "world.png", "PNG file to write")
	paths := fs.Bool("paths", false, "overlay the mobiles' current paths")
	size := fs.String("size", "", "default world size WxH (default: world.size)")
	ticks := fs.Int("ticks", 200, "ticks of the population to run before drawing")
	scale := fs.Int("scale", 1, "pixels per cell side")
	cfgPath := fs.String("config", "", "server.toml (default: ./server.toml if present, else the defaults)")
	popFlag := fs.String("population", "", "override the population: pets=N,patrols=N,swimmers=N")
	if err := fs.Parse(args); err != nil {
		return err
	}
	cfg, err := loadRunConfig(*cfgPath)
	if err != nil {
		return err
	}
	if *size != "" {
		cfg.World.Size = *size
	}
	if *popFlag != "" {
		if err := parsePopulation(*popFlag, &cfg.Shard.Population); err != nil {
			return err
		}
	}
	cfg.Log.Level = "warn"
	log, err := server.NewLogger(cfg.Log, os.Stderr)
	if err != nil {
		return err
	}
	srv, err := server.NewWithOptions(ctx, cfg, log, server.Options{TapPaths: *paths})
	if err != nil {
		return err
	}
	defer srv.Close()
	f, err := os.Create(*out)
	if err != nil {
		return fmt.Errorf("render: %w", err)
	}
	bw := bufio.NewWriter(f)
	if err := srv.Render(ctx, bw, server.RenderOptions{Ticks: *ticks, Paths: *paths, Scale: *scale}); err != nil {
		f.Close()
		return err
	}
	if err := bw.Flush(); err != nil {
		f.Close()
		return fmt.Errorf("render: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("render: %w", err)
	}
	sum := srv.Snapshot()
	fmt.Printf("%s: %d ticks, %d mobiles, %d resident chunks\n", *out, sum.Ticks, sum.Mobiles, sum.Resident)
	return nil
}
