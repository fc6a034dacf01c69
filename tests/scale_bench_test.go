package tests

import (
	"context"
	"flag"
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
	"testing"

	"github.com/rs/zerolog"

	"github.com/shardcore/shardcore/config"
	"github.com/shardcore/shardcore/server"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/systems"
)

// Flags of BenchmarkShardScale (go test -bench ShardScale -benchtime 1x
// ./tests -args -scale.config FILE ...).
var (
	scaleConfig = flag.String("scale.config", "", "server.toml of the scale benchmark (empty: defaults with world.size 7168x4096 and a fresh cache dir)")
	scaleTicks  = flag.Int("scale.ticks", 1500, "ticks the scale benchmark runs back to back")
	scalePop    = flag.String("scale.pop", "25000,40000,10000", "pets,patrols,swimmers of the scale benchmark")
	scaleHeap   = flag.String("scale.heapprofile", "", "write a heap profile (what is live with the shard still held) to FILE after the run")
)

// BenchmarkShardScale runs the shard as `shard run --ticks N --population
// pets=..,patrols=..,swimmers=..` does (server.NewWithOptions, unpaced) and
// reports what the run's summary does not: each system's time per tick,
// searches, expansions, steps and step-cache lookups per tick. It is a
// measuring tool for the 100,000-mobile run (docs/performance.md): one iteration
// is the whole run, so use -benchtime 1x.
func BenchmarkShardScale(b *testing.B) {
	cfg := config.Default()
	if *scaleConfig != "" {
		c, err := config.Load(*scaleConfig)
		if err != nil {
			b.Fatal(err)
		}
		cfg = c
	} else {
		cfg.World.Size = "7168x4096"
		cfg.Pathfinding.CacheDir = b.TempDir()
	}
	p := &cfg.Shard.Population
	if _, err := fmt.Sscanf(*scalePop, "%d,%d,%d", &p.Pets, &p.Patrols, &p.Swimmers); err != nil {
		b.Fatalf("-scale.pop %q: %v", *scalePop, err)
	}
	opts := server.Options{MaxTicks: uint64(*scaleTicks), Unpaced: true}
	for i := 0; i < b.N; i++ {
		srv, err := server.NewWithOptions(context.Background(), cfg, zerolog.Nop(), opts)
		if err != nil {
			b.Fatal(err)
		}
		sim := srv.Sim()
		before := sim.Stats()
		var gc0, gc1 runtime.MemStats
		runtime.ReadMemStats(&gc0)
		cpu0 := processCPU()
		b.StartTimer()
		if err := srv.Run(context.Background()); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		cpu := processCPU() - cpu0
		runtime.ReadMemStats(&gc1)
		reportScale(b, srv.Summary(), before, sim.Stats())
		ticks := float64(sim.Stats().Ticks - before.Ticks)
		// The process's CPU time per tick (every thread: the tick, the
		// search workers, background builds, GC) says more than the wall
		// clock on a shared machine.
		b.ReportMetric(float64(cpu.Microseconds())/1000/ticks, "cpu-ms/tick")
		b.ReportMetric(float64(gc1.NumGC-gc0.NumGC), "gc-cycles")
		var ms runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&ms)
		b.ReportMetric(float64(ms.HeapInuse)/(1<<20), "heap-inuse-MB")
		if *scaleHeap != "" {
			writeHeapProfile(b, *scaleHeap)
		}
		b.ReportMetric(float64(srv.Cache().Stats().Bytes)/(1<<20), "cache-MB")
		runtime.KeepAlive(srv)
	}
}

// writeHeapProfile writes the live heap (after a GC) to file.
func writeHeapProfile(b *testing.B, file string) {
	f, err := os.Create(file)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	if err := pprof.WriteHeapProfile(f); err != nil {
		b.Fatal(err)
	}
}

// reportScale reports the run's figures per tick.
func reportScale(b *testing.B, sum server.Summary, before, st systems.Stats) {
	ticks := float64(st.Ticks - before.Ticks)
	b.ReportMetric(sum.P50ms, "p50-ms")
	b.ReportMetric(sum.P99ms, "p99-ms")
	b.ReportMetric(float64(st.TickP99.Microseconds())/1000, "p99-last1024-ms")
	b.ReportMetric(float64(st.TickP50.Microseconds())/1000, "p50-last1024-ms")
	b.ReportMetric(float64(sum.MaxWaitTicks), "max-wait-ticks")
	b.ReportMetric(float64(sum.QueueLen), "queue")
	b.ReportMetric(float64(sum.Mobiles), "mobiles")
	b.ReportMetric(sum.HitRatio, "hit-ratio")
	b.ReportMetric(float64(st.Searches-before.Searches)/ticks, "searches/tick")
	b.ReportMetric(float64(st.Expansions-before.Expansions)/ticks, "expansions/tick")
	b.ReportMetric(float64(st.Steps-before.Steps)/ticks, "steps/tick")
	for k := systems.System(0); k < systems.NumSystems; k++ {
		d := st.SystemTime[k] - before.SystemTime[k]
		b.ReportMetric(float64(d.Microseconds())/ticks, k.String()+"-us/tick")
	}
	f, bf := st.Finder, before.Finder
	b.ReportMetric(float64(f.CachedNodes-bf.CachedNodes)/ticks, "cached-nodes/tick")
	b.ReportMetric(float64(f.LiveNodes-bf.LiveNodes)/ticks, "live-nodes/tick")
	b.ReportMetric(float64(f.DynamicSteps-bf.DynamicSteps)/ticks, "dynamic-steps/tick")
	b.ReportMetric(float64(f.LineHits-bf.LineHits)/ticks, "line-hits/tick")
	b.ReportMetric(float64(st.StepsLive-before.StepsLive)/ticks, "steps-live/tick")
	b.ReportMetric(float64(st.Thinks-before.Thinks)/ticks, "thinks/tick")
	for k := chunk.HitKind(0); k < chunk.NumHitKinds; k++ {
		if n := st.Lookups[k] - before.Lookups[k]; n > 0 {
			b.ReportMetric(float64(n)/ticks, "lookups-"+k.String()+"/tick")
		}
	}
}
