package systems

import (
	"slices"
	"testing"

	"github.com/shardcore/shardcore/world"
)

// TestThinkingOnTwoGoroutinesMatchesOne: a crowded map with every intent
// (followers of wandering leaders, patrols, walkers on a walked route,
// wanderers, and move-to orders given again as they end) runs to the same
// positions, events, searches, thinks and random stream when the AI stage
// thinks on two goroutines (two move workers), a mobile a chunk, as on one
// in a single chunk. Run it with -race: the two share the world and the
// spatial index.
func TestThinkingOnTwoGoroutinesMatchesOne(t *testing.T) {
	type outcome struct {
		hash, rnd uint64
		evs       []Event
		st        Stats
	}
	run := func(workers, chunk int) outcome {
		m, td := openWorld(t, 96, 96)
		s, _ := newSim(t, m, td, Options{Seed: 3, MoveWorkers: workers, MaxSearchesPerTick: 256, FollowDirect: true})
		s.SetEvents(AllEvents, 0)
		s.ai.think.minPar, s.ai.think.chunk = 8, chunk // a few hundred thinks a tick, not the thousands of a large shard
		route, err := s.AddRoute([]world.Point{{X: 10, Y: 10}, {X: 85, Y: 10}, {X: 85, Y: 85}, {X: 10, Y: 85}})
		if err != nil {
			t.Fatal(err)
		}
		var ring []RouteCell
		for x := 20; x < 76; x++ {
			ring = append(ring, RouteCell{X: x, Y: 48})
		}
		for x := 75; x > 20; x-- {
			ring = append(ring, RouteCell{X: x, Y: 49})
		}
		var goers []uint64
		spawn := func(x, y int, o Order) uint64 {
			id, err := s.SpawnMobile(MobileSpec{X: x, Y: y, Speed: 100, Order: o})
			if err != nil {
				t.Fatal(err)
			}
			return id
		}
		for i := 0; i < 176; i++ {
			x, y := 4+i%88, 4+3*(i/88)
			lead := spawn(x, y, Order{Wander: &WanderSpec{Home: world.Point{X: x, Y: y}, Radius: 8}})
			spawn(x, y+1, Order{Follow: &FollowSpec{Target: lead, Range: 2}})
			spawn(x, 30+i/88, Order{Patrol: &PatrolSpec{Route: route, Index: i % 4, Tolerance: 1}})
			spawn(x, 60+i/88, Order{Wander: &WanderSpec{Home: world.Point{X: x, Y: 60}, Radius: 5}})
			goers = append(goers, spawn(x, 70+i/88, Order{}))
			if i < 60 {
				spawn(ring[i].X, ring[i].Y, Order{Walk: &WalkSpec{Cells: ring, Cell: i}})
			}
		}
		var evs []Event
		for tick := 0; tick < 300; tick++ {
			if tick%150 == 0 {
				for i, id := range goers {
					goal := world.Point{X: (i*7 + tick/10) % 96, Y: (i*13 + tick/5) % 96}
					if err := s.SetOrder(id, Order{GoTo: &GoToSpec{Goal: goal, Range: 1}}); err != nil {
						t.Fatal(err)
					}
				}
			}
			s.Step()
			evs = s.Events(evs)
		}
		return outcome{hash: s.PositionsHash(), rnd: s.rnd.Uint64(), evs: evs, st: s.Stats()}
	}
	one, two := run(1, 1<<20), run(2, 1) // one: a chunk a tick, as thinking in a loop; two: a mobile a chunk
	t.Logf("one goroutine: %d thinks, %d searches, %d steps, %d events; two: %d thinking stages of %d ticks",
		one.st.Thinks, one.st.Searches, one.st.Steps, len(one.evs), two.st.ThinkStages, two.st.Ticks)
	if one.st.ThinkStages != 0 || two.st.ThinkStages < 250 {
		t.Fatalf("thinking stages on two goroutines: %d with one worker, %d with two: the run did not exercise them", one.st.ThinkStages, two.st.ThinkStages)
	}
	if one.hash != two.hash || one.rnd != two.rnd {
		t.Fatalf("positions %x / %x, next random draw %x / %x", one.hash, two.hash, one.rnd, two.rnd)
	}
	if one.st.Thinks != two.st.Thinks || one.st.Searches != two.st.Searches || one.st.Steps != two.st.Steps || one.st.Expansions != two.st.Expansions {
		t.Fatalf("one goroutine: %d thinks %d searches %d steps %d expansions; two: %d %d %d %d", one.st.Thinks, one.st.Searches,
			one.st.Steps, one.st.Expansions, two.st.Thinks, two.st.Searches, two.st.Steps, two.st.Expansions)
	}
	if !slices.Equal(one.evs, two.evs) {
		t.Fatalf("events differ: %d against %d", len(one.evs), len(two.evs))
	}
	k := kinds(one.evs, 0)
	if k[EventArrived] == 0 || k[EventStepped] == 0 {
		t.Fatalf("events %v: no arrivals or steps", k)
	}
}

// openWorld builds a w×h map of grass with a few rock walls.
func openWorld(t testing.TB, w, h int) (*world.Map, *world.TileData) {
	t.Helper()
	return landWorld(t, w, h, func(x, y int) uint16 {
		if x%16 == 8 && y%24 > 4 {
			return landRock
		}
		return landGrass
	})
}
