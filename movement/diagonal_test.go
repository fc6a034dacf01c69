package movement

import (
	"fmt"
	"testing"

	"github.com/shardcore/shardcore/world"
)

// TestDiagonalRules: creatures and staff need one open flank, non-staff
// players both; a refused diagonal returns startZ; every diagonal wraps its
// flanks correctly.
func TestDiagonalRules(t *testing.T) {
	type flankCase struct {
		name                     string
		wallLeft, wallRight      bool
		creature, player, staffs bool
	}
	cases := []flankCase{
		{"both open", false, false, true, true, true},
		{"left walled", true, false, true, false, true},
		{"right walled", false, true, true, false, true},
		{"both walled", true, true, false, false, false},
	}
	for d := NorthEast; d <= NorthWest; d += 2 {
		for _, c := range cases {
			const x, y = 3, 3
			l, rt := d.Flanks()
			var st []placed
			if c.wallLeft {
				dx, dy := l.Offset()
				st = append(st, placed{x + dx, y + dy, itemWall, 0})
			}
			if c.wallRight {
				dx, dy := rt.Offset()
				st = append(st, placed{x + dx, y + dy, itemWall, 0})
			}
			dx, dy := d.Offset()
			st = append(st, placed{x + dx, y + dy, itemStep2, 0}) // the target stands at 2
			r := NewRules(buildMap(t, world.Felucca, 8, 8, nil, st...), testTiles(), nil)
			name := fmt.Sprintf("%v %s", d, c.name)
			checkSteps(t, r, []step{
				{name: name + " creature", mv: walker, x: x, y: y, dir: d, wantOK: c.creature, wantZ: 2},
				{name: name + " player", mv: player, x: x, y: y, dir: d, wantOK: c.player, wantZ: 2},
				{name: name + " staff", mv: staff, x: x, y: y, dir: d, wantOK: c.staffs, wantZ: 2},
				{name: name + " staff without Player", mv: Mover{Caps: Staff}, x: x, y: y, dir: d, wantOK: c.staffs, wantZ: 2},
			})
		}
	}
}

// TestDiagonalTargetBlocked: an open pair of flanks does not open a blocked
// diagonal target, for any rule.
func TestDiagonalTargetBlocked(t *testing.T) {
	r := NewRules(buildMap(t, world.Felucca, 8, 8, nil, placed{4, 2, itemWall, 0}), testTiles(), nil)
	for _, mv := range []Mover{walker, player, staff} {
		checkSteps(t, r, []step{{name: "blocked target", mv: mv, x: 3, y: 3, dir: NorthEast, wantOK: false}})
	}
}

// TestDiagonalFlankOffMap: a flank off the map counts as not enterable (off
// the map the land reads as an enterable id 0 at z 0, so this needs the
// bounds check).
func TestDiagonalFlankOffMap(t *testing.T) {
	open := NewRules(buildMap(t, world.Felucca, 8, 8, nil), testTiles(), nil)
	walled := NewRules(buildMap(t, world.Felucca, 8, 8, nil, placed{0, 3, itemWall, 0}), testTiles(), nil)
	// From (-1,3) NE enters (0,2); flanks N (-1,2) off the map and E (0,3).
	checkSteps(t, open, []step{
		{name: "creature, other flank open", mv: walker, x: -1, y: 3, dir: NorthEast, wantOK: true, wantZ: 0},
		{name: "player, one flank off map", mv: player, x: -1, y: 3, dir: NorthEast, wantOK: false},
	})
	checkSteps(t, walled, []step{
		{name: "creature, other flank walled", mv: walker, x: -1, y: 3, dir: NorthEast, wantOK: false},
	})
	// Target off the map.
	for _, d := range []Dir{North, NorthWest, West} {
		checkSteps(t, open, []step{{name: "target off map " + d.String(), mv: walker, x: 0, y: 0, dir: d, wantOK: false}})
	}
}

// TestDirHelpers pins the directions' offsets and flanks.
func TestDirHelpers(t *testing.T) {
	want := [8][2]int{{0, -1}, {1, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}}
	for d := Dir(0); d < 8; d++ {
		if dx, dy := d.Offset(); dx != want[d][0] || dy != want[d][1] {
			t.Errorf("%v.Offset() = %d,%d, want %v", d, dx, dy, want[d])
		}
		if d.Diagonal() != (d%2 == 1) {
			t.Errorf("%v.Diagonal() = %v", d, d.Diagonal())
		}
	}
	if l, r := NorthWest.Flanks(); l != West || r != North {
		t.Errorf("NW flanks = %v,%v, want W,N", l, r)
	}
	if l, r := NorthEast.Flanks(); l != North || r != East {
		t.Errorf("NE flanks = %v,%v, want N,E", l, r)
	}
	if got, want := South.Touches(), uint8(1<<South); got != want {
		t.Errorf("S touches %08b, want %08b", got, want)
	}
	if got, want := NorthWest.Touches(), uint8(1<<NorthWest|1<<West|1<<North); got != want {
		t.Errorf("NW touches %08b, want %08b", got, want)
	}
}

// TestCapsHelpers pins Has and AndRule: only a non-staff player takes the AND
// rule.
func TestCapsHelpers(t *testing.T) {
	if !(CanSwim | CantWalk).Has(CanSwim) || CanSwim.Has(CanSwim|CantWalk) {
		t.Errorf("Has: wrong subset answer")
	}
	for _, c := range []struct {
		caps Caps
		and  bool
	}{{0, false}, {Player, true}, {Player | Dead, true}, {Player | Staff, false}, {Staff, false}, {CanSwim, false}} {
		if got := c.caps.AndRule(); got != c.and {
			t.Errorf("Caps(%b).AndRule() = %v, want %v", c.caps, got, c.and)
		}
	}
	if NorthWest.String() != "NW" || Dir(8).String() != "N" {
		t.Errorf("Dir.String: %q %q", NorthWest.String(), Dir(8).String())
	}
}
