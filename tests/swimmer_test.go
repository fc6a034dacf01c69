package tests

import (
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/population"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/systems"
)

// TestSeaSerpent: swimmers (CanSwim|CantWalk) wander the ocean: every cell
// they step onto, and every cell they end on, is wet.
func TestSeaSerpent(t *testing.T) {
	cfg := stepcache.DefaultConfig()
	sh := newShard(t, shardSetup{
		pop:   population.Options{Swimmers: 20, Seed: 9},
		opts:  systems.Options{Seed: 9, MaxSearchesPerTick: 8},
		cache: &cfg,
	})
	w := defaultGen(t)
	dry := 0
	sh.check.onStep = func(ev *systems.StepEvent) {
		if ev.Mover.Caps&movement.CantWalk == 0 {
			t.Errorf("mobile %d is not a swimmer: caps %b", ev.MobileID, ev.Mover.Caps)
		}
		dx, dy := ev.Dir.Offset()
		if !systems.IsWet(w.Map, w.Tiles, ev.FromX+dx, ev.FromY+dy) {
			dry++
		}
	}
	sh.run(7500, nil)
	sh.check.verify(t)
	if dry > 0 {
		t.Fatalf("%d swimmer steps onto dry cells", dry)
	}
	for _, id := range sh.pop.Swimmers {
		p, _ := sh.sim.MobileState(id)
		if !systems.IsWet(w.Map, w.Tiles, int(p.X), int(p.Y)) {
			t.Fatalf("swimmer %d ended on a dry cell %v", id, p)
		}
		if sh.check.executed[id] < 20 {
			t.Fatalf("swimmer %d took only %d steps in 60 s", id, sh.check.executed[id])
		}
	}
	st := sh.sim.Stats()
	t.Logf("swimmer steps %d, searches %d (found %d), lookups %v", st.Steps, st.Searches, st.Found, st.Lookups)
}
