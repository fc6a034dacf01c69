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
