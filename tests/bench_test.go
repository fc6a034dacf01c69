package tests

import (
	"testing"

	"shardcore/stepcache"
	"shardcore/systems"
)

// BenchmarkTick: one tick of the default world with 5,000 player+pet pairs,
// 4,000 patrols and 1,000 swimmers, the step cache attached and the default
// 4 ms pathfinding budget on the real clock. Reports p50/p99 tick time and
// searches per tick; the first 200 ticks (the spawn burst of requests) are
// run before timing.
func BenchmarkTick(b *testing.B) {
	cfg := stepcache.DefaultConfig()
	sh := newShard(b, shardSetup{
		pop:   systems.PopulationOptions{Pets: 5000, Patrols: 4000, Swimmers: 1000, Seed: 1},
		opts:  systems.Options{Seed: 1},
		cache: &cfg,
	})
	sh.run(200, nil)
	before := sh.sim.Stats()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sh.sim.Step()
	}
	b.StopTimer()
	st := sh.sim.Stats()
	b.ReportMetric(float64(st.TickP50.Nanoseconds()), "p50-ns/tick")
	b.ReportMetric(float64(st.TickP99.Nanoseconds()), "p99-ns/tick")
	b.ReportMetric(float64(st.Searches-before.Searches)/float64(b.N), "searches/tick")
	b.ReportMetric(float64(st.QueueLen), "queue")
	b.ReportMetric(float64(st.MaxWaitTicks), "max-wait-ticks")
	b.ReportMetric(st.HitRatio, "hit-ratio")
	if n := st.Searches - before.Searches; n > 0 {
		b.ReportMetric(float64(st.Expansions-before.Expansions)/float64(n), "expansions/search")
		b.ReportMetric(float64(st.Found-before.Found)/float64(n), "found-share")
	}
}
