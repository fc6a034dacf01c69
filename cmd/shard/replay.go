package main

import (
	"context"
	"fmt"
	"io"
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
func cmdReplay(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	f := newFlags("replay", stdout, stderr,
		"shard replay FILE [--search classic|cache] [--world default|DIR] [--seed N] [--size WxH] [--map N]")
	search := f.String("search", "cache", "classic (live rules) or cache (step-cache A*)")
	worldFlag := f.String("world", "default", `"default" (generated) or a directory of client files`)
	seed := f.Int64("seed", config.Default().World.Seed, "default world seed")
	size := f.String("size", config.Default().World.Size, "default world size WxH")
	mapID := f.Int("map", 0, "map id")
	// Accept the file before or after the flags.
	var file string
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		file, args = args[0], args[1:]
	}
	if err := f.parse(args); err != nil {
		return err
	}
	if file == "" && f.NArg() > 0 {
		file = f.Arg(0)
	}
	if file == "" {
		return f.usageErr("missing the recording FILE")
	}
	recs, err := readRecording(file)
	if err != nil {
		return err
	}
	spec, err := replayWorld(*worldFlag, *seed, *size, *mapID)
	if err != nil {
		return f.usageErr("%v", err)
	}
	w, err := source.Load(ctx, spec)
	if err != nil {
		return fmt.Errorf("replay: %w", err)
	}
	rep, err := server.Replay(ctx, w.Map, w.Tiles, w.Fingerprint, recs, server.ReplayOptions{Search: *search})
	if err != nil {
		return err
	}
	printReplay(stdout, rep, *search)
	return nil
}

// readRecording reads a recorder's JSON lines.
func readRecording(file string) ([]server.Record, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	defer f.Close()
	recs, err := server.ReadRecords(f)
	if err != nil {
		return nil, fmt.Errorf("replay %s: %w", file, err)
	}
	return recs, nil
}

// replayWorld is the world a replay loads: the generated default world of
// seed and size (its client files in the temp dir), or client files in dir.
func replayWorld(dir string, seed int64, size string, mapID int) (source.Spec, error) {
	spec := source.Spec{MapID: world.MapID(mapID), Seed: seed}
	if dir != "default" {
		spec.DataDir = dir
		return spec, nil
	}
	w, h, err := config.ParseSize(size)
	if err != nil {
		return spec, fmt.Errorf("--size: %w", err)
	}
	spec.Width, spec.Height = w, h
	spec.FilesDir = filepath.Join(os.TempDir(), fmt.Sprintf("shardcore-replay-%d-%s", seed, size))
	return spec, nil
}

// printReplay prints what the recording said and what the replay measured;
// the last line is the summary the tools grep for.
func printReplay(w io.Writer, rep server.ReplayReport, search string) {
	fmt.Fprintf(w, "recorded  %v\n", rep.Recorded)
	fmt.Fprintf(w, "replayed  %v (%s)\n", rep.Replayed, search)
	if rep.FingerprintMismatches > 0 {
		fmt.Fprintf(w, "warning: %d records were made on other client files (fingerprint differs)\n", rep.FingerprintMismatches)
	}
	if rep.SkippedMaps > 0 {
		fmt.Fprintf(w, "skipped %d records of other maps\n", rep.SkippedMaps)
	}
	r := rep.Replayed
	fmt.Fprintf(w, "searches %d found %d mismatches %d p50_us %.1f p99_us %.1f\n", r.Searches, r.Found, rep.Mismatches, r.P50US, r.P99US)
}
