package server

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/shardcore/shardcore/server/recorder"
)

// TestLifecycleBootTicksShutdown boots a small default world with the
// recorder on, runs paced ticks on synctest's fake clock until the context
// is cancelled, and checks the tick count, the flushed recording and the
// closed readers.
func TestLifecycleBootTicksShutdown(t *testing.T) {
	dir := t.TempDir()
	synctest.Test(t, func(t *testing.T) {
		cfg := testConfig(dir)
		cfg.Pathfinding.Recorder.Enable = true
		s, logs := newTestServer(t, cfg, Options{})
		ctx, cancel := context.WithCancel(t.Context())
		errc := make(chan error, 1)
		go func() { errc <- s.Run(ctx) }()
		// 100 ticks of 8 ms fire by 800 ms; stop between ticks 100 and 101.
		time.Sleep(100*8*time.Millisecond + 4*time.Millisecond)
		cancel()
		if err := <-errc; err != nil {
			t.Fatalf("Run: %v\nlog:\n%s", err, logs)
		}
		sum := s.Summary()
		if sum.Ticks != 100 {
			t.Errorf("ticks = %d, want 100", sum.Ticks)
		}
		if sum.Paths == 0 || sum.Mobiles == 0 {
			t.Errorf("summary %+v: want searches and mobiles", sum)
		}
		if !strings.HasPrefix(sum.Line(), "ticks 100 p50_ms ") || !strings.Contains(sum.Line(), " max_wait_ticks ") {
			t.Errorf("summary line %q", sum.Line())
		}
		if logs.count(`"message":"shard stopped"`) != 1 {
			t.Errorf("want one shutdown summary in the log:\n%s", logs)
		}
		f, err := os.Open(cfg.Pathfinding.Recorder.Path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		rd, err := recorder.Read(f)
		recs := rd.Records
		if err != nil {
			t.Fatal(err)
		}
		if len(recs) == 0 || uint64(len(recs)) != s.Recorder().Lines() || uint64(len(recs)) != sum.Paths {
			t.Errorf("recording has %d lines, recorder wrote %d, shard searched %d", len(recs), s.Recorder().Lines(), sum.Paths)
		}
		if err := s.Run(t.Context()); err == nil {
			t.Error("Run after shutdown: want an error")
		}
	})
}

// TestUnpacedMaxTicks runs exactly MaxTicks ticks back to back.
func TestUnpacedMaxTicks(t *testing.T) {
	s, _ := newTestServer(t, testConfig(t.TempDir()), Options{MaxTicks: 30, Unpaced: true})
	if err := s.Run(t.Context()); err != nil {
		t.Fatal(err)
	}
	if got := s.Summary().Ticks; got != 30 {
		t.Errorf("ticks = %d, want 30", got)
	}
}

// TestPromotedChunksBuildInTheBackground: without a .swb, chunks the
// admission gate promotes are built by the cache's background workers and
// installed between ticks, never inside a search on the tick goroutine.
func TestPromotedChunksBuildInTheBackground(t *testing.T) {
	s, _ := newTestServer(t, testConfig(t.TempDir()), Options{Unpaced: true, BakeWorkers: 1})
	defer s.Close()
	deadline := time.Now().Add(20 * time.Second)
	for s.Cache().Stats().Built == 0 {
		if time.Now().After(deadline) {
			t.Fatalf("no chunk was built in 20 s: %+v", s.Cache().Stats())
		}
		s.tick(s.cfg.Shard.Tick()) // ticks install what the workers finished
	}
	st := s.Cache().Stats()
	if st.BuildsQueued == 0 || st.Built > st.BuildsQueued || st.Resident == 0 {
		t.Errorf("background builds: queued %d, built %d, resident %d: every build should have been queued",
			st.BuildsQueued, st.Built, st.Resident)
	}
}

// TestDisabledCacheUsesClassicSearch: pathfinding.enabled = false sends every
// search through the live rules; the cache sees no lookups.
func TestDisabledCacheUsesClassicSearch(t *testing.T) {
	cfg := testConfig(t.TempDir())
	cfg.Pathfinding.Enabled = false
	s, _ := newTestServer(t, cfg, Options{MaxTicks: 150, Unpaced: true})
	if err := s.Run(t.Context()); err != nil {
		t.Fatal(err)
	}
	sum := s.Summary()
	if sum.Paths == 0 || s.Cache().Stats().Lookups() != 0 || sum.Resident != 0 {
		t.Errorf("disabled cache: %d searches, %d lookups, %d resident", sum.Paths, s.Cache().Stats().Lookups(), sum.Resident)
	}
}

// TestNewRejectsBadConfig: an invalid config is an error naming the key.
func TestNewRejectsBadConfig(t *testing.T) {
	cfg := testConfig(t.TempDir())
	cfg.Shard.TickMs = 0
	if _, err := New(cfg, testLogger(&syncBuf{})); err == nil || !strings.Contains(err.Error(), "shard.tickMs") {
		t.Errorf("tickMs 0: err %v, want one naming shard.tickMs", err)
	}
}

// TestOverrunIsCountedNotQueued: on synctest's fake clock, a tick made to
// take 20 ms (2.5 periods) is counted as an overrun and the tick the ticker
// fired meanwhile is dropped, not run back to back.
func TestOverrunIsCountedNotQueued(t *testing.T) {
	dir := t.TempDir()
	synctest.Test(t, func(t *testing.T) {
		s, _ := newTestServer(t, testConfig(dir), Options{MaxTicks: 5})
		slow := make(chan struct{})
		s.loop.testHook = func() {
			if s.ticks.n == 1 {
				time.Sleep(20 * time.Millisecond)
				close(slow)
			}
		}
		if err := s.Run(t.Context()); err != nil {
			t.Fatal(err)
		}
		<-slow
		sum := s.Summary()
		if sum.Ticks != 5 || sum.Overruns != 1 || sum.Dropped != 1 {
			t.Errorf("ticks %d overruns %d dropped %d, want 5, 1, 1", sum.Ticks, sum.Overruns, sum.Dropped)
		}
	})
}

// TestGameTimeCountsTicks: a paced run's game time is its ticks times
// shard.tickMs, whatever the clock did: a second of setup before Run and a
// tick that overran (its dropped tick) give the world no time of their own,
// so no tick is handed the work of the time it missed.
func TestGameTimeCountsTicks(t *testing.T) {
	dir := t.TempDir()
	synctest.Test(t, func(t *testing.T) {
		cfg := testConfig(dir)
		s, _ := newTestServer(t, cfg, Options{MaxTicks: 5})
		time.Sleep(time.Second) // setup that took a second
		s.loop.testHook = func() {
			if s.ticks.n == 1 {
				time.Sleep(20 * time.Millisecond)
			}
		}
		if err := s.Run(t.Context()); err != nil {
			t.Fatal(err)
		}
		if sum := s.Summary(); sum.Dropped != 1 {
			t.Fatalf("dropped %d, want 1 (the overrun's)", sum.Dropped)
		}
		if got, want := s.main.sim.Now(), int64(5*cfg.Shard.TickMs); got != want {
			t.Errorf("game time after 5 ticks = %d ms, want %d", got, want)
		}
	})
}

// TestMapStoppedLogsSystemTimes: the map stopped log line gives each of the
// tick's systems' mean time per tick, and the stages that ran took time.
func TestMapStoppedLogsSystemTimes(t *testing.T) {
	s, buf := newTestServer(t, testConfig(t.TempDir()), Options{MaxTicks: 20, Unpaced: true})
	if err := s.Run(t.Context()); err != nil {
		t.Fatal(err)
	}
	var line map[string]any
	for _, l := range strings.Split(buf.String(), "\n") {
		if strings.Contains(l, `"message":"map stopped"`) {
			if err := json.Unmarshal([]byte(l), &line); err != nil {
				t.Fatalf("map stopped: %v: %s", err, l)
			}
		}
	}
	if line == nil {
		t.Fatalf("no map stopped line in the log:\n%s", buf)
	}
	for _, k := range []string{"think", "pathfinding", "movement", "lookahead", "upkeep"} {
		v, ok := line[k+"_ms_per_tick"].(float64)
		if !ok || v < 0 {
			t.Errorf("%s_ms_per_tick = %v, want a time", k, line[k+"_ms_per_tick"])
		}
		if k == "movement" && ok && v <= 0 {
			t.Errorf("movement_ms_per_tick = %v after 20 ticks of mobiles moving, want > 0", v)
		}
	}
}
