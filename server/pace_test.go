package server

import (
	"context"
	"testing"
	"time"

	"github.com/shardcore/shardcore/config"
)

// TestSpinPacesLikeTheTicker: with shard.idle = "spin" a paced run keeps
// the ticker's rules on the real clock: ticks come a period apart (5 ticks
// take at least 4 periods), a tick made to take 2.4 periods is one overrun
// and one dropped tick, and game time is the ticks times shard.tickMs.
// (synctest's fake clock cannot serve here: a spinner never blocks, so its
// time would never move.)
func TestSpinPacesLikeTheTicker(t *testing.T) {
	cfg := testConfig(t.TempDir())
	cfg.Shard.Idle = config.IdleSpin
	cfg.Shard.TickMs = 50 // long enough that only the slowed tick overruns, even under -race
	s, _ := newTestServer(t, cfg, Options{MaxTicks: 5})
	s.loop.testHook = func() {
		if s.ticks.n == 1 {
			time.Sleep(120 * time.Millisecond)
		}
	}
	start := time.Now()
	if err := s.Run(t.Context()); err != nil {
		t.Fatal(err)
	}
	took := time.Since(start)
	sum := s.Summary()
	if sum.Ticks != 5 || sum.Overruns != 1 || sum.Dropped != 1 {
		t.Errorf("ticks %d overruns %d dropped %d, want 5, 1, 1", sum.Ticks, sum.Overruns, sum.Dropped)
	}
	if got, want := s.main.sim.Now(), int64(5*cfg.Shard.TickMs); got != want {
		t.Errorf("game time after 5 ticks = %d ms, want %d", got, want)
	}
	// Ticks at 1, 2, then (after the overrun and its drop) 4, 5, 6 periods.
	if min := 5 * time.Duration(cfg.Shard.TickMs) * time.Millisecond; took < min {
		t.Errorf("5 spin-paced ticks with one dropped took %v, want at least %v", took, min)
	}
}

// TestSpinStopsOnCancel: a spin-paced shard with no tick limit stops
// gracefully when its context ends, and its helpers stop spinning.
func TestSpinStopsOnCancel(t *testing.T) {
	cfg := testConfig(t.TempDir())
	cfg.Shard.Idle = config.IdleSpin
	s, _ := newTestServer(t, cfg, Options{})
	ctx, cancel := context.WithTimeout(t.Context(), 200*time.Millisecond)
	defer cancel()
	if err := s.Run(ctx); err != nil {
		t.Fatal(err)
	}
	if n := s.Summary().Ticks; n == 0 {
		t.Error("no tick ran in 200 ms")
	}
}

// TestPacerDropsToTheGrid: after an overrun the spinning pacer's next tick
// is the first period boundary after the overrun's end, and one drop is
// counted, as the ticker would.
func TestPacerDropsToTheGrid(t *testing.T) {
	const period = 10 * time.Millisecond
	p := newPacer(period, true)
	defer p.Stop()
	base := time.Now().Add(-35 * time.Millisecond) // the last tick was due 35 ms ago and ran until now
	p.next = base
	if !p.ran() {
		t.Fatal("a tick that overran 3.5 periods dropped nothing")
	}
	if off := p.next.Sub(base); off%period != 0 || !p.next.After(time.Now().Add(-time.Millisecond)) || off > 5*period {
		t.Errorf("next tick %v after the overrun's start, want the next period boundary after now", off)
	}
	p.next = time.Now().Add(-time.Millisecond) // the last tick was due 1 ms ago and took 1 ms
	if p.ran() {
		t.Error("a tick within its period dropped one")
	}
}
