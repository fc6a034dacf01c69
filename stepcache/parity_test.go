package stepcache

import (
	"context"
	"path/filepath"
	"testing"

	"shardcore/movement"
	"shardcore/world/gen"
)

// requireClean fails the test on any mismatch, listing the first ones.
func requireClean(t *testing.T, name string, rep VerifyReport) {
	t.Helper()
	t.Logf("%s: %v; lookups %v", name, rep, rep.Lookups)
	if rep.Checks == 0 || rep.Lookups[Hit] == 0 {
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
	for _, p := range movingAIMaps(t) {
		r, err := loadMovingAI(p)
		if err != nil {
			t.Fatal(err)
		}
		rep, err := VerifyWorld(context.Background(), r, VerifyOptions{SkipOffsets: paritySkipOffsets})
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
	r := defaultRules(t)
	if paritySide != 0 { // under -race: a smaller generated world
		w, err := gen.Generate(context.Background(), gen.Options{Seed: gen.DefaultSeed, Width: paritySide, Height: paritySide})
		if err != nil {
			t.Fatal(err)
		}
		r = movement.NewRules(w.Map, w.Tiles, nil)
	}
	rep, err := VerifyWorld(context.Background(), r, VerifyOptions{SkipOffsets: paritySkipOffsets})
	if err != nil {
		t.Fatal(err)
	}
	requireClean(t, "default world", rep)
	if rep.Cells != int64(r.Map.Width*r.Map.Height) {
		t.Errorf("%d cells checked, want %d", rep.Cells, r.Map.Width*r.Map.Height)
	}
	if rep.Lookups[FallMulti] == 0 {
		t.Error("no lookup fell through near the house multis")
	}
	if rep.Lookups[FallAmphibian] == 0 {
		t.Error("no amphibian fell through: the inexact records were not exercised")
	}
}

func TestParityHandMadeWorld(t *testing.T) {
	r := handWorld(t)
	rep, err := VerifyWorld(context.Background(), r, VerifyOptions{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	requireClean(t, "hand-made world", rep)
	if rep.Lookups[FallMulti] == 0 {
		t.Error("no lookup fell through near the multi")
	}
}

// TestVerifyWorldCatchesABrokenCache proves the checker can fail: a cache
// whose records are altered must report mismatches.
func TestVerifyWorldCatchesABrokenCache(t *testing.T) {
	r := handWorld(t)
	v, err := newVerifier(r, VerifyOptions{Movers: VerifyMovers(), KeepMismatches: 4})
	if err != nil {
		t.Fatal(err)
	}
	ch := BuildChunk(r, 0, 0)
	ch.Cells[5*ChunkSize+5].Walk ^= 0x01
	if err := v.cache.Install(r.Map.ID, 0, 0, ch); err != nil {
		t.Fatal(err)
	}
	v.cell(5, 5)
	if v.rep.Mismatches == 0 {
		t.Fatal("an altered record passed VerifyWorld's check")
	}
	t.Log(v.rep.Samples[0])
}
