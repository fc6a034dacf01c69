package main

import (
	"context"
	"fmt"
	"io"
	"slices"

	"github.com/shardcore/shardcore/config"
	"github.com/shardcore/shardcore/internal/safefile"
	"github.com/shardcore/shardcore/server/recorder"
	"github.com/shardcore/shardcore/server/replay"
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/source"
)

// replayUsage is `shard replay --help`: the synopsis and what a mismatch is.
var replayUsage = []string{
	"shard replay FILE [--search recorded|classic|cache|jps] [--world default|DIR] [--seed N] [--size WxH] [--map N]",
	"Re-runs every search of a recording (pathfinding.recorder) on the same world, each with the",
	"request, node budget and finder it had and the doors, items and mobiles it saw (recorded per",
	"search since format 2), and compares each outcome with the record. A mismatch is a search",
	"whose replay found a path where the record found none or the other way round, or a path of",
	"another length or cost: the code (search, step cache, movement rules) or the world no longer",
	"answers as the recording shard did. The last line is",
	"  searches N found N mismatches N p50_us X p99_us X",
	"and the exit status is 0 when every search reproduced, 1 when one did not (the first is",
	"named) or the records were made on other client files.",
	"With --search classic, cache or jps, a search another finder recorded may end at its node",
	"budget where the recorded finder did not, or the other way round: the finder that failed runs",
	"it again with 16 times its budget, and when it then finds the path the other found, the search",
	"is counted as budget_only, not as a mismatch.",
	"Records of format 1 carry no dynamics: they replay on the static world, with a warning, and",
	"mismatch where mobiles or doors changed the search.",
}

// cmdReplay re-runs a recorded search log on the same world and fails
// when it does not reproduce it.
func cmdReplay(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	f := newFlags("replay", stdout, stderr, replayUsage...)
	search := f.String("search", "recorded", "recorded (each search's own finder), classic (live rules), cache (step-cache A*) or jps (jump search)")
	worldFlag := f.String("world", "default", `"default" (generated) or a directory of client files`)
	seed := f.Int64("seed", config.Default().World.Seed, "default world seed")
	size := f.String("size", config.Default().World.Size, "default world size WxH")
	mapID := f.Int("map", -1, "replay only map N's records (-1: every map the recording holds)")
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
	if *mapID < -1 || *mapID > 255 {
		return f.usageErr("--map %d: want a map id 0..255, or -1 for every map", *mapID)
	}
	rd, err := readRecording(file)
	if err != nil {
		return err
	}
	worlds, err := replayWorlds(ctx, rd.Records, *worldFlag, *seed, *size, *mapID)
	if err != nil {
		return err
	}
	rep, err := replay.Run(ctx, worlds, rd.Records, replay.Options{Search: *search})
	if err != nil {
		return err
	}
	bc, err := budgetMismatches(ctx, worlds, rd.Records, rep, *search)
	if err != nil {
		return err
	}
	if rd.CutLine > 0 {
		fmt.Fprintf(stdout, "warning: line %d is cut (the recording ends mid-line: its writer stopped); not replayed\n", rd.CutLine)
	}
	printReplay(stdout, rep, bc, *search)
	switch {
	case bc.real > 0:
		return fmt.Errorf("%d of %d searches did not reproduce the recording; first: %v", bc.real, rep.Replayed.Searches, bc.first)
	case rep.FingerprintMismatches > 0:
		return rep.Err()
	}
	return nil
}

// readRecording reads a recorder's JSON lines (a regular file: a named
// pipe is refused, not waited on).
func readRecording(file string) (recorder.Recording, error) {
	f, _, err := safefile.Open(file, safefile.NoLimit)
	if err != nil {
		return recorder.Recording{}, err
	}
	defer f.Close()
	rd, err := recorder.Read(f)
	if err != nil {
		return recorder.Recording{}, fmt.Errorf("%s: %w", file, err)
	}
	return rd, nil
}

// replayWorlds loads map only (≥ 0), or every map the records name.
func replayWorlds(ctx context.Context, recs []recorder.Record, dir string, seed int64, size string, only int) ([]replay.World, error) {
	ids := []int{only}
	if only < 0 {
		ids = ids[:0]
		for _, r := range recs {
			if r.Map >= 0 && r.Map <= 255 && !slices.Contains(ids, r.Map) {
				ids = append(ids, r.Map)
			}
		}
		slices.Sort(ids)
	}
	var out []replay.World
	for _, id := range ids {
		spec, err := replayWorld(dir, seed, size, id)
		if err != nil {
			return nil, err
		}
		w, err := source.Load(ctx, spec)
		if err != nil {
			return nil, fmt.Errorf("map %d: %w", id, err)
		}
		out = append(out, replay.World{Map: w.Map, Tiles: w.Tiles, Fingerprint: w.Fingerprint})
	}
	return out, nil
}

// replayWorld is the world a replay loads: the generated default world of
// seed and size (its client files written where source puts a generated
// world: under the user's cache dir, private to the user, loads of it
// taking turns), or client files in dir.
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
	return spec, nil
}

// printReplay prints what the recording said and what the replay measured;
// the last line is the summary the tools grep for, its mismatches those
// the node budget alone does not explain (bc).
func printReplay(w io.Writer, rep replay.Report, bc budgetCheck, search string) {
	fmt.Fprintf(w, "recorded  %v\n", rep.Recorded)
	fmt.Fprintf(w, "replayed  %v (%s)\n", rep.Replayed, search)
	if rep.Static > 0 {
		fmt.Fprintf(w, "warning: %d records carry no dynamics (format 1 or recorded without them): replayed on the static world, without the doors and mobiles the run had\n", rep.Static)
	}
	if rep.FingerprintMismatches > 0 {
		fmt.Fprintf(w, "warning: %d records were made on other client files (fingerprint differs)\n", rep.FingerprintMismatches)
	}
	if rep.SkippedMaps > 0 {
		fmt.Fprintf(w, "skipped %d records of other maps\n", rep.SkippedMaps)
	}
	if bc.budgetOnly > 0 {
		fmt.Fprintf(w, "budget_only %d: searches one finder ended at its node budget and the other did not; with %d× the budget it finds the path the other found, so they are not mismatches\n", bc.budgetOnly, budgetFactor)
	}
	if bc.first != nil {
		fmt.Fprintf(w, "first mismatch: %v\n", bc.first)
	}
	r := rep.Replayed
	fmt.Fprintf(w, "searches %d found %d mismatches %d p50_us %.1f p99_us %.1f\n", r.Searches, r.Found, bc.real, r.P50US, r.P99US)
}
