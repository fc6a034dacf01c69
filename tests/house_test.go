package tests

import (
	"testing"

	"github.com/shardcore/shardcore/components"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/systems"
	"github.com/shardcore/shardcore/world"
)

// TestHouse: a door-opening walker paths from the doorway of a house multi
// (which holds a door item) to a floor cell inside and back out. The cells around a multi fall through to the live
// rules (FallMulti lookups), and every step passes the live re-check.
func TestHouse(t *testing.T) {
	cfg := stepcache.DefaultConfig()
	cfg.MissPromotionThreshold = 1 // build on first touch: the fallthrough must be the multi's
	sh := newShard(t, shardSetup{opts: systems.Options{Seed: 2, MaxSearchesPerTick: 4}, cache: &cfg, noPopulate: true})
	lm := defaultGen(t).Landmarks
	in, door := lm.HouseInside, lm.HouseDoor
	if _, err := sh.sim.AddRoute(nil); err == nil {
		t.Fatal("an empty route was accepted")
	}
	route, err := sh.sim.AddRoute([]world.Point{in.Point(), door.Point()})
	if err != nil {
		t.Fatal(err)
	}
	id, err := sh.sim.SpawnMobile(systems.MobileSpec{X: door.X, Y: door.Y, Z: door.Z, Speed: 400, Tags: components.Tags{CanOpenDoors: true},
		Order: systems.Order{Patrol: &systems.PatrolSpec{Route: route}}})
	if err != nil {
		t.Fatal(err)
	}
	reached, back := false, false
	sh.run(1500, func(int) {
		p, _ := sh.sim.MobileState(id)
		if int(p.X) == in.X && int(p.Y) == in.Y {
			reached = true
		}
		if reached && int(p.X) == door.X && int(p.Y) == door.Y {
			back = true
		}
	})
	sh.check.verify(t)
	st := sh.sim.Stats()
	t.Logf("steps %d, searches %d (found %d), lookups %v", st.Steps, st.Searches, st.Found, st.Lookups)
	if !reached {
		t.Fatalf("the walker never reached the house floor %v", in)
	}
	if !back {
		t.Fatalf("the walker never came back out to the doorway %v", door)
	}
	if st.DoorsOpened == 0 {
		t.Fatal("the walker never opened the house door")
	}
	if st.Lookups[chunk.FallMulti] == 0 {
		t.Fatalf("no lookup fell through for the multi: %v", st.Lookups)
	}
}
