package stepcache

import (
	"fmt"
	"testing"
)

func newTestGate(t testing.TB, cfg GateConfig) *Gate {
	t.Helper()
	if cfg.Threshold == 0 {
		cfg.Threshold = DefaultMissPromotionThreshold
	}
	if cfg.WindowMs == 0 {
		cfg.WindowMs = DefaultMissPromotionWindowMs
	}
	if cfg.VisitMs == 0 {
		cfg.VisitMs = DefaultMissVisitMs
	}
	if cfg.Cap == 0 {
		cfg.Cap = 1 << 20
	}
	g, err := NewGate(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func key(i int) ChunkKey { return ChunkKey{Map: 0, Index: uint32(i)} }

// TestGate_Visits: the visit rules, one case per line.
func TestGate_Visits(t *testing.T) {
	type miss struct {
		at    int64
		party uint64
		want  bool
	}
	cases := []struct {
		name   string
		cfg    GateConfig
		misses []miss
	}{
		{"first miss defers", GateConfig{}, []miss{{0, 1, false}}},
		{"second visit within the window admits", GateConfig{}, []miss{{0, 1, false}, {10_000, 1, true}}},
		{"misses within a visit count once", GateConfig{}, []miss{{0, 1, false}, {250, 1, false}, {9_999, 1, false}, {10_000, 1, true}}},
		{"another party is another visit", GateConfig{}, []miss{{0, 1, false}, {1, 2, true}}},
		{"after the window the count restarts", GateConfig{}, []miss{{0, 1, false}, {30_001, 1, false}, {30_011, 1, false}, {40_001, 1, true}}},
		{"at the window's end it still counts", GateConfig{}, []miss{{0, 1, false}, {30_000, 1, true}}},
		{"threshold 1 admits the first miss", GateConfig{Threshold: 1}, []miss{{0, 1, true}}},
		{"threshold 3", GateConfig{Threshold: 3}, []miss{{0, 1, false}, {1, 2, false}, {2, 2, false}, {3, 1, true}}},
		{"a short visit", GateConfig{VisitMs: 1}, []miss{{0, 1, false}, {1, 1, true}}},
		{"an admitted chunk is forgotten", GateConfig{}, []miss{{0, 1, false}, {0, 2, true}, {0, 1, false}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := newTestGate(t, tc.cfg)
			for i, m := range tc.misses {
				if got := g.Visit(key(7), m.party, m.at); got != m.want {
					t.Fatalf("miss %d (%+v): admitted %v", i, m, got)
				}
			}
		})
	}
}

// TestGate_CapEvictsOldestVisit: a full gate forgets the chunk whose
// latest visit is oldest; a chunk visited again moves to the back.
func TestGate_CapEvictsOldestVisit(t *testing.T) {
	g := newTestGate(t, GateConfig{Cap: 3, Threshold: 3})
	g.Visit(key(0), 1, 0)
	g.Visit(key(1), 1, 1)
	g.Visit(key(2), 1, 2)
	g.Visit(key(0), 2, 3) // chunk 0's second visit: now the newest
	g.Visit(key(3), 1, 4) // full: chunk 1, the oldest latest visit, goes
	if st := g.Stats(); st.Evicted != 1 || g.Len() != 3 {
		t.Fatalf("stats %+v, tracked %d", st, g.Len())
	}
	if !g.Visit(key(0), 3, 5) {
		t.Fatal("chunk 0 (visited again) was evicted instead of chunk 1")
	}
	if g.Visit(key(1), 2, 6) || g.Visit(key(1), 3, 7) {
		t.Fatal("chunk 1 kept its visits: it should have been evicted")
	}
}

// TestGate_ExpiredGoFirst: entries whose window ended are dropped before
// the cap evicts anything, and never count.
func TestGate_ExpiredGoFirst(t *testing.T) {
	g := newTestGate(t, GateConfig{Cap: 100})
	for i := 0; i < 100; i++ {
		g.Visit(key(i), 1, int64(i))
	}
	g.Visit(key(1000), 1, 30_050) // entries 0..49 have expired
	st := g.Stats()
	if st.Expired != 50 || st.Evicted != 0 || g.Len() != 51 {
		t.Fatalf("stats %+v, tracked %d", st, g.Len())
	}
	if g.Visit(key(10), 2, 30_051) {
		t.Fatal("an expired entry still counted")
	}
}

// TestGate_ClockNeverGoesBack: an earlier time counts as the latest seen.
func TestGate_ClockNeverGoesBack(t *testing.T) {
	g := newTestGate(t, GateConfig{})
	g.Visit(key(1), 1, 50_000)
	if g.Visit(key(1), 1, 0) {
		t.Fatal("a miss 'before' the first one was a new visit")
	}
	if !g.Visit(key(1), 1, 60_000) {
		t.Fatal("a visit later did not admit")
	}
}

func TestGate_BadConfig(t *testing.T) {
	for _, cfg := range []GateConfig{{}, {Threshold: 1, WindowMs: 1, VisitMs: 1}, {Threshold: 1, WindowMs: -1, VisitMs: 1, Cap: 1}} {
		if _, err := NewGate(cfg); err == nil {
			t.Errorf("NewGate(%+v) accepted", cfg)
		}
	}
}

// TestGate_WorkPerMissFlat: the gate's work per miss does not grow with
// the number of chunks it tracks. Full gates of 4,096, 65,536 and 1,048,576
// chunks, nothing expired: every new chunk evicts the oldest, and each miss
// examines exactly two entries (itself and the one evicted), where a scan
// for the oldest would examine all of them. Then a whole gate expires at
// once: one miss drops it, which its inserts paid for (amortized at most 3
// per miss over the fill).
func TestGate_WorkPerMissFlat(t *testing.T) {
	sizes := []int{4096, 65536, 1 << 20}
	if testing.Short() {
		sizes = sizes[:2]
	}
	const misses = 10_000
	for _, n := range sizes {
		g := newTestGate(t, GateConfig{Cap: n})
		for i := 0; i < n; i++ {
			g.Visit(key(i), 1, 0)
		}
		before := g.Stats()
		for i := 0; i < misses; i++ {
			g.Visit(key(n+i), 1, 1)
		}
		st := g.Stats()
		if per := float64(st.Examined-before.Examined) / misses; per != 2 {
			t.Errorf("%d tracked: %.3f entries examined per miss, want 2", n, per)
		}
		if st.Evicted-before.Evicted != misses || g.Len() != n {
			t.Errorf("%d tracked: evicted %d, tracked %d", n, st.Evicted-before.Evicted, g.Len())
		}
		g.Visit(key(n+misses), 1, 1+DefaultMissPromotionWindowMs+1)
		st = g.Stats()
		if g.Len() != 1 || st.Expired != uint64(n) {
			t.Errorf("%d tracked: after the window: tracked %d, expired %d", n, g.Len(), st.Expired)
		}
		total := n + misses + 1
		if per := float64(st.Examined) / float64(total); per > 3 {
			t.Errorf("%d tracked: %.3f entries examined per miss over the run, want at most 3", n, per)
		}
	}
}

// BenchmarkGateMiss: misses against a full gate of n chunks on a map of
// 2n chunks, in a scattered order (a multiplicative permutation) in which
// each miss is of a chunk not tracked, so each evicts the oldest entry.
// misses/s at 4k, 64k and 1M tracked chunks stays flat (within the memory
// hierarchy's effect on the index: 8 MB at 1M).
func BenchmarkGateMiss(b *testing.B) {
	for _, n := range []int{4096, 65536, 1 << 20} {
		b.Run(fmt.Sprintf("tracked=%d", n), func(b *testing.B) {
			g := newTestGate(b, GateConfig{Cap: n})
			mask := uint64(2*n - 1)
			scattered := func(i int) ChunkKey { return ChunkKey{Index: uint32(uint64(i) * 0x9E3779B1 & mask)} }
			for i := 0; i < n; i++ {
				g.Visit(scattered(i), 1, 0)
			}
			before := g.Stats()
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				g.Visit(scattered(n+i), uint64(i), 1)
			}
			b.StopTimer()
			if st := g.Stats(); st.Evicted-before.Evicted != uint64(b.N) {
				b.Fatalf("%d misses evicted %d", b.N, st.Evicted-before.Evicted)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "misses/s")
		})
	}
}
