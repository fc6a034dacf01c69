package systems

import (
	"errors"
	"runtime"
	"testing"

	c "github.com/shardcore/shardcore/components"
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/world"
)

// runUntil steps s until done returns true or n ticks ran, draining events
// into evs; it reports whether done came.
func runUntil(s *Sim, n int, evs *[]Event, done func() bool) bool {
	for i := 0; i < n; i++ {
		s.Step()
		*evs = s.Events(*evs)
		if done() {
			return true
		}
	}
	return false
}

// kinds counts events by kind for mobile id (0: all).
func kinds(evs []Event, id uint64) map[EventKind]int {
	out := map[EventKind]int{}
	for _, ev := range evs {
		if id == 0 || ev.Mobile == id {
			out[ev.Kind]++
		}
	}
	return out
}

// TestGoToArrives: a mobile spawned standing still is ordered to a cell
// behind a wall; it walks there, says it arrived once, and stays.
func TestGoToArrives(t *testing.T) {
	rows := []string{"..........", "....#.....", "....#.....", "....#....."}
	m, td := gridWorld(t, rows...)
	s, _ := newSim(t, m, td, Options{MaxSearchesPerTick: 4})
	s.SetEvents(AllEvents, 0)
	id, err := s.SpawnMobile(MobileSpec{X: 2, Y: 2, Speed: 100})
	if err != nil {
		t.Fatal(err)
	}
	goal := world.Point{X: 7, Y: 2}
	if err := s.SetOrder(id, Order{GoTo: &GoToSpec{Goal: goal}}); err != nil {
		t.Fatal(err)
	}
	var evs []Event
	if !runUntil(s, 400, &evs, func() bool { return kinds(evs, id)[EventArrived] > 0 }) {
		t.Fatalf("never arrived; events %v", kinds(evs, id))
	}
	p, _ := s.MobileState(id)
	if p.Point() != goal {
		t.Fatalf("arrived at %v, want %v", p.Point(), goal)
	}
	runUntil(s, 100, &evs, func() bool { return false })
	k := kinds(evs, id)
	if k[EventArrived] != 1 || k[EventStepped] < 5 || k[EventPathFailed] != 0 {
		t.Fatalf("events %v: want one arrival, the steps, no failure", k)
	}
	for _, ev := range evs {
		if ev.Kind == EventArrived && ev.Goal != goal {
			t.Fatalf("arrival names goal %v", ev.Goal)
		}
	}
}

// TestGoToUnreachableGivesUp: a goal walled off fails with reason
// unreachable each try, and the order is given up after goToMaxFails.
func TestGoToUnreachableGivesUp(t *testing.T) {
	rows := []string{"......###.", "......#.#.", "......###."}
	m, td := gridWorld(t, rows...)
	s, _ := newSim(t, m, td, Options{MaxSearchesPerTick: 4, NodesPerTile: -1}) // the whole map searched: unreachable, not out of nodes
	s.SetEvents(AllEvents, 0)
	id, err := s.SpawnMobile(MobileSpec{X: 1, Y: 1, Order: Order{GoTo: &GoToSpec{Goal: world.Point{X: 7, Y: 1}}}})
	if err != nil {
		t.Fatal(err)
	}
	var evs []Event
	if !runUntil(s, 2000, &evs, func() bool { return kinds(evs, id)[EventGaveUp] > 0 }) {
		t.Fatalf("never gave up; events %v", kinds(evs, id))
	}
	k := kinds(evs, id)
	if k[EventPathFailed] != goToMaxFails {
		t.Fatalf("%d failed searches before giving up, want %d", k[EventPathFailed], goToMaxFails)
	}
	for _, ev := range evs {
		if ev.Kind == EventPathFailed && ev.Reason != ReasonUnreachable {
			t.Fatalf("failed search's reason %v, want unreachable", ev.Reason)
		}
	}
	searches := s.Stats().Searches
	runUntil(s, 500, &evs, func() bool { return false })
	if s.Stats().Searches != searches {
		t.Fatal("a given-up order still searches")
	}
}

// TestNodeBudgetReason: a search cut off by its node budget says so.
func TestNodeBudgetReason(t *testing.T) {
	m, td := gridWorld(t)
	s, _ := newSim(t, m, td, Options{MaxSearchesPerTick: 4, MaxNodes: 3})
	s.SetEvents(MaskOf(EventPathFailed), 0)
	if _, err := s.SpawnMobile(MobileSpec{X: 1, Y: 1, Order: Order{GoTo: &GoToSpec{Goal: world.Point{X: 30, Y: 30}}}}); err != nil {
		t.Fatal(err)
	}
	var evs []Event
	runUntil(s, 10, &evs, func() bool { return len(evs) > 0 })
	if len(evs) == 0 || evs[0].Reason != ReasonNodeBudget {
		t.Fatalf("events %+v: want a failure for the node budget", evs)
	}
}

// TestSetOrderFollowThenStop: an idle mobile ordered to follow keeps up
// with a walking leader; stopped, it stays and leaves the leader's list.
func TestSetOrderFollowThenStop(t *testing.T) {
	m, td := gridWorld(t)
	s, _ := newSim(t, m, td, Options{MaxSearchesPerTick: 8})
	r, _ := s.AddRoute([]world.Point{{X: 25, Y: 5}, {X: 5, Y: 25}})
	lead, _ := s.SpawnMobile(MobileSpec{X: 5, Y: 5, Speed: 200, Order: Order{Patrol: &PatrolSpec{Route: r}}})
	pet, _ := s.SpawnMobile(MobileSpec{X: 1, Y: 1, Speed: 100})
	if err := s.SetOrder(pet, Order{Follow: &FollowSpec{Target: lead, Range: 2}}); err != nil {
		t.Fatal(err)
	}
	if f, _ := s.Followers(lead, nil); len(f) != 1 || f[0] != pet {
		t.Fatalf("leader's followers %v", f)
	}
	far := 0
	for i := 0; i < 600; i++ {
		s.Step()
		a, _ := s.MobileState(lead)
		b, _ := s.MobileState(pet)
		if i > 100 && cheb(a.Point(), b.Point()) > 6 {
			far++
		}
	}
	if far > 0 {
		t.Fatalf("the follower was more than 6 tiles behind on %d ticks", far)
	}
	if err := s.SetOrder(pet, Order{}); err != nil {
		t.Fatal(err)
	}
	if f, _ := s.Followers(lead, nil); len(f) != 0 {
		t.Fatalf("a stopped follower is still listed: %v", f)
	}
	s.Step()
	at, _ := s.MobileState(pet)
	for i := 0; i < 200; i++ {
		s.Step()
	}
	if now, _ := s.MobileState(pet); now != at {
		t.Fatalf("a stopped mobile moved from %v to %v", at, now)
	}
}

// TestBadOrders: typed errors for unknown ids, off-map points, self
// follows and rings.
func TestBadOrders(t *testing.T) {
	m, td := gridWorld(t)
	s, _ := newSim(t, m, td, Options{})
	a, _ := s.SpawnMobile(MobileSpec{X: 1, Y: 1})
	b, _ := s.SpawnMobile(MobileSpec{X: 2, Y: 1, Order: Order{Follow: &FollowSpec{Target: a}}})
	for _, tc := range []struct {
		name string
		err  error
		want error
	}{
		{"unknown mobile", s.SetOrder(99, Order{}), ErrUnknownMobile},
		{"follow unknown", s.SetOrder(a, Order{Follow: &FollowSpec{Target: 99}}), ErrUnknownMobile},
		{"follow self", s.SetOrder(a, Order{Follow: &FollowSpec{Target: a}}), ErrBadOrder},
		{"ring", s.SetOrder(a, Order{Follow: &FollowSpec{Target: b}}), ErrBadOrder},
		{"goal off map", s.SetOrder(a, Order{GoTo: &GoToSpec{Goal: world.Point{X: 40, Y: 1}}}), ErrOffMap},
		{"bad direction", s.SetOrder(a, Order{Steps: []movement.Dir{9}}), ErrBadOrder},
		{"teleport off map", s.TeleportMobile(a, -1, 0, 0), ErrOffMap},
		{"teleport z", s.TeleportMobile(a, 1, 1, 200), ErrOffMap},
		{"despawn unknown", s.DespawnMobile(99), ErrUnknownMobile},
		{"remove unknown item", s.RemoveItem(99), ErrUnknownItem},
		{"door unknown", s.SetDoor(itemIDBit|1, true), ErrUnknownItem},
	} {
		if !errors.Is(tc.err, tc.want) {
			t.Errorf("%s: error %v, want %v", tc.name, tc.err, tc.want)
		}
	}
	if _, err := s.SpawnMobile(MobileSpec{X: 3, Y: 3, ID: a}); !errors.Is(err, ErrBadOrder) {
		t.Errorf("an id in use: %v", err)
	}
}

// TestDespawnLeaderStopsFollowers: despawning a leader with a queued
// search and followers leaves no trace: the followers stop, the id is
// unknown, and the Sim ticks on.
func TestDespawnLeaderStopsFollowers(t *testing.T) {
	m, td := gridWorld(t)
	s, _ := newSim(t, m, td, Options{MaxSearchesPerTick: 1})
	r, _ := s.AddRoute([]world.Point{{X: 25, Y: 25}, {X: 5, Y: 5}})
	lead, _ := s.SpawnMobile(MobileSpec{X: 5, Y: 5, Order: Order{Patrol: &PatrolSpec{Route: r}}})
	var pets []uint64
	for i := 0; i < 3; i++ {
		p, err := s.SpawnMobile(MobileSpec{X: 1 + i, Y: 1, Order: Order{Follow: &FollowSpec{Target: lead, Range: 1}}})
		if err != nil {
			t.Fatal(err)
		}
		pets = append(pets, p)
	}
	for i := 0; i < 30; i++ {
		s.Step()
	}
	if err := s.DespawnMobile(lead); err != nil {
		t.Fatal(err)
	}
	if s.HasMobile(lead) {
		t.Fatal("despawned mobile still known")
	}
	if _, err := s.Followers(lead, nil); !errors.Is(err, ErrUnknownMobile) {
		t.Fatalf("followers of a despawned mobile: %v", err)
	}
	if err := s.DespawnMobile(pets[1]); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 200; i++ {
		s.Step()
	}
	if st := s.Stats(); st.Mobiles != 2 {
		t.Fatalf("%d mobiles left, want 2", st.Mobiles)
	}
	for _, p := range []uint64{pets[0], pets[2]} {
		if got := s.maps.sched.Get(s.reg.byID[p]).intent; got != intentNone {
			t.Fatalf("follower %d of a despawned leader has intent %d", p, got)
		}
	}
	id, err := s.SpawnMobile(MobileSpec{X: 9, Y: 9})
	if err != nil || id == lead {
		t.Fatalf("spawn after despawn: id %d, err %v (an id must never be reused)", id, err)
	}
}

// TestTeleportWithinMap: a teleported mobile stands where it was put, its
// path is dropped, its move-to order walks on from there, and it says so.
func TestTeleportWithinMap(t *testing.T) {
	m, td := gridWorld(t)
	s, _ := newSim(t, m, td, Options{MaxSearchesPerTick: 4})
	s.SetEvents(MaskOf(EventTeleported, EventArrived), 0)
	goal := world.Point{X: 28, Y: 3}
	id, _ := s.SpawnMobile(MobileSpec{X: 1, Y: 3, Speed: 100, Order: Order{GoTo: &GoToSpec{Goal: goal}}})
	for i := 0; i < 20; i++ {
		s.Step()
	}
	if err := s.TeleportMobile(id, 20, 20, 0); err != nil {
		t.Fatal(err)
	}
	if p, _ := s.MobileState(id); p.X != 20 || p.Y != 20 {
		t.Fatalf("at %v after teleport", p)
	}
	if path, _ := s.MobilePath(id); len(path) != 0 {
		t.Fatalf("path kept after teleport: %v", path)
	}
	if s.Spatial().MobilesAt(0, 20, 20, nil) == nil {
		t.Fatal("the spatial index does not have the mobile at its new cell")
	}
	evs := s.Events(nil)
	if len(evs) != 1 || evs[0].Kind != EventTeleported || evs[0].X != 20 {
		t.Fatalf("events %+v", evs)
	}
	if !runUntil(s, 600, &evs, func() bool { return kinds(evs, id)[EventArrived] > 0 }) {
		t.Fatal("never arrived after the teleport")
	}
}

// TestItemsAndDoors: a door placed in a doorway blocks a mobile that
// cannot open doors until opened by SetDoor; removed, it is gone.
func TestItemsAndDoors(t *testing.T) {
	rows := make([]string, 32)
	for y := range rows {
		rows[y] = "..........#....."
	}
	m, td := gridWorld(t, withDoorway(rows, 10, 5)...)
	s, _ := newSim(t, m, td, Options{MaxSearchesPerTick: 4, DoorOpenMs: 200})
	s.SetEvents(AllEvents, 0)
	door, err := s.SpawnItem(ItemSpec{X: 10, Y: 5, ID: itemDoor, Door: true})
	if err != nil || !IsItemID(door) {
		t.Fatalf("door id %#x, err %v", door, err)
	}
	id, _ := s.SpawnMobile(MobileSpec{X: 6, Y: 5, Speed: 100, Tags: c.Tags{}, Order: Order{GoTo: &GoToSpec{Goal: world.Point{X: 14, Y: 5}}}})
	var evs []Event
	if !runUntil(s, 1000, &evs, func() bool { return kinds(evs, id)[EventGaveUp] > 0 }) {
		t.Fatalf("a closed door did not stop it: %v", kinds(evs, id))
	}
	if err := s.SetDoor(door, true); err != nil {
		t.Fatal(err)
	}
	if err := s.SetOrder(id, Order{GoTo: &GoToSpec{Goal: world.Point{X: 14, Y: 5}}}); err != nil {
		t.Fatal(err)
	}
	if !runUntil(s, 1000, &evs, func() bool { return kinds(evs, id)[EventArrived] > 0 }) {
		t.Fatalf("an open door still stopped it: %v", kinds(evs, id))
	}
	if len(s.Spatial().ItemsAt(0, 10, 5, nil)) != 0 {
		t.Fatal("a door held open closed by itself")
	}
	if err := s.SetDoor(door, false); err != nil {
		t.Fatal(err)
	}
	if len(s.Spatial().ItemsAt(0, 10, 5, nil)) != 1 {
		t.Fatal("a closed door is not shown to the rules")
	}
	if err := s.RemoveItem(door); err != nil {
		t.Fatal(err)
	}
	if len(s.Spatial().ItemsAt(0, 10, 5, nil)) != 0 || s.RemoveItem(door) == nil {
		t.Fatal("a removed item is still there")
	}
}

// TestStepsOrder: steps handed by direction are taken one per pace, and a
// step into a wall is refused (blocked) and drops the rest.
func TestStepsOrder(t *testing.T) {
	rows := []string{"....", ".....#"}
	m, td := gridWorld(t, rows...)
	s, _ := newSim(t, m, td, Options{})
	s.SetEvents(AllEvents, 0)
	id, _ := s.SpawnMobile(MobileSpec{X: 2, Y: 1, Speed: 100, Tags: c.Tags{Player: true}})
	if err := s.SetOrder(id, Order{Steps: []movement.Dir{movement.East, movement.East, movement.East, movement.East}}); err != nil {
		t.Fatal(err)
	}
	var evs []Event
	runUntil(s, 200, &evs, func() bool { return false })
	k := kinds(evs, id)
	if k[EventStepped] != 2 || k[EventBlocked] != 2 {
		t.Fatalf("events %v: want 2 steps, then the wall refusing twice", k)
	}
	if p, _ := s.MobileState(id); p.X != 4 {
		t.Fatalf("at x %d, want 4", p.X)
	}
	if s.Stats().Searches != 0 {
		t.Fatal("steps by direction searched")
	}
}

// TestEventsDrainWithoutAllocating: once warm, a tick and a drain into a
// reused slice allocate nothing for the events.
func TestEventsDrainWithoutAllocating(t *testing.T) {
	m, td := gridWorld(t)
	s, _ := newSim(t, m, td, Options{MaxSearchesPerTick: 8})
	s.SetEvents(MaskOf(EventStepped, EventBlocked), 0)
	r, _ := s.AddRoute([]world.Point{{X: 25, Y: 5}, {X: 5, Y: 25}})
	for i := 0; i < 8; i++ {
		if _, err := s.SpawnMobile(MobileSpec{X: 2 + 3*i, Y: 2, Speed: 100, Order: Order{Patrol: &PatrolSpec{Route: r, Index: i % 2}}}); err != nil {
			t.Fatal(err)
		}
	}
	buf := make([]Event, 0, 1024)
	for i := 0; i < 300; i++ {
		s.Step()
		buf = s.Events(buf[:0])
	}
	n := 0
	withEvents := testing.AllocsPerRun(200, func() {
		s.Step()
		buf = s.Events(buf[:0])
		n += len(buf)
	})
	s.SetEvents(0, 0)
	without := testing.AllocsPerRun(200, func() {
		s.Step()
		buf = s.Events(buf[:0])
	})
	if n == 0 {
		t.Fatal("no events in 200 ticks")
	}
	if withEvents > without {
		t.Fatalf("%.2f allocations a tick with events, %.2f without", withEvents, without)
	}
}

// TestEventCapDrops: events past the cap are dropped and counted.
func TestEventCapDrops(t *testing.T) {
	m, td := gridWorld(t)
	s, _ := newSim(t, m, td, Options{})
	s.SetEvents(AllEvents, 2)
	for i := 0; i < 5; i++ {
		id, _ := s.SpawnMobile(MobileSpec{X: i, Y: 0})
		if err := s.TeleportMobile(id, i, 3, 0); err != nil {
			t.Fatal(err)
		}
	}
	if evs := s.Events(nil); len(evs) != 2 || s.Stats().EventsDropped != 3 {
		t.Fatalf("%d events kept, %d dropped", len(evs), s.Stats().EventsDropped)
	}
}

// TestReserveMobileID: a reserved id of the map's own is never minted
// again; an id of another map's, an item's or one below the next changes
// nothing.
func TestReserveMobileID(t *testing.T) {
	m, td := gridWorld(t, "..........", "..........")
	s, _ := newSim(t, m, td, Options{})
	first, err := s.SpawnMobile(MobileSpec{X: 1, Y: 1})
	if err != nil {
		t.Fatal(err)
	}
	s.ReserveMobileID(first + 4)
	s.ReserveMobileID(first + 1) // below the next: nothing
	s.ReserveMobileID(uint64(7)<<IDMapShift | 100)
	s.ReserveMobileID(itemIDBit | 200)
	next, err := s.SpawnMobile(MobileSpec{X: 2, Y: 1})
	if err != nil {
		t.Fatal(err)
	}
	if next != first+5 {
		t.Fatalf("minted %d after reserving %d, want %d", next, first+4, first+5)
	}
}

// TestMobileQueryAllocatesLittle: one mobile's state (Mobile) is carved
// from allocations its own size, not from a whole state's slabs: the
// gates and the embedding API ask it for single mobiles between ticks.
func TestMobileQueryAllocatesLittle(t *testing.T) {
	m, td := gridWorld(t, "..........", "..........")
	s, _ := newSim(t, m, td, Options{})
	owner, err := s.SpawnMobile(MobileSpec{X: 1, Y: 1})
	if err != nil {
		t.Fatal(err)
	}
	pet, err := s.SpawnMobile(MobileSpec{X: 2, Y: 1, Order: Order{Follow: &FollowSpec{Target: owner, Range: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range 100 {
		if _, err := s.Mobile(pet); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Mobile(owner); err != nil {
			t.Fatal(err)
		}
	}
	runtime.ReadMemStats(&after)
	if n := after.TotalAlloc - before.TotalAlloc; n > 200*1024 {
		t.Fatalf("200 single-mobile queries allocated %d bytes", n)
	}
}
