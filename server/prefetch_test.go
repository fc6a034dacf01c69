package server

import (
	"fmt"
	"strings"
	"testing"
)

// TestPrefetchRunsInTheShard: with pathfinding.prefetch the shard's maps
// (their own goroutines, background builders, search workers' views)
// prefetch chunks, and the summary's lines carry late, prefetched and
// unused, the last line's the maps' sums.
func TestPrefetchRunsInTheShard(t *testing.T) {
	cfg := testConfig(t.TempDir())
	cfg.Pathfinding.MissPromotionThreshold = 2
	cfg.Pathfinding.Prefetch, cfg.Pathfinding.PrefetchTicks = true, 60
	cfg.Shard.Population.Pets, cfg.Shard.Population.Patrols = 80, 80
	s, logs := newTestServer(t, cfg, Options{MaxTicks: 800, Unpaced: true})
	if err := s.Run(t.Context()); err != nil {
		t.Fatalf("Run: %v\n%s", err, logs)
	}
	sum := s.Summary()
	m := sum.Maps[0]
	t.Logf("%s\n%s", m.Line(), sum.Line())
	if sum.Prefetched == 0 || m.Prefetched != sum.Prefetched || m.Late != sum.Late || m.Unused != sum.Unused {
		t.Fatalf("prefetched %d (map %d), late %d (map %d), unused %d (map %d)", sum.Prefetched, m.Prefetched, sum.Late, m.Late, sum.Unused, m.Unused)
	}
	want := fmt.Sprintf(" late %d prefetched %d unused %d", sum.Late, sum.Prefetched, sum.Unused)
	if !strings.HasSuffix(sum.Line(), want) || !strings.HasSuffix(m.Line(), want) {
		t.Fatalf("lines do not end %q:\n%s\n%s", want, m.Line(), sum.Line())
	}
}

// TestPrefetchSameSeedSamePositions: on the default world, with a budget
// of searches per tick (no time budget to bind), the same seed ends in the same positions with
// prefetch on and off (prefetch changes when chunks are built, never an
// answer), the builds in the background either way.
func TestPrefetchSameSeedSamePositions(t *testing.T) {
	run := func(prefetch bool) (uint64, Summary) {
		cfg := testConfig(t.TempDir())
		cfg.Pathfinding.MissPromotionThreshold = 2
		cfg.Pathfinding.Prefetch = prefetch
		cfg.Shard.Population.Pets, cfg.Shard.Population.Patrols = 40, 40
		// A budget of searches, not of time: a time budget that binds (under
		// -race on a busy machine) would change the outcome, with or without
		// prefetch.
		s, logs := newTestServer(t, cfg, Options{MaxTicks: 1500, Unpaced: true, MaxSearchesPerTick: 64})
		if err := s.Run(t.Context()); err != nil {
			t.Fatalf("Run: %v\n%s", err, logs)
		}
		return s.PositionsHash(), s.Summary()
	}
	hOff, off := run(false)
	hOn, on := run(true)
	t.Logf("off: %x %s\non: %x %s", hOff, off.Line(), hOn, on.Line())
	if hOn != hOff || on.Paths != off.Paths {
		t.Fatalf("prefetch on ends in %x after %d searches, off in %x after %d", hOn, on.Paths, hOff, off.Paths)
	}
	if on.Prefetched == 0 {
		t.Fatal("nothing prefetched")
	}
}
