package server

import (
	"context"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/shardcore/shardcore/config"
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/swb"
	"github.com/shardcore/shardcore/world/source"
)

// fakeClock is a shard clock tests move: Now returns now, then moves it by
// step (0: frozen). Safe for the maps' goroutines.
type fakeClock struct{ now, step atomic.Int64 }

func (c *fakeClock) Now() time.Duration {
	return time.Duration(c.now.Add(c.step.Load()))
}

// writeBakedSWB writes a valid .swb of every chunk of w's map 0.
func writeBakedSWB(t *testing.T, path string, w *source.World) {
	t.Helper()
	r := movement.NewRules(w.Map, w.Tiles, nil)
	r.StaticOnly = true
	chunks, err := bake.BuildMap(context.Background(), r, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	wide, high := chunk.Grid(w.Map.Width, w.Map.Height)
	hdr := swb.Header{MapID: 0, WidthChunks: wide, HeightChunks: high, Fingerprint: w.Fingerprint, BakeTime: time.Unix(0, 0)}
	if _, err := swb.Write(context.Background(), path, hdr, swb.SliceChunks(chunks, wide)); err != nil {
		t.Fatal(err)
	}
}

// tickAllocs is the allocations per tick of a shard on cfg after warm
// ticks, with each map's part run inline (as before Run) and on the map's
// goroutine (as in Run): the map read from a baked .swb (no background
// builds), the clock frozen (every search gets its whole node budget),
// ticks unpaced. AllocsPerRun counts every goroutine's allocations. It
// fails the test unless the measured ticks searched.
func tickAllocs(t *testing.T, cfg config.Config, warm, runs int) (inline, looping float64) {
	t.Helper()
	s, _ := newTestServer(t, cfg, Options{Unpaced: true, Clock: new(fakeClock).Now})
	defer s.Close()
	if (s.MetricsAddr() != "") != (cfg.Metrics.Listen != "") {
		t.Fatalf("metrics.listen %q: endpoint %q", cfg.Metrics.Listen, s.MetricsAddr())
	}
	period := s.cfg.Shard.Tick()
	for range warm {
		s.tick(period)
	}
	before := s.Snapshot().Paths
	inline = testing.AllocsPerRun(runs, func() { s.tick(period) })
	s.mu.Lock()
	s.startLoops()
	s.mu.Unlock()
	looping = testing.AllocsPerRun(runs, func() { s.tick(period) })
	s.mu.Lock()
	s.stopLoops()
	s.mu.Unlock()
	if s.Snapshot().Paths == before {
		t.Fatalf("no search in the measured ticks")
	}
	return inline, looping
}

// TestTickAllocsWithMetrics: with metrics on, a tick allocates no more than
// with them off (the figures logged: 0 and 0 when this was written), and
// the metrics' own work per tick (each map's fold and part, the tick's
// histogram and counters) allocates nothing.
func TestTickAllocsWithMetrics(t *testing.T) {
	dir := t.TempDir()
	base := testConfig(dir)
	probe, _ := newTestServer(t, base, Options{})
	writeBakedSWB(t, filepath.Join(base.Pathfinding.CacheDir, "map0.swb"), probe.World())
	if err := probe.Close(); err != nil {
		t.Fatal(err)
	}
	on := base
	on.Metrics.Listen = "127.0.0.1:0"
	offInline, offLoop := tickAllocs(t, base, 300, 200)
	onInline, onLoop := tickAllocs(t, on, 300, 200)
	t.Logf("allocs per tick, inline / on the maps' goroutines: metrics off %.2f / %.2f, on %.2f / %.2f",
		offInline, offLoop, onInline, onLoop)
	if onInline > offInline || onLoop > offLoop {
		t.Errorf("metrics add allocations to the tick: off %.2f / %.2f, on %.2f / %.2f", offInline, offLoop, onInline, onLoop)
	}
	s, _ := newTestServer(t, on, Options{Unpaced: true})
	defer s.Close()
	me := s.main
	if a := testing.AllocsPerRun(1000, func() {
		me.met.Tick(time.Millisecond)
		me.foldMetrics()
		s.mon.met.Tick(time.Millisecond, false)
	}); a != 0 {
		t.Errorf("the metrics' work per tick allocates %.2f times", a)
	}
}
