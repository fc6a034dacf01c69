package tests

import (
	"testing"

	"github.com/shardcore/shardcore/population"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/systems"
)

// TestDefaultPopulationWaitBounded: at the default population (100 pairs,
// 100 patrols, 20 swimmers) under a deterministic budget of 8 searches per
// tick, no request waits more than a bounded number of ticks and the queue
// does not grow: the budget keeps up with demand.
func TestDefaultPopulationWaitBounded(t *testing.T) {
	cfg := stepcache.DefaultConfig()
	sh := newShard(t, shardSetup{
		pop:   population.Options{Pets: 100, Patrols: 100, Swimmers: 20, Seed: 1},
		opts:  systems.Options{Seed: 1, MaxSearchesPerTick: 8},
		cache: &cfg,
	})
	worstLate := uint64(0)
	maxQueue := 0
	sh.run(3000, func(tick int) {
		st := sh.sim.Stats()
		if tick >= 500 { // past the spawn burst (every mobile asks at tick 0)
			worstLate = max(worstLate, st.LastTickMaxWait)
			maxQueue = max(maxQueue, st.QueueLen)
		}
	})
	sh.check.verify(t)
	st := sh.sim.Stats()
	t.Logf("searches %d (found %d), max wait %d ticks (after the burst %d), mean %.2f, max queue %d, steps %d, hit ratio %.2f",
		st.Searches, st.Found, st.MaxWaitTicks, worstLate, st.MeanWaitTicks, maxQueue, st.Steps, st.HitRatio)
	if st.MaxWaitTicks > 64 || worstLate > 32 {
		t.Fatalf("requests waited up to %d ticks (%d after the burst)", st.MaxWaitTicks, worstLate)
	}
	if maxQueue > 120 {
		t.Fatalf("the queue grew to %d of 420 mobiles: the budget does not keep up", maxQueue)
	}
}
