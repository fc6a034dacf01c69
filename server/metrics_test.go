package server

import (
	"bufio"
	"net"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/shardcore/shardcore/config"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/systems"
)

// exposition is one scrape of /metrics: samples by series (`name{labels}`
// as exposed, labels sorted by name) and each family's type.
type exposition struct {
	v     map[string]float64
	types map[string]string
}

// scrape GETs the shard's /metrics.
func scrape(t *testing.T, s *Server) exposition {
	t.Helper()
	resp, err := http.Get("http://" + s.MetricsAddr() + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET /metrics: %s", resp.Status)
	}
	e := exposition{v: map[string]float64{}, types: map[string]string{}}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if f := strings.Fields(line); len(f) == 4 && f[0] == "#" && f[1] == "TYPE" {
			e.types[f[2]] = f[3]
		}
		if line == "" || line[0] == '#' {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		x, err := strconv.ParseFloat(line[i+1:], 64)
		if i < 0 || err != nil {
			t.Fatalf("bad sample line %q", line)
		}
		e.v[line[:i]] = x
	}
	return e
}

// get is a sample that must be present.
func (e exposition) get(t *testing.T, series string) float64 {
	t.Helper()
	x, ok := e.v[series]
	if !ok {
		t.Fatalf("no series %s", series)
	}
	return x
}

// metricsConfig is testConfig with metrics on a free loopback port.
func metricsConfig(dir string) config.Config {
	cfg := testConfig(dir)
	cfg.Metrics.Listen = "127.0.0.1:0"
	return cfg
}

// want checks each series' value.
func (e exposition) want(t *testing.T, what string, series map[string]float64) {
	t.Helper()
	for name, w := range series {
		if got := e.get(t, name); got != w {
			t.Errorf("%s: %s = %v, want %v", what, name, got, w)
		}
	}
}

// TestMetricsMoveWithTheShard drives a small shard tick by tick on a clock
// the test moves and checks each series against what it counts: the
// spawned mobiles (and one more spawned), ticks, overruns (ticks that read
// the clock past the period, and none while it stands), the path queue
// and the waits of a backlog, found searches, lookups that hit and that
// fell through (chunks not built yet), background builds, the resident
// chunks and evictions (a budget of 2 chunks).
func TestMetricsMoveWithTheShard(t *testing.T) {
	cfg := metricsConfig(t.TempDir())
	cfg.Pathfinding.MaxResidentChunks = 2
	clk := new(fakeClock)
	s, _ := newTestServer(t, cfg, Options{Unpaced: true, Clock: clk.Now, BakeWorkers: 1})
	defer s.Close()
	spawned := s.Snapshot().Mobiles
	e := scrape(t, s)
	e.want(t, "after spawning", map[string]float64{`shard_mobiles{map="0"}`: float64(spawned), "shard_ticks_total": 0,
		`stepcache_budget_chunks{map="0"}`: 2})
	if spawned == 0 {
		t.Fatal("nothing spawned")
	}
	period := s.cfg.Shard.Tick()
	clk.step.Store(int64(time.Millisecond)) // 1 ms a reading: a search or two a tick, the rest wait
	for range 3 {
		s.tick(period)
	}
	e = scrape(t, s)
	e.want(t, "backlog", map[string]float64{"shard_ticks_total": 3, "shard_tick_overruns_total": 3,
		"shard_tick_duration_seconds_count": 3, `shard_map_tick_duration_seconds_count{map="0"}`: 3,
		`shard_path_queue_length{map="0"}`: float64(s.Sim().QueueLen())})
	if e.get(t, `shard_path_queue_length{map="0"}`) == 0 || e.get(t, `shard_path_wait_ticks_sum{map="0"}`) == 0 ||
		e.get(t, `shard_path_wait_ticks_bucket{map="0",le="0"}`) >= e.get(t, `shard_path_wait_ticks_count{map="0"}`) {
		t.Errorf("a backlog: queue %v, wait sum %v, waits of 0 ticks %v of %v", e.get(t, `shard_path_queue_length{map="0"}`),
			e.get(t, `shard_path_wait_ticks_sum{map="0"}`), e.get(t, `shard_path_wait_ticks_bucket{map="0",le="0"}`),
			e.get(t, `shard_path_wait_ticks_count{map="0"}`))
	}

	clk.step.Store(0) // the clock stands: no overrun, every request served
	spawnBeside(t, s.Sim())
	ticks := tickUntil(t, s, period, func(st stepcache.Stats) bool {
		return st.Built > 0 && st.Evicted > 0 && st.Kinds[chunk.Hit] > 0
	})
	e = scrape(t, s)
	st, cs := s.Sim().Stats(), s.Cache().Stats()
	e.want(t, "built and evicted", map[string]float64{
		`shard_mobiles{map="0"}`: float64(spawned + 1), "shard_ticks_total": float64(3 + ticks), "shard_tick_overruns_total": 3,
		`shard_path_searches_total{map="0",result="found"}`:   float64(st.Found),
		`shard_path_searches_total{map="0",result="failed"}`:  float64(st.Searches - st.Found),
		`shard_path_wait_ticks_count{map="0"}`:                float64(st.Searches),
		`stepcache_lookups_total{map="0",result="hit"}`:       float64(cs.Kinds[chunk.Hit]),
		`stepcache_lookups_total{map="0",result="not_built"}`: float64(cs.Kinds[chunk.FallNotBuilt]),
		`stepcache_builds_total{map="0"}`:                     float64(cs.Built),
		`stepcache_evictions_total{map="0"}`:                  float64(cs.Evicted),
		`stepcache_late_lookups_total{map="0"}`:               float64(cs.Late),
		`stepcache_prefetched_chunks_total{map="0"}`:          float64(cs.Prefetched),
		`stepcache_prefetch_unused_total{map="0"}`:            float64(cs.Unused),
		`stepcache_resident_chunks{map="0"}`:                  float64(cs.Resident),
		`shard_steps_total{map="0",result="taken"}`:           float64(st.Steps),
		`shard_steps_total{map="0",result="refused"}`:         float64(st.Blocked),
		`shard_step_checks_total{by="trusted",map="0"}`:       float64(st.StepsTrusted),
		`shard_step_checks_total{by="live",map="0"}`:          float64(st.StepsLive),
		`shard_step_checks_total{by="cache",map="0"}`:         float64(st.Steps + st.Blocked - st.StepsTrusted - st.StepsLive),
	})
	if st.Found == 0 || cs.Kinds[chunk.FallNotBuilt] == 0 || cs.Resident == 0 {
		t.Errorf("want found searches (%d), not-built fallthroughs (%d), resident chunks (%d)",
			st.Found, cs.Kinds[chunk.FallNotBuilt], cs.Resident)
	}
}

// spawnBeside spawns a wandering mobile where the first mobile stands.
func spawnBeside(t *testing.T, sim *systems.Sim) {
	t.Helper()
	pos, ok := sim.MobileState(sim.MobileIDs()[0])
	if !ok {
		t.Fatal("no first mobile")
	}
	x, y := int(pos.X), int(pos.Y)
	if _, err := sim.SpawnMobile(systems.MobileSpec{X: x, Y: y, Z: int(pos.Z),
		Order: systems.Order{Wander: &systems.WanderSpec{Home: pos.Point(), Radius: 4}}}); err != nil {
		t.Fatal(err)
	}
}

// tickUntil ticks s until done holds for its cache after a tick (within a
// minute: background builds land between ticks) and returns the ticks run.
func tickUntil(t *testing.T, s *Server, period time.Duration, done func(stepcache.Stats) bool) int {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for n := 1; ; n++ {
		s.tick(period)
		if done(s.Cache().Stats()) {
			return n
		}
		if time.Now().After(deadline) {
			t.Fatalf("after %d ticks: %+v", n, s.Cache().Stats())
		}
		time.Sleep(time.Millisecond) // let the build worker run
	}
}

// TestMetricsFailedSearches: with a node budget of 1 searches fail, and the
// failed series counts them.
func TestMetricsFailedSearches(t *testing.T) {
	cfg := metricsConfig(t.TempDir())
	cfg.Pathfinding.MaxNodes = 1
	s, _ := newTestServer(t, cfg, Options{Unpaced: true, Clock: new(fakeClock).Now})
	defer s.Close()
	for range 20 {
		s.tick(s.cfg.Shard.Tick())
	}
	st := s.Sim().Stats()
	e := scrape(t, s)
	e.want(t, "1-node searches", map[string]float64{
		`shard_path_searches_total{map="0",result="failed"}`: float64(st.Searches - st.Found),
		`shard_path_searches_total{map="0",result="found"}`:  float64(st.Found)})
	if st.Searches == st.Found {
		t.Errorf("%d searches, all found with 1 node", st.Searches)
	}
}

// TestMetricsSWBReads: a baked .swb's reads count, none bad; a .swb whose
// records fail their checksum counts every read bad.
func TestMetricsSWBReads(t *testing.T) {
	for _, corrupt := range []bool{false, true} {
		dir := t.TempDir()
		cfg := metricsConfig(dir)
		probe, _ := newTestServer(t, testConfig(dir), Options{})
		path := filepath.Join(cfg.Pathfinding.CacheDir, "map0.swb")
		if corrupt {
			writeCorruptSWB(t, path, probe.World())
		} else {
			writeBakedSWB(t, path, probe.World())
		}
		probe.Close()
		s, _ := newTestServer(t, cfg, Options{Unpaced: true, Clock: new(fakeClock).Now})
		for range 10 {
			s.tick(s.cfg.Shard.Tick())
		}
		cs := s.Cache().Stats()
		e := scrape(t, s)
		e.want(t, "corrupt "+strconv.FormatBool(corrupt), map[string]float64{
			`swb_reads_total{map="0"}`: float64(cs.Loaded + cs.Corrupt), `swb_bad_records_total{map="0"}`: float64(cs.Corrupt)})
		if bad := cs.Corrupt > 0; bad != corrupt || cs.Loaded+cs.Corrupt == 0 {
			t.Errorf("corrupt file %v: %d good reads, %d bad", corrupt, cs.Loaded, cs.Corrupt)
		}
		s.Close()
	}
}

// TestMetricsPortInUse: an address another listener holds stops the shard
// before it loads anything, naming the key and the address.
func TestMetricsPortInUse(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	cfg := testConfig(t.TempDir())
	cfg.Metrics.Listen = ln.Addr().String()
	logs := &syncBuf{}
	_, err = NewWithOptions(t.Context(), cfg, testLogger(logs), Options{})
	if err == nil || !strings.Contains(err.Error(), `metrics.listen = "`+cfg.Metrics.Listen+`": cannot listen`) ||
		!strings.Contains(err.Error(), "address already in use") {
		t.Fatalf("port in use: err %v", err)
	}
	if logs.count("world loaded") != 0 {
		t.Errorf("a world was loaded before the error:\n%s", logs)
	}
}
