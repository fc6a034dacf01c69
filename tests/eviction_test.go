package tests

import (
	"testing"

	"github.com/shardcore/shardcore/population"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/systems"
)

var mixedPop = population.Options{Pets: 40, Patrols: 40, Swimmers: 10, Seed: 11}

// runMixed runs the mixed population for ticks under a deterministic budget
// with a cache of the given resident cap, calling each after every tick.
func runMixed(t *testing.T, maxResident, ticks int, each func(sh *shard)) *shard {
	t.Helper()
	cfg := stepcache.DefaultConfig()
	cfg.MaxResidentChunks = maxResident
	cfg.Seed = 1
	sh := newShard(t, shardSetup{pop: mixedPop, opts: systems.Options{Seed: 11, MaxSearchesPerTick: 6}, cache: &cfg})
	sh.run(ticks, func(int) {
		if each != nil {
			each(sh)
		}
	})
	sh.check.verify(t)
	return sh
}

// TestEviction: with a small resident cap the cache never holds more chunks
// than the cap after any tick, evicts, and the simulation ends exactly as
// it does with a cap large enough never to evict.
func TestEviction(t *testing.T) {
	const small, ticks = 12, 2500
	worst := 0
	a := runMixed(t, small, ticks, func(sh *shard) {
		r := sh.cache.Stats().Resident
		worst = max(worst, r)
		if r > small {
			t.Fatalf("tick %d: %d resident chunks, cap %d", sh.sim.TickCount(), r, small)
		}
	})
	b := runMixed(t, 1<<20, ticks, nil)
	sa, sb := a.cache.Stats(), b.cache.Stats()
	t.Logf("small cap: resident ≤ %d, built %d, evicted %d, hit ratio %.2f; large cap: resident %d, built %d, hit ratio %.2f",
		worst, sa.Built, sa.Evicted, sa.HitRatio(), sb.Resident, sb.Built, sb.HitRatio())
	if sa.Evicted == 0 || sb.Evicted != 0 {
		t.Fatalf("evicted %d with cap %d and %d with the large cap", sa.Evicted, small, sb.Evicted)
	}
	if sb.Resident <= small {
		t.Fatalf("the large-cap run kept only %d chunks: the small cap was never tested", sb.Resident)
	}
	if ha, hb := a.sim.PositionsHash(), b.sim.PositionsHash(); ha != hb {
		t.Fatalf("positions hash %x with cap %d, %x with the large cap", ha, small, hb)
	}
}
