package tests

import (
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/population"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/systems"
	"github.com/shardcore/shardcore/world"
)

// TestClosedDoorBlocksNonOpeners: a door item at a doorway blocks a walker
// that cannot open doors and lets one that can through, as the live rules
// see the ECS door.
func TestClosedDoorBlocksNonOpeners(t *testing.T) {
	sh := newShard(t, shardSetup{noPopulate: true})
	r := sh.sim.Rules()
	static := r.Clone()
	static.Dyn = nil
	lm := defaultGen(t).Landmarks
	checked := 0
	for _, d := range lm.DoorSpecs {
		for dir := movement.Dir(0); dir < 8; dir += 2 {
			dx, dy := dir.Offset()
			fx, fy := d.At.X-dx, d.At.Y-dy // the cell before the doorway
			z, _ := r.StartZ(movement.Mover{}, fx, fy, int(d.Z))
			if _, ok := static.CheckMovement(movement.Mover{}, fx, fy, z, dir); !ok {
				continue // not a way into the doorway without the door either
			}
			if _, ok := r.CheckMovement(movement.Mover{}, fx, fy, z, dir); ok {
				t.Fatalf("door %v: a non-opener stepped %v into the closed door", d, dir)
			}
			if _, ok := r.CheckMovement(movement.Mover{Caps: movement.CanOpenDoors}, fx, fy, z, dir); !ok {
				t.Fatalf("door %v: a door opener could not step %v into the doorway", d, dir)
			}
			checked++
		}
	}
	if checked < len(lm.DoorSpecs) {
		t.Fatalf("checked %d approaches to %d doors", checked, len(lm.DoorSpecs))
	}
}

// TestPatrol: NPCs patrol the town routes (through doors: two in three can
// open them) and the route over the northern bridge. Every step passes the
// live rules, doors get opened, someone crosses the bridge deck, and the
// chunks the patrols keep returning to are promoted and served from the
// cache.
func TestPatrol(t *testing.T) {
	cfg := stepcache.DefaultConfig()
	sh := newShard(t, shardSetup{
		pop:   population.Options{Patrols: 24, Seed: 5},
		opts:  systems.Options{Seed: 5, MaxSearchesPerTick: 8},
		cache: &cfg,
	})
	lm := defaultGen(t).Landmarks
	deck := lm.BridgeDeck.Point()
	onDeck := 0
	visits := map[[2]int]int{}
	sh.check.onStep = func(ev *systems.StepEvent) {
		dx, dy := ev.Dir.Offset()
		p := world.Point{X: ev.FromX + dx, Y: ev.FromY + dy}
		if abs(p.X-deck.X) <= 1 && abs(p.Y-deck.Y) <= 2 {
			onDeck++
		}
		visits[[2]int{p.X / 16, p.Y / 16}]++
	}
	sh.run(7500, nil) // 60 s of game time
	sh.check.verify(t)
	st := sh.sim.Stats()
	cs := sh.cache.Stats()
	promoted, busy := 0, 0
	for k, n := range visits {
		if n < 50 {
			continue
		}
		busy++
		if sh.cache.Resident(0, k[0], k[1]) {
			promoted++
		}
	}
	t.Logf("steps %d, blocked %d, doors opened %d, deck steps %d, searches %d (found %d), max wait %d; busy chunks %d promoted %d; lookups %v; cache built %d hit ratio %.2f",
		st.Steps, st.Blocked, st.DoorsOpened, onDeck, st.Searches, st.Found, st.MaxWaitTicks, busy, promoted, st.Lookups, cs.Built, cs.HitRatio())
	if st.DoorsOpened == 0 {
		t.Fatal("no patrol opened a door")
	}
	if onDeck == 0 {
		t.Fatal("no patrol crossed the bridge deck")
	}
	for _, id := range sh.pop.Patrols {
		if sh.check.executed[id] < 40 {
			t.Fatalf("patrol %d took only %d steps in 60 s", id, sh.check.executed[id])
		}
	}
	if busy == 0 || promoted != busy {
		t.Fatalf("%d of %d chunks with 50+ patrol steps were promoted", promoted, busy)
	}
	if st.Lookups[chunk.Hit] == 0 || cs.Built == 0 {
		t.Fatalf("patrol searches never hit the cache: lookups %v", st.Lookups)
	}
}
