package metrics

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/shardcore/shardcore/stepcache/chunk"
)

// scrape GETs url and returns its samples by series, `name{labels}` as
// exposed (the library sorts labels by name).
func scrape(t *testing.T, url string) map[string]float64 {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %s", url, resp.Status)
	}
	return parseText(t, resp.Body)
}

// parseText reads the Prometheus text format's sample lines.
func parseText(t *testing.T, r io.Reader) map[string]float64 {
	t.Helper()
	out := map[string]float64{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		v, err := strconv.ParseFloat(line[i+1:], 64)
		if i < 0 || err != nil {
			t.Fatalf("bad sample line %q", line)
		}
		out[line[:i]] = v
	}
	return out
}

func listen(t *testing.T, s *Shard) *Endpoint {
	t.Helper()
	e, err := Listen("127.0.0.1:0", s.Handler(), false)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := e.Close(context.Background()); err != nil {
			t.Error(err)
		}
	})
	return e
}

// TestUpdateAddsGrowth: counters grow by what the figures grew (a reset
// source counts from zero again), gauges take the levels, waits land in
// their buckets, ticks and overruns count.
func TestUpdateAddsGrowth(t *testing.T) {
	s := New()
	e := listen(t, s)
	m := s.Map(3, 100)
	f := Figures{Mobiles: 7, QueueLen: 2, Resident: 5, Found: 10, Failed: 1, Unreachable: 1, Builds: 4, Evictions: 2, SWBReads: 9, SWBBad: 1,
		Steps: 100, Refused: 10, StepsTrusted: 60, StepsLive: 5}
	f.Lookups[chunk.Hit], f.Lookups[chunk.FallNotBuilt] = 50, 6
	for _, w := range []uint64{0, 0, 1, 3, 2000} {
		f.Waits.Observe(w)
	}
	m.Update(&f)
	f.Found, f.Lookups[chunk.Hit], f.Mobiles = 15, 80, 8
	f.Steps, f.StepsTrusted = 130, 80 // 20 more trusted, 10 more by the cache
	m.Update(&f)
	f.Evictions = 1 // reset: one since
	m.Update(&f)
	s.Tick(3*time.Millisecond, false)
	s.Tick(20*time.Millisecond, true)
	m.Tick(time.Millisecond)
	got := scrape(t, "http://"+e.Addr()+"/metrics")
	for series, want := range map[string]float64{
		`shard_mobiles{map="3"}`: 8, `shard_path_queue_length{map="3"}`: 2, `stepcache_resident_chunks{map="3"}`: 5,
		`stepcache_budget_chunks{map="3"}`:                  100,
		`shard_path_searches_total{map="3",result="found"}`: 15, `shard_path_searches_total{map="3",result="failed"}`: 1,
		`shard_path_unreachable_total{map="3"}`:     1,
		`shard_steps_total{map="3",result="taken"}`: 130, `shard_steps_total{map="3",result="refused"}`: 10,
		`shard_step_checks_total{by="trusted",map="3"}`: 80, `shard_step_checks_total{by="cache",map="3"}`: 55,
		`shard_step_checks_total{by="live",map="3"}`:    5,
		`stepcache_lookups_total{map="3",result="hit"}`: 80, `stepcache_lookups_total{map="3",result="not_built"}`: 6,
		`stepcache_lookups_total{map="3",result="multi"}`: 0,
		`stepcache_builds_total{map="3"}`:                 4, `stepcache_evictions_total{map="3"}`: 3,
		`swb_reads_total{map="3"}`: 9, `swb_bad_records_total{map="3"}`: 1,
		`shard_path_wait_ticks_bucket{map="3",le="0"}`: 2, `shard_path_wait_ticks_bucket{map="3",le="1"}`: 3,
		`shard_path_wait_ticks_bucket{map="3",le="2"}`: 3, `shard_path_wait_ticks_bucket{map="3",le="4"}`: 4,
		`shard_path_wait_ticks_bucket{map="3",le="1024"}`: 4, `shard_path_wait_ticks_bucket{map="3",le="+Inf"}`: 5,
		`shard_path_wait_ticks_count{map="3"}`: 5, `shard_path_wait_ticks_sum{map="3"}`: 2004,
		`shard_ticks_total`: 2, `shard_tick_overruns_total`: 1, `shard_tick_duration_seconds_count`: 2,
		`shard_tick_duration_seconds_bucket{le="0.004"}`: 1, `shard_tick_duration_seconds_bucket{le="0.016"}`: 1,
		`shard_tick_duration_seconds_bucket{le="0.032"}`: 2, `shard_map_tick_duration_seconds_count{map="3"}`: 1,
	} {
		if v, ok := got[series]; !ok || v != want {
			t.Errorf("%s = %v (present %v), want %v", series, v, ok, want)
		}
	}
	if _, ok := got["go_goroutines"]; !ok {
		t.Error("no Go runtime collector series (go_goroutines)")
	}
	if _, ok := got["process_cpu_seconds_total"]; !ok {
		t.Error("no process collector series (process_cpu_seconds_total)")
	}
}

// TestWaitBuckets: each wait lands in the least bound at or above it.
func TestWaitBuckets(t *testing.T) {
	for w, want := range map[uint64]int{0: 0, 1: 1, 2: 2, 3: 3, 4: 3, 5: 4, 8: 4, 9: 5, 1024: 11, 1025: 12, 1 << 40: 12} {
		var ws Waits
		ws.Observe(w)
		if ws.Counts[want] != 1 {
			t.Errorf("wait %d: counts %v, want bucket %d", w, ws.Counts, want)
		}
		if want < len(WaitBounds) && (float64(w) > WaitBounds[want] || (want > 0 && float64(w) <= WaitBounds[want-1])) {
			t.Errorf("wait %d: bucket %d's bounds do not hold it", w, want)
		}
	}
}

// TestUpdateDoesNotAllocate: publishing a map's figures and a tick costs no
// allocation (they run after every tick).
func TestUpdateDoesNotAllocate(t *testing.T) {
	s := New()
	m := s.Map(0, 10)
	var f Figures
	a := testing.AllocsPerRun(1000, func() {
		f.Found++
		f.Lookups[chunk.Hit] += 3
		f.Waits.Observe(f.Found % 7)
		f.Mobiles++
		m.Update(&f)
		m.Tick(time.Millisecond)
		s.Tick(time.Millisecond, f.Found%2 == 0)
	})
	if a != 0 {
		t.Errorf("Update+Tick allocate %.1f times", a)
	}
}

// TestListenPortInUse: a port another listener holds is a clear error
// naming the key and the address.
func TestListenPortInUse(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	_, err = Listen(ln.Addr().String(), New().Handler(), false)
	if err == nil || !strings.Contains(err.Error(), `metrics.listen = "`+ln.Addr().String()+`": cannot listen`) ||
		!strings.Contains(err.Error(), "address already in use") {
		t.Errorf("port in use: err %v", err)
	}
}

// TestPprofServed: /debug/pprof/ lists the profiles and serves one; the
// endpoint closes cleanly and stops accepting.
func TestPprofServed(t *testing.T) {
	s := New()
	e, err := Listen("127.0.0.1:0", s.Handler(), false)
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + e.Addr()
	for path, want := range map[string]string{"/debug/pprof/": "goroutine", "/debug/pprof/goroutine?debug=1": "goroutine profile:", "/": "/metrics"} {
		resp, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || !strings.Contains(string(b), want) {
			t.Errorf("GET %s: %s, body lacks %q", path, resp.Status, want)
		}
	}
	if err := e.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	if _, err := http.Get(base + "/metrics"); err == nil {
		t.Error("endpoint still serves after Close")
	}
}

// TestListenBeyondLoopback: an endpoint that would listen beyond loopback
// (every interface) is refused unless remote is allowed, and says whether
// it listens on loopback only.
func TestListenBeyondLoopback(t *testing.T) {
	if _, err := Listen(":0", New().Handler(), false); err == nil || !strings.Contains(err.Error(), "metrics.allowRemote = true") {
		t.Fatalf("every interface, not allowed: %v", err)
	}
	e, err := Listen(":0", New().Handler(), true)
	if err != nil {
		t.Fatal(err)
	}
	if e.Loopback() {
		t.Errorf("%s reported as loopback", e.Addr())
	}
	if err := e.Close(t.Context()); err != nil {
		t.Fatal(err)
	}
	e, err = Listen("127.0.0.1:0", New().Handler(), false)
	if err != nil || !e.Loopback() {
		t.Fatalf("loopback: %v", err)
	}
	_ = e.Close(t.Context())
}
