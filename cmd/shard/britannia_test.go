package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/stepcache/parity"
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/gen"
	"github.com/shardcore/shardcore/world/source"
	"github.com/shardcore/shardcore/world/uo"
)

// genSmallBritannia writes the britannia profile's map id at 264x264 (16
// full chunks and a partial one per side) into a new folder.
func genSmallBritannia(t *testing.T, id int) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "brit")
	o := genWorldOptions{profile: gen.ProfileBritannia, out: dir, mapID: id, seed: 4, size: "264x264"}
	if err := genBritannia(context.Background(), io.Discard, o); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestGenWorldBritannia(t *testing.T) {
	dir := genSmallBritannia(t, 4)
	for _, name := range []string{"tiledata.mul", "map4.mul", "staidx4.mul", "statics4.mul", "multi.idx", "multi.mul", uo.ManifestName} {
		if st, err := os.Stat(filepath.Join(dir, name)); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "map0.mul")); err == nil {
		t.Error("--map 4 wrote map0.mul")
	}
	for want, args := range map[string][]string{
		"maps 0..5":     {"--profile", "britannia", "--out", t.TempDir(), "--map", "9"},
		"only map 0":    {"--out", t.TempDir(), "--map", "1"},
		"--profile":     {"--profile", "brit", "--out", t.TempDir()},
		"multiple of 8": {"--profile", "britannia", "--out", t.TempDir(), "--size", "260x264"},
	} {
		if err := cmdGenWorld(context.Background(), args, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("gen-world %q: %v, want an error mentioning %q", args, err, want)
		}
	}
}

// TestVerifyClientFolder verifies a partial-chunk map of a generated folder
// through the client-file path: every cell, no mismatch.
func TestVerifyClientFolder(t *testing.T) {
	dir := genSmallBritannia(t, 4)
	ctx := context.Background()
	worlds, err := verifyWorlds(ctx, io.Discard, verifyOptions{world: dir, mapID: 4})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	opt := parity.VerifyOptions{Movers: []movement.Caps{0, movement.CanSwim | movement.CantWalk}, OffsetMovers: []movement.Caps{0}}
	if err := verifyAll(ctx, &out, io.Discard, worlds, opt); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), "cells 69696 checks ") || !strings.HasSuffix(out.String(), " mismatches 0\n") {
		t.Fatalf("last line %q", out.String())
	}
	if _, err := verifyWorlds(ctx, io.Discard, verifyOptions{world: dir, mapID: 3}); err == nil || !strings.Contains(err.Error(), "map3.mul") {
		t.Errorf("map 3 not in the folder: %v", err)
	}
}

// TestSWBInfoSwimStrata bakes a small britannia map and checks the swim and
// strata counts `shard swb info` prints against the chunks baked directly.
func TestSWBInfoSwimStrata(t *testing.T) {
	dir := genSmallBritannia(t, 1)
	out := t.TempDir()
	ctx := context.Background()
	if err := cmdBake(ctx, []string{"--world", dir, "--map", "1", "--out", out}, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	var info bytes.Buffer
	if err := swbInfo(ctx, &info, filepath.Join(out, "map1.swb"), false); err != nil {
		t.Fatal(err)
	}
	w, err := source.Load(ctx, source.Spec{DataDir: dir, MapID: world.Trammel})
	if err != nil {
		t.Fatal(err)
	}
	chunks, err := bake.BuildMap(ctx, movement.NewRules(w.Map, w.Tiles, nil), 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	var uni, swim, strata int
	for _, c := range chunks {
		u, s, st := chunkKinds(c)
		uni, swim, strata = uni+b2i(u), swim+b2i(s), strata+b2i(st)
	}
	lines := strings.Split(strings.TrimSpace(info.String()), "\n")
	last := lines[len(lines)-1]
	want := " uniform " + strconv.Itoa(uni) + " full " + strconv.Itoa(len(chunks)-uni) + " swim " + strconv.Itoa(swim) + " strata " + strconv.Itoa(strata) + " bytes "
	if !strings.HasPrefix(last, "chunks "+strconv.Itoa(len(chunks))+want) || swim == 0 || strata == 0 || uni == 0 {
		t.Fatalf("last line %q, want it to hold %q", last, want)
	}
}
