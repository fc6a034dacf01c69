package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"shardcore/config"
	"shardcore/server"
	"shardcore/world"
	"shardcore/world/source"
)

// cmdReplay re-runs a recorded search log on the same world:
// `shard replay FILE [--search classic|cache] [--world default|DIR] [--seed N]
// [--size WxH] [--map N]`. The last line is `searches N found N mismatches N
// p50_us X p99_us X`.
func cmdReplay(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	search := fs.String("search", "cache", "classic (live rules) or cache (step-cache A*)")
	worldFlag := fs.String("world", "default", `"default" (generated) or a directory of client files`)
	seed := fs.Int64("seed", config.Default().World.Seed, "default world seed")
	size := fs.String("size", config.Default().World.Size, "default world size WxH")
	mapID := fs.Int("map", 0, "map id")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: shard replay FILE [--search classic|cache] [--world default|DIR] [--seed N] [--size WxH]")
		fs.PrintDefaults()
	}
	// Accept the file before or after the flags.
	var file string
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		file, args = args[0], args[1:]
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if file == "" && fs.NArg() > 0 {
		file = fs.Arg(0)
	}
	if file == "" {
		fs.Usage()
		return flag.ErrHelp
	}
	f, err := os.Open(file)
	if err != nil {
		return fmt.Errorf("replay: %w", err)
	}
	recs, err := server.ReadRecords(f)
	f.Close()
	if err != nil {
		return fmt.Errorf("replay %s: %w", file, err)
	}
	spec := source.Spec{MapID: world.MapID(*mapID), Seed: *seed}
	if *worldFlag == "default" {
		w, h, err := config.ParseSize(*size)
		if err != nil {
			return fmt.Errorf("replay: --size: %w", err)
		}
		spec.Width, spec.Height = w, h
		spec.FilesDir = filepath.Join(os.TempDir(), fmt.Sprintf("shardcore-replay-%d-%s", *seed, *size))
	} else {
		spec.DataDir = *worldFlag
	}
	w, err := source.Load(ctx, spec)
	if err != nil {
		return fmt.Errorf("replay: %w", err)
	}
	rep, err := server.Replay(ctx, w.Map, w.Tiles, w.Fingerprint, recs, server.ReplayOptions{Search: *search})
	if err != nil {
		return err
	}
	fmt.Printf("recorded  %v\n", rep.Recorded)
	fmt.Printf("replayed  %v (%s)\n", rep.Replayed, *search)
	if rep.FingerprintMismatches > 0 {
		fmt.Printf("warning: %d records were made on other client files (fingerprint differs)\n", rep.FingerprintMismatches)
	}
	if rep.SkippedMaps > 0 {
		fmt.Printf("skipped %d records of other maps\n", rep.SkippedMaps)
	}
	r := rep.Replayed
	fmt.Printf("searches %d found %d mismatches %d p50_us %.1f p99_us %.1f\n", r.Searches, r.Found, rep.Mismatches, r.P50US, r.P99US)
	return nil
}
