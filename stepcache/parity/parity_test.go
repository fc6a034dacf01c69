package parity

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/steptest"
	"github.com/shardcore/shardcore/world/gen"
)

// requireClean fails the test on any mismatch, listing the first ones.
func requireClean(t *testing.T, name string, rep VerifyReport) {
	t.Helper()
	t.Logf("%s: %v (%d repeats of a checked situation); lookups %v", name, rep, rep.Repeats, rep.Lookups)
	if rep.Checks == 0 || rep.Lookups[chunk.Hit] == 0 {
		t.Errorf("%s: nothing was checked", name)
	}
	if rep.Mismatches != 0 {
		for _, m := range rep.Samples {
			t.Errorf("%s: %v", name, m)
		}
		t.Fatalf("%s: %d mismatches", name, rep.Mismatches)
	}
}

func TestParityMovingAI(t *testing.T) {
	for _, p := range steptest.MovingAIMaps(t) {
		r, err := steptest.LoadMovingAI(p)
		if err != nil {
			t.Fatal(err)
		}
		rep, err := VerifyWorld(context.Background(), r, VerifyOptions{Distinct: true, SkipOffsets: paritySkipOffsets})
		if err != nil {
			t.Fatal(err)
		}
		requireClean(t, filepath.Base(p), rep)
		if got := rep.Cells; got != int64(r.Map.Width*r.Map.Height) {
			t.Errorf("%s: %d cells checked, want %d", p, got, r.Map.Width*r.Map.Height)
		}
	}
}

func TestParityDefaultWorld(t *testing.T) {
	r := steptest.DefaultRules(t)
	if paritySide != 0 { // under -race: a smaller generated world
		w, err := gen.Generate(context.Background(), gen.Options{Seed: gen.DefaultSeed, Width: paritySide, Height: paritySide})
		if err != nil {
			t.Fatal(err)
		}
		r = movement.NewRules(w.Map, w.Tiles, nil)
	}
	rep, err := VerifyWorld(context.Background(), r, VerifyOptions{Distinct: true, SkipOffsets: paritySkipOffsets})
	if err != nil {
		t.Fatal(err)
	}
	requireClean(t, "default world", rep)
	if rep.Cells != int64(r.Map.Width*r.Map.Height) {
		t.Errorf("%d cells checked, want %d", rep.Cells, r.Map.Width*r.Map.Height)
	}
	if rep.Lookups[chunk.FallMulti] == 0 {
		t.Error("no lookup fell through near the house multis")
	}
	if rep.Lookups[chunk.FallAmphibian] == 0 {
		t.Error("no amphibian fell through: the inexact records were not exercised")
	}
}

func TestParityHandMadeWorld(t *testing.T) {
	r := steptest.HandWorld(t)
	rep, err := VerifyWorld(context.Background(), r, VerifyOptions{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	requireClean(t, "hand-made world", rep)
	if rep.Lookups[chunk.FallMulti] == 0 {
		t.Error("no lookup fell through near the multi")
	}
}

// TestVerifyWorldCatchesABrokenCache proves the checker can fail: a cache
// whose records are altered must report mismatches.
func TestVerifyWorldCatchesABrokenCache(t *testing.T) {
	r := steptest.HandWorld(t)
	v, err := newVerifier(r, VerifyOptions{Movers: VerifyMovers(), KeepMismatches: 4})
	if err != nil {
		t.Fatal(err)
	}
	ch := bake.BuildChunk(r, 0, 0)
	ch.Cells[5*chunk.Size+5].Walk ^= 0x01
	if err := v.cache.Install(r.Map.ID, 0, 0, ch); err != nil {
		t.Fatal(err)
	}
	v.cell(5, 5)
	if v.rep.Mismatches == 0 {
		t.Fatal("an altered record passed VerifyWorld's check")
	}
	t.Log(v.rep.Samples[0])
}

// TestParityDistinctSkipsOnlyRepeats: checking each situation once finds
// what checking every cell finds, with fewer checks.
func TestParityDistinctSkipsOnlyRepeats(t *testing.T) {
	r := steptest.HandWorld(t)
	all, err := VerifyWorld(context.Background(), r, VerifyOptions{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	dis, err := VerifyWorld(context.Background(), r, VerifyOptions{Workers: 2, Distinct: true})
	if err != nil {
		t.Fatal(err)
	}
	requireClean(t, "every cell", all)
	requireClean(t, "distinct", dis)
	if dis.Cells != all.Cells || dis.Repeats == 0 || dis.Checks >= all.Checks {
		t.Fatalf("distinct: %v, %d repeats; every cell: %v", dis, dis.Repeats, all)
	}
	for _, k := range []chunk.HitKind{chunk.FallMulti, chunk.FallAmphibian, chunk.FallZMismatch} {
		if (all.Lookups[k] == 0) != (dis.Lookups[k] == 0) {
			t.Errorf("%v lookups: %d checking every cell, %d checking distinct situations", k, all.Lookups[k], dis.Lookups[k])
		}
	}
}

// TestParityRandomStacks checks the cache against the live rules on the
// random stack worlds of the probe property test.
func TestParityRandomStacks(t *testing.T) {
	seeds := 40
	if testing.Short() {
		seeds = 10
	}
	var sum VerifyReport
	for seed := uint64(1); seed <= uint64(seeds); seed++ {
		rep, err := VerifyWorld(context.Background(), steptest.RandomWorld(t, seed), VerifyOptions{Distinct: true})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Mismatches != 0 {
			requireClean(t, fmt.Sprintf("seed %d", seed), rep)
		}
		sum.Add(rep, 0)
	}
	requireClean(t, fmt.Sprintf("%d random stack worlds", seeds), sum)
}
