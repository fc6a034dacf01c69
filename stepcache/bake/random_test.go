package bake

import (
	"context"
	"testing"

	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/steptest"
)

// TestFastProbeRandomStacks compares both probes on every chunk of many
// random stack worlds.
func TestFastProbeRandomStacks(t *testing.T) {
	seeds := randomWorlds
	if testing.Short() {
		seeds = 60
	}
	var chunks, strata, liveOnly, inexact int
	for seed := uint64(1); seed <= uint64(seeds); seed++ {
		r := steptest.RandomWorld(t, seed)
		rep, err := CompareProbes(context.Background(), r, nil, 1, 4, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range rep.Diffs {
			t.Errorf("seed %d (%dx%d): chunk (%d,%d): fast vs reference: %s", seed, r.Map.Width, r.Map.Height, d.CX, d.CY, d.Diff)
		}
		if rep.Identical != rep.Chunks {
			t.Fatalf("seed %d: %d of %d chunks identical", seed, rep.Identical, rep.Chunks)
		}
		chunks += rep.Chunks
		wide, high := chunk.Grid(r.Map.Width, r.Map.Height)
		for i := 0; i < wide*high; i++ {
			ch := BuildChunk(r, i%wide, i/wide)
			strata += len(ch.Strata)
			for _, c := range append(ch.Cells[:], ch.Strata...) {
				if c.Info&chunk.InfoLiveOnly != 0 {
					liveOnly++
				}
				if c.Info&chunk.InfoAmphibianInexact != 0 {
					inexact++
				}
			}
		}
	}
	t.Logf("%d worlds, %d chunks identical; %d strata, %d LiveOnly records, %d amphibian-inexact records", seeds, chunks, strata, liveOnly, inexact)
	if strata == 0 || liveOnly == 0 || inexact == 0 {
		t.Fatal("the random worlds missed strata, LiveOnly or amphibian-inexact records")
	}
}

// TestFastProbeMemoShifts compares both probes on pattern worlds, where the
// fast probe's memo answers many cells from a copy at another height.
func TestFastProbeMemoShifts(t *testing.T) {
	seeds := patternWorlds
	if testing.Short() {
		seeds = 40
	}
	hits := 0
	for seed := uint64(1); seed <= uint64(seeds); seed++ {
		r := steptest.PatternWorld(t, seed)
		rep, err := CompareProbes(context.Background(), r, nil, 1, 4, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range rep.Diffs {
			t.Errorf("seed %d: chunk (%d,%d): fast vs reference: %s", seed, d.CX, d.CY, d.Diff)
		}
		if rep.Identical != rep.Chunks {
			t.Fatalf("seed %d: %d of %d chunks identical", seed, rep.Identical, rep.Chunks)
		}
		b := NewBuilder(r)
		for i := 0; i < 16; i++ {
			b.Build(i%4, i/4)
		}
		hits += b.memo.hits
	}
	t.Logf("%d pattern worlds identical; %d memo hits", seeds, hits)
	if hits == 0 {
		t.Fatal("no cell was answered by the memo")
	}
}
