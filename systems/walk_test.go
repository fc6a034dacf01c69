package systems

import (
	"testing"

	c "github.com/shardcore/shardcore/components"
)

// loopCells is a rectangular loop of walked cells from (2,2) east to
// (12,2), south to (12,6), west to (2,6) and north back to (2,3), one step
// apart, with the first cell repeated at the end as walked routes close.
func loopCells() []RouteCell {
	var cells []RouteCell
	for x := 2; x <= 12; x++ {
		cells = append(cells, RouteCell{x, 2, 0})
	}
	for y := 3; y <= 6; y++ {
		cells = append(cells, RouteCell{12, y, 0})
	}
	for x := 11; x >= 2; x-- {
		cells = append(cells, RouteCell{x, 6, 0})
	}
	for y := 5; y >= 2; y-- {
		cells = append(cells, RouteCell{2, y, 0})
	}
	return cells
}

// TestWalkFollowsRouteWithoutSearching: a player on its route walks it by
// direction, every cell in order and round the loop twice, at its pace, and
// the pathfinding system never runs.
func TestWalkFollowsRouteWithoutSearching(t *testing.T) {
	m, td := gridWorld(t)
	s, cf := newSim(t, m, td, Options{})
	cells := loopCells()
	r, err := s.AddWalkRoute(cells)
	if err != nil {
		t.Fatal(err)
	}
	id, err := s.SpawnMobile(MobileSpec{X: 2, Y: 2, Tags: c.Tags{Player: true}, Speed: 100, Order: Order{Walk: &WalkSpec{Route: r}}})
	if err != nil {
		t.Fatal(err)
	}
	loop := len(cells) - 1 // the closing cell repeats the first
	k := 0
	for tick := 0; tick < 2*loop*100/8+50 && k < 2*loop; tick++ {
		s.Step()
		p, _ := s.MobileState(id)
		want := cells[(k+1)%loop]
		if int(p.X) == want.X && int(p.Y) == want.Y {
			k++
		} else if cur := cells[k%loop]; int(p.X) != cur.X || int(p.Y) != cur.Y {
			t.Fatalf("tick %d: player at (%d,%d), want route cell %d (%d,%d) or the next", tick, p.X, p.Y, k%loop, cur.X, cur.Y)
		}
	}
	if k < 2*loop {
		t.Fatalf("walked %d route steps, want %d", k, 2*loop)
	}
	if cf.calls != 0 {
		t.Fatalf("walking the route ran %d searches", cf.calls)
	}
}

// TestWalkRejoinsRoute: a player spawned off its route searches once to
// the route cell after its spawn cell and walks on from there.
func TestWalkRejoinsRoute(t *testing.T) {
	m, td := gridWorld(t)
	s, cf := newSim(t, m, td, Options{})
	r, err := s.AddWalkRoute(loopCells())
	if err != nil {
		t.Fatal(err)
	}
	id, err := s.SpawnMobile(MobileSpec{X: 6, Y: 10, Tags: c.Tags{Player: true}, Speed: 100, Order: Order{Walk: &WalkSpec{Route: r, Cell: 4}}})
	if err != nil {
		t.Fatal(err)
	}
	on := false
	for tick := 0; tick < 400; tick++ {
		s.Step()
		if p, _ := s.MobileState(id); p.X == 7 && p.Y == 2 {
			on = true
		}
	}
	p, _ := s.MobileState(id)
	if !on || cf.calls != 1 {
		t.Fatalf("rejoin: reached (7,2) %v, searches %d (want 1), now at (%d,%d)", on, cf.calls, p.X, p.Y)
	}
	if p.X == 7 && p.Y == 2 {
		t.Fatal("the player stopped where it rejoined the route")
	}
}

// TestWalkAroundBlocker: a mobile standing on the route makes the player's
// step refused twice; it then walks back onto the route past the blocker
// by a search, and goes on.
func TestWalkAroundBlocker(t *testing.T) {
	m, td := gridWorld(t)
	s, cf := newSim(t, m, td, Options{})
	r, err := s.AddWalkRoute(loopCells())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.SpawnMobile(MobileSpec{X: 5, Y: 2}); err != nil { // stands on route cell 3
		t.Fatal(err)
	}
	id, err := s.SpawnMobile(MobileSpec{X: 2, Y: 2, Tags: c.Tags{Player: true}, Speed: 100, Order: Order{Walk: &WalkSpec{Route: r}}})
	if err != nil {
		t.Fatal(err)
	}
	past := false
	for tick := 0; tick < 200 && !past; tick++ {
		s.Step()
		p, _ := s.MobileState(id)
		past = p.X == 8 && p.Y == 2
	}
	if !past || cf.calls == 0 {
		t.Fatalf("after %d searches the player did not get past the blocker on (5,2) to (8,2)", cf.calls)
	}
	if st := s.Stats(); st.Blocked < 2 {
		t.Fatalf("blocked steps %d, want the refused step counted", st.Blocked)
	}
}

// TestAddWalkRouteRejectsBadRoutes: too short, off the map, Z outside int8;
// spawning on an unknown walked route fails.
func TestAddWalkRouteRejectsBadRoutes(t *testing.T) {
	m, td := gridWorld(t)
	s, _ := newSim(t, m, td, Options{})
	for _, cells := range [][]RouteCell{
		{{1, 1, 0}},
		{{1, 1, 0}, {40, 1, 0}},
		{{1, 1, 0}, {2, 1, 200}},
	} {
		if _, err := s.AddWalkRoute(cells); err == nil {
			t.Errorf("AddWalkRoute(%v) accepted", cells)
		}
	}
	if _, err := s.SpawnMobile(MobileSpec{X: 1, Y: 1, Order: Order{Walk: &WalkSpec{Route: 3}}}); err == nil {
		t.Error("spawn on an unknown walked route accepted")
	}
}
