package server

import (
	"net/http"
	"strconv"
	"testing"

	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/world"
)

// wantSeries are the families /metrics serves and their types.
var wantSeries = map[string]string{
	"shard_tick_duration_seconds": "histogram", "shard_ticks_total": "counter", "shard_tick_overruns_total": "counter",
	"shard_map_tick_duration_seconds": "histogram",
	"shard_mobiles":                   "gauge", "shard_path_searches_total": "counter", "shard_path_queue_length": "gauge",
	"shard_path_wait_ticks": "histogram", "stepcache_resident_chunks": "gauge", "stepcache_budget_chunks": "gauge",
	"stepcache_lookups_total": "counter", "stepcache_builds_total": "counter", "stepcache_evictions_total": "counter",
	"swb_reads_total": "counter", "swb_bad_records_total": "counter",
	"stepcache_late_lookups_total": "counter", "stepcache_prefetched_chunks_total": "counter", "stepcache_prefetch_unused_total": "counter",
	"shard_steps_total": "counter", "shard_step_checks_total": "counter",
	"go_goroutines": "gauge", "go_gc_duration_seconds": "summary", "go_memstats_heap_alloc_bytes": "gauge",
	"process_cpu_seconds_total": "counter", "process_resident_memory_bytes": "gauge",
}

// TestMetricsServedWhileRunning: a shard running (Run, its maps on their
// goroutines) serves every family with its type, every map's series and
// every lookup result, scraped in the middle of the run; when Run returns
// the endpoint is closed.
func TestMetricsServedWhileRunning(t *testing.T) {
	ids := []world.MapID{0, 2}
	cfg := britanniaConfig(t, britanniaDir(t, ids...), 0, 2)
	cfg.Metrics.Listen = "127.0.0.1:0"
	s, logs := newTestServer(t, cfg, Options{MaxTicks: 60, Unpaced: true})
	addr := s.MetricsAddr()
	var e exposition
	s.loop.testHook = func() {
		if s.ticks.n == 40 { // inside the tick: the scrape never waits for the shard
			e = scrape(t, s)
		}
	}
	if err := s.Run(t.Context()); err != nil {
		t.Fatalf("Run: %v\n%s", err, logs)
	}
	for name, typ := range wantSeries {
		if e.types[name] != typ {
			t.Errorf("family %s: type %q, want %q", name, e.types[name], typ)
		}
	}
	for _, id := range ids {
		l := `map="` + strconv.Itoa(int(id)) + `"`
		e.get(t, `shard_mobiles{`+l+`}`)
		e.get(t, `shard_path_wait_ticks_bucket{`+l+`,le="+Inf"}`)
		for k := range chunk.NumHitKinds {
			e.get(t, `stepcache_lookups_total{`+l+`,result="`+k.String()+`"}`)
		}
		for _, r := range []string{"found", "failed"} {
			e.get(t, `shard_path_searches_total{`+l+`,result="`+r+`"}`)
		}
	}
	if e.get(t, "shard_ticks_total") != 40 || e.get(t, `shard_mobiles{map="0"}`)+e.get(t, `shard_mobiles{map="2"}`) != float64(s.Summary().Mobiles) {
		t.Errorf("mid-run: ticks %v, mobiles %v + %v, want 40 and %d", e.get(t, "shard_ticks_total"),
			e.get(t, `shard_mobiles{map="0"}`), e.get(t, `shard_mobiles{map="2"}`), s.Summary().Mobiles)
	}
	if s.MetricsAddr() != "" {
		t.Errorf("MetricsAddr %q after Run", s.MetricsAddr())
	}
	if _, err := http.Get("http://" + addr + "/metrics"); err == nil {
		t.Error("the endpoint still serves after Run returned")
	}
}
