package tests

import (
	"context"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/population"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/systems"
)

// BenchmarkTick: one tick of the default world with 5,000 player+pet pairs,
// 4,000 patrols and 1,000 swimmers (spread over the map by Populate), the
// step cache attached and the default 4 ms pathfinding budget on the real
// clock. Reports p50/p99 tick time and searches per tick; the first 200
// ticks (the spawn burst of requests) are run before timing. Cold starts
// with an empty cache that builds chunks on demand; Baked installs every
// chunk first, as the shard does from its .swb file; Baked20k also runs
// with server.toml's 20,000-node search budget.
func BenchmarkTick(b *testing.B) {
	b.Run("Cold", func(b *testing.B) { benchTick(b, false, 0) })
	b.Run("Baked", func(b *testing.B) { benchTick(b, true, 0) })
	// server.toml's node budget
	b.Run("Baked20k", func(b *testing.B) { benchTick(b, true, 20000) })
}

func benchTick(b *testing.B, baked bool, maxNodes int) {
	cfg := stepcache.DefaultConfig()
	sh := newShard(b, shardSetup{
		pop:   population.Options{Pets: 5000, Patrols: 4000, Swimmers: 1000, Seed: 1},
		opts:  systems.Options{Seed: 1, MaxNodes: maxNodes},
		cache: &cfg,
	})
	if baked {
		m := sh.sim.Map()
		chunks, err := bake.BuildMap(context.Background(), movement.NewRules(m, sh.sim.Tiles(), nil), 0, nil)
		if err != nil {
			b.Fatalf("bake: %v", err)
		}
		wide, _ := chunk.Grid(m.Width, m.Height)
		for i, ch := range chunks {
			if err := sh.cache.Install(m.ID, i%wide, i/wide, ch); err != nil {
				b.Fatalf("install: %v", err)
			}
		}
	}
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
	b.ReportMetric(float64(st.Postponed-before.Postponed)/float64(b.N), "postponed/tick")
	b.ReportMetric(st.HitRatio, "hit-ratio")
	b.ReportMetric(float64(st.Steps-before.Steps)/float64(b.N), "steps/tick")
	b.ReportMetric(float64(st.Blocked-before.Blocked)/float64(b.N), "blocked/tick")
	if n := st.Searches - before.Searches; n > 0 {
		b.ReportMetric(float64(st.Expansions-before.Expansions)/float64(n), "expansions/search")
		b.ReportMetric(float64(st.Found-before.Found)/float64(n), "found-share")
	}
}
