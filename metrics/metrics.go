package metrics

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/shardcore/shardcore/stepcache/chunk"
)

// Label names.
const (
	labelMap    = "map"
	labelResult = "result"
	labelBy     = "by"
)

// The result label values of shard_path_searches_total.
const (
	ResultFound  = "found"
	ResultFailed = "failed"
)

// The result label values of shard_steps_total.
const (
	ResultTaken   = "taken"
	ResultRefused = "refused"
)

// The by label values of shard_step_checks_total: who answered a step.
const (
	ByTrusted = "trusted" // the search that found the path (a taken step)
	ByCache   = "cache"   // the step cache, with the dynamic pass
	ByLive    = "live"    // the live rules
)

// TickBuckets are shard_tick_duration_seconds' (and
// shard_map_tick_duration_seconds') upper bounds: 0.25 ms doubling to
// 1.024 s, so an 8 ms tick period falls on a bound.
var TickBuckets = prometheus.ExponentialBuckets(0.00025, 2, 13)

// Shard is one shard's series in a registry of its own, with the Go
// runtime and process collectors.
type Shard struct {
	reg      *prometheus.Registry
	tickDur  prometheus.Histogram
	ticks    prometheus.Counter
	overruns prometheus.Counter

	mapTick *prometheus.HistogramVec
	sim     simVecs   // the maps' simulations' series
	cache   cacheVecs // the maps' step caches' series
	waits   *waitCollector
}

// simVecs are the series of the maps' simulations, by map.
type simVecs struct {
	mobiles, queue                       *prometheus.GaugeVec
	searches, unreachable, steps, checks *prometheus.CounterVec
}

// cacheVecs are the series of the maps' step caches and .swb files, by map.
type cacheVecs struct {
	resident, budget           *prometheus.GaugeVec
	lookups, builds, evictions *prometheus.CounterVec
	swbReads, swbBad           *prometheus.CounterVec
	late, prefetched, unused   *prometheus.CounterVec
}

// New makes a shard's series and registers them, the Go runtime collector
// and the process collector in a new registry.
func New() *Shard {
	s := &Shard{reg: prometheus.NewRegistry(), waits: newWaitCollector()}
	s.tickDur = prometheus.NewHistogram(prometheus.HistogramOpts{Name: "shard_tick_duration_seconds",
		Help: "Duration of each whole tick (every map's part done), by the shard's clock.", Buckets: TickBuckets})
	s.ticks = prometheus.NewCounter(prometheus.CounterOpts{Name: "shard_ticks_total", Help: "Ticks run."})
	s.overruns = prometheus.NewCounter(prometheus.CounterOpts{Name: "shard_tick_overruns_total",
		Help: "Ticks that took longer than shard.tickMs."})
	perMap := []string{labelMap}
	s.mapTick = prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "shard_map_tick_duration_seconds",
		Help: "Duration of a map's own part of each tick (its bakes, .swb watch and simulation).", Buckets: TickBuckets}, perMap)
	gauge := func(name, help string) *prometheus.GaugeVec {
		return prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: name, Help: help}, perMap)
	}
	counter := func(name, help string, labels ...string) *prometheus.CounterVec {
		return prometheus.NewCounterVec(prometheus.CounterOpts{Name: name, Help: help}, append(perMap, labels...))
	}
	s.sim.mobiles = gauge("shard_mobiles", "Mobiles in the map's simulation.")
	s.sim.queue = gauge("shard_path_queue_length", "Path requests waiting after the last tick.")
	s.cache.resident = gauge("stepcache_resident_chunks", "Step-cache chunks resident after the last tick.")
	s.cache.budget = gauge("stepcache_budget_chunks", "The map's part of pathfinding.maxResidentChunks.")
	s.sim.searches = counter("shard_path_searches_total", "Path searches served, by whether they found a path.", labelResult)
	s.sim.unreachable = counter("shard_path_unreachable_total",
		"Path searches answered without a search: the step cache's static connectivity proved the goal walled off (counted as failed too).")
	s.cache.lookups = counter("stepcache_lookups_total",
		"Step-cache lookups by outcome: hit, or the reason the lookup fell through to the live rules.", labelResult)
	s.cache.builds = counter("stepcache_builds_total", "Chunks the step cache built (in the background, inline, or to replace a bad .swb record).")
	s.cache.evictions = counter("stepcache_evictions_total", "Chunks evicted to keep the map within its resident budget.")
	s.cache.swbReads = counter("swb_reads_total", "Chunk records read from the map's .swb file (good and bad).")
	s.cache.swbBad = counter("swb_bad_records_total", "Records read from the .swb that failed their checksum or decode (rebuilt live, never served).")
	s.cache.late = counter("stepcache_late_lookups_total",
		"Step-cache lookups that fell through to the live rules on a chunk not built that was installed within the admission window after: work a chunk ready in time would have saved.")
	s.cache.prefetched = counter("stepcache_prefetched_chunks_total", "Chunks read or built because the look-ahead predicted them (pathfinding.prefetch).")
	s.cache.unused = counter("stepcache_prefetch_unused_total", "Prefetched chunks evicted before any lookup read them.")
	s.sim.steps = counter("shard_steps_total", "Steps the movement system took and refused.", labelResult)
	s.sim.checks = counter("shard_step_checks_total",
		"Steps checked (taken or refused), by what answered: the search that found the path (taken on its word), the step cache, or the live rules.", labelBy)
	s.reg.MustRegister(s.tickDur, s.ticks, s.overruns, s.mapTick, s.sim.mobiles, s.sim.queue, s.cache.resident, s.cache.budget,
		s.sim.searches, s.sim.unreachable, s.cache.lookups, s.cache.builds, s.cache.evictions, s.cache.swbReads, s.cache.swbBad, s.cache.late, s.cache.prefetched, s.cache.unused,
		s.sim.steps, s.sim.checks, s.waits,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return s
}

// Transfers adds a cluster process's transfer series, read from counts at
// each scrape (safe from any goroutine): shard_transfers_in_total and
// shard_transfers_out_total (parties of mobiles received from and sent to
// other processes) and shard_transfers_in_flight (waiting on the message
// stream). Call it once.
func (s *Shard) Transfers(counts func() (in, out, inFlight uint64)) {
	in := prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "shard_transfers_in_total",
		Help: "Transfers (parties of mobiles) received from the shard's other processes."},
		func() float64 { n, _, _ := counts(); return float64(n) })
	out := prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "shard_transfers_out_total",
		Help: "Transfers (parties of mobiles) sent to the shard's other processes."},
		func() float64 { _, n, _ := counts(); return float64(n) })
	flight := prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "shard_transfers_in_flight",
		Help: "Transfers waiting on the message stream: sent and not yet stored by it, or received and not yet acknowledged."},
		func() float64 { _, _, n := counts(); return float64(n) })
	s.reg.MustRegister(in, out, flight)
}

// Registry returns the registry the series are in (what /metrics serves).
func (s *Shard) Registry() *prometheus.Registry { return s.reg }

// Tick records one whole tick that took d; overrun says it took longer
// than the tick period. It does not allocate.
func (s *Shard) Tick(d time.Duration, overrun bool) {
	s.ticks.Inc()
	s.tickDur.Observe(d.Seconds())
	if overrun {
		s.overruns.Inc()
	}
}

// lookupResults are stepcache_lookups_total's result values, by HitKind.
func lookupResults() [chunk.NumHitKinds]string {
	var out [chunk.NumHitKinds]string
	for k := range out {
		out[k] = chunk.HitKind(k).String()
	}
	return out
}
