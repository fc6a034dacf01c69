package systems

import (
	"testing"
	"time"

	c "github.com/shardcore/shardcore/components"
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/world"
)

type recorderFunc func(r *PathRecord)

func (f recorderFunc) RecordPath(r *PathRecord) { f(r) }

// spawnPatrollers spawns n mobiles at (2, 2+2i), each patrolling (20, 2+2i) and back.
func spawnPatrollers(t *testing.T, s *Sim, n int) []uint64 {
	t.Helper()
	var ids []uint64
	for i := 0; i < n; i++ {
		y := 2 + 2*i
		r, err := s.AddRoute([]world.Point{{X: 20, Y: y}, {X: 2, Y: y}})
		if err != nil {
			t.Fatal(err)
		}
		id, err := s.SpawnMobile(MobileSpec{X: 2, Y: y, Speed: 100, Order: Order{Patrol: &PatrolSpec{Route: r}}})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	return ids
}

// TestBudgetSearchesFIFO: with 3 searches per tick, 10 simultaneous
// requests are served oldest first over 4 ticks, each wait recorded.
func TestBudgetSearchesFIFO(t *testing.T) {
	m, td := gridWorld(t)
	var waits []uint64
	s, cf := newSim(t, m, td, Options{MaxSearchesPerTick: 3, Recorder: recorderFunc(func(r *PathRecord) {
		waits = append(waits, r.WaitTicks)
	})})
	spawnPatrollers(t, s, 10)
	for i := 0; i < 4; i++ {
		before := cf.calls
		s.Step()
		if n := cf.calls - before; n > 3 {
			t.Fatalf("tick %d ran %d searches, budget 3", i, n)
		}
	}
	want := []uint64{0, 0, 0, 1, 1, 1, 2, 2, 2, 3}
	if len(waits) != len(want) {
		t.Fatalf("waits %v, want %v", waits, want)
	}
	for i := range want {
		if waits[i] != want[i] {
			t.Fatalf("waits %v, want %v", waits, want)
		}
		if cf.order[i].Y != 2+2*i {
			t.Fatalf("search %d started at %v: not oldest first", i, cf.order[i])
		}
	}
	if st := s.Stats(); st.MaxWaitTicks != 3 || st.QueueLen != 0 || st.Searches != 10 {
		t.Fatalf("stats %+v", st)
	}
}

// TestBudgetExpansions: the expansion budget stops starting searches once a
// tick's expansions reach it.
func TestBudgetExpansions(t *testing.T) {
	m, td := gridWorld(t)
	s, cf := newSim(t, m, td, Options{MaxExpansionsPerTick: 30})
	spawnPatrollers(t, s, 6)
	s.Step()
	// each 18-step search expands 18 nodes: the second one passes 30
	if cf.calls != 2 {
		t.Fatalf("first tick ran %d searches, want 2 (18 expansions each, budget 30)", cf.calls)
	}
}

// TestBudgetClock: under an injected clock the time budget admits exactly
// the searches that start before it is spent.
func TestBudgetClock(t *testing.T) {
	m, td := gridWorld(t)
	clk := &fakeClock{step: 500 * time.Microsecond}
	s, cf := newSim(t, m, td, Options{TickBudget: 4 * time.Millisecond, Clock: clk.read})
	spawnPatrollers(t, s, 8)
	s.Step()
	// reads: budget start, then per search one check and two timing reads:
	// checks at +0.5, +2.0, +3.5 ms pass, the one at +5.0 ms stops.
	if cf.calls != 3 {
		t.Fatalf("first tick ran %d searches, want 3", cf.calls)
	}
	s.Step()
	// the second tick's first search (the oldest) gets the full node budget;
	// later ones get what the rest of the budget allows at the measured
	// 0.5 ms per 18 expansions, too few here: postponed, still queued.
	if st := s.Stats(); st.Searches != 4 || st.Postponed == 0 || st.QueueLen != 4 || st.TickP50 == 0 {
		t.Fatalf("stats after 2 ticks %+v", st)
	}
	for i := 0; i < 8; i++ {
		s.Step()
	}
	if st := s.Stats(); st.Searches < 8 || st.MaxWaitTicks > 8 {
		t.Fatalf("postponed requests starved: stats after 10 ticks %+v", st)
	}
}

// TestBlockedStepRepaths: an obstacle dropped on a computed path makes the
// live re-check refuse the step; the mobile repaths around it.
func TestBlockedStepRepaths(t *testing.T) {
	m, td := gridWorld(t)
	s, cf := newSim(t, m, td, Options{MaxSearchesPerTick: 4})
	ids := spawnPatrollers(t, s, 1)
	s.Step()                 // path computed; first step taken
	for y := 0; y < 6; y++ { // a fence across the path: around it below y 6
		if _, err := s.SpawnItem(ItemSpec{X: 6, Y: y, ID: itemDoor}); err != nil {
			t.Fatal(err)
		}
	}
	searches := cf.calls
	reached := false
	for i := 0; i < 400 && !reached; i++ {
		s.Step()
		p, _ := s.MobileState(ids[0])
		if p.X == 6 && p.Y < 6 {
			t.Fatalf("the mobile stepped onto the fence at %v", p)
		}
		reached = p.X >= 19
	}
	st := s.Stats()
	if st.Blocked == 0 || cf.calls <= searches || !reached {
		t.Fatalf("blocked %d, searches %d -> %d, reached %v", st.Blocked, searches, cf.calls, reached)
	}
}

// TestDoorsOpenAndClose: a door opener walks through a door in a wall; the
// door opens (others may pass) and closes DoorOpenMs later.
func TestDoorsOpenAndClose(t *testing.T) {
	rows := make([]string, 12)
	for y := range rows {
		rows[y] = "..........#....."
	}
	// the wall is column 10 from y 0 to 11; the doorway (10,5) is grass with a door
	m, td := gridWorld(t, withDoorway(rows, 10, 5)...)
	s, _ := newSim(t, m, td, Options{MaxSearchesPerTick: 4, DoorOpenMs: 200})
	if _, err := s.SpawnItem(ItemSpec{X: 10, Y: 5, ID: itemDoor, Door: true}); err != nil {
		t.Fatal(err)
	}
	r, _ := s.AddRoute([]world.Point{{X: 14, Y: 5}, {X: 6, Y: 5}})
	id, err := s.SpawnMobile(MobileSpec{X: 6, Y: 5, Speed: 100, Tags: c.Tags{CanOpenDoors: true}, Order: Order{Patrol: &PatrolSpec{Route: r}}})
	if err != nil {
		t.Fatal(err)
	}
	if s.MobileCaps(id)&movement.CanOpenDoors == 0 {
		t.Fatal("caps not derived from tags")
	}
	opened, closedAgain, crossed := false, false, false
	for i := 0; i < 600; i++ {
		s.Step()
		shown := len(s.Spatial().ItemsAt(0, 10, 5, nil)) == 1
		if s.Stats().DoorsOpened > 0 && !opened {
			opened = true
			if shown {
				t.Fatal("an open door is still reported to the rules")
			}
		}
		closedAgain = closedAgain || (opened && shown)
		if p, _ := s.MobileState(id); p.X >= 13 {
			crossed = true
		}
	}
	if !opened || !closedAgain || !crossed {
		t.Fatalf("opened %v, closed again %v, crossed %v", opened, closedAgain, crossed)
	}
}

func withDoorway(rows []string, x, y int) []string {
	out := append([]string(nil), rows...)
	b := []byte(out[y])
	b[x] = '.'
	out[y] = string(b)
	return out
}

// TestFollowAndWander: a pet keeps up with a patrolling owner; a swimmer
// wanders only on water.
func TestFollowAndWander(t *testing.T) {
	rows := make([]string, 32)
	for y := 20; y < 32; y++ {
		rows[y] = "~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~"
	}
	m, td := gridWorld(t, rows...)
	parties := map[uint64]map[uint64]bool{} // mobile -> parties its searches named
	s, _ := newSim(t, m, td, Options{Seed: 4, MaxSearchesPerTick: 4, Recorder: recorderFunc(func(r *PathRecord) {
		if parties[r.MobileID] == nil {
			parties[r.MobileID] = map[uint64]bool{}
		}
		parties[r.MobileID][r.Party] = true
	})})
	owner := spawnPatrollers(t, s, 1)[0]
	pet, err := s.SpawnMobile(MobileSpec{X: 2, Y: 4, Speed: 80, Order: Order{Follow: &FollowSpec{Target: owner, Range: 3}}})
	if err != nil {
		t.Fatal(err)
	}
	sw, err := s.SpawnMobile(MobileSpec{X: 10, Y: 26, Speed: 100, Tags: c.Tags{CanSwim: true, CantWalk: true},
		Order: Order{Wander: &WanderSpec{Home: world.Point{X: 10, Y: 26}, Radius: 8}}})
	if err != nil {
		t.Fatal(err)
	}
	start, _ := s.MobileState(sw)
	moved := false
	for i := 0; i < 2000; i++ {
		s.Step()
		a, _ := s.MobileState(owner)
		b, _ := s.MobileState(pet)
		if d := cheb(a.Point(), b.Point()); d > 6 && i > 50 {
			t.Fatalf("tick %d: pet %d tiles behind", i, d)
		}
		p, _ := s.MobileState(sw)
		if !IsWet(m, td, int(p.X), int(p.Y)) {
			t.Fatalf("tick %d: swimmer on dry cell %v", i, p)
		}
		moved = moved || p != start
	}
	if !moved {
		t.Fatal("the swimmer never moved")
	}
	// The admission gate sees the pet's searches as its owner's party.
	for id, want := range map[uint64]uint64{owner: owner, pet: owner, sw: sw} {
		if got := parties[id]; len(got) != 1 || !got[want] {
			t.Errorf("mobile %d searched as parties %v, want only %d", id, got, want)
		}
	}
}

// TestSpawnErrors: bad input is refused with an error, never a panic.
func TestSpawnErrors(t *testing.T) {
	m, td := gridWorld(t)
	if _, err := NewSim(nil, td, Options{}); err == nil {
		t.Fatal("nil map accepted")
	}
	s, _ := newSim(t, m, td, Options{})
	cases := []MobileSpec{
		{X: -1, Y: 0},
		{X: 0, Y: 0, Z: 200},
		{X: 1, Y: 1, Order: Order{Follow: &FollowSpec{Target: 99}}},
		{X: 1, Y: 1, Order: Order{Patrol: &PatrolSpec{Route: 3}}},
	}
	for i, sp := range cases {
		if _, err := s.SpawnMobile(sp); err == nil {
			t.Fatalf("case %d: %+v accepted", i, sp)
		}
	}
	if _, err := s.AddRoute([]world.Point{{X: 40, Y: 0}}); err == nil {
		t.Fatal("off-map route accepted")
	}
	if _, err := s.SpawnItem(ItemSpec{X: 32, Y: 0}); err == nil {
		t.Fatal("off-map item accepted")
	}
}

// TestTickAllocs: a warmed-up tick with walking, repathing mobiles
// allocates nothing.
func TestTickAllocs(t *testing.T) {
	m, td := gridWorld(t)
	s, _ := newSim(t, m, td, Options{MaxSearchesPerTick: 4, Clock: (&fakeClock{}).read})
	spawnPatrollers(t, s, 5)
	for i := 0; i < 500; i++ {
		s.Step()
	}
	n := testing.AllocsPerRun(200, s.Step)
	if n != 0 {
		t.Fatalf("%v allocs per tick", n)
	}
}

// TestPatrolLoginDelayOnWaypoint: a patroller spawned on its waypoint with
// a login delay asks for its first path only once the delay has passed.
func TestPatrolLoginDelayOnWaypoint(t *testing.T) {
	m, td := gridWorld(t)
	var ticks []uint64
	s, _ := newSim(t, m, td, Options{Recorder: recorderFunc(func(r *PathRecord) { ticks = append(ticks, r.Tick) })})
	r, err := s.AddRoute([]world.Point{{X: 2, Y: 2}, {X: 20, Y: 2}})
	if err != nil {
		t.Fatal(err)
	}
	const delayMs = 80 // 10 ticks of 8 ms
	if _, err := s.SpawnMobile(MobileSpec{X: 2, Y: 2, Speed: 100, Order: Order{Patrol: &PatrolSpec{Route: r, DelayMs: delayMs}}}); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 20; i++ {
		s.Step()
	}
	if len(ticks) == 0 {
		t.Fatal("no search within 20 ticks")
	}
	if at := (ticks[0] + 1) * uint64(s.opts.TickMs); at < delayMs { // tick i runs at game time (i+1)·TickMs
		t.Fatalf("first search in tick %d (%d ms), before the %d ms login delay", ticks[0], at, delayMs)
	}
}
