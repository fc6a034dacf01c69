package movingai

import (
	"strings"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/world"
)

// kindsMap puts every map character east of a walkable '.' at x=1..7 of
// odd rows, so a walker on (x-1, y) tries to step east onto it.
const kindsMap = "type octile\nheight 5\nwidth 20\nmap\n" +
	"....................\n" +
	"..G.S.@.O.T.W.......\n" +
	"....................\n" +
	"....................\n" +
	"...................W\n"

func TestWorldCellKinds(t *testing.T) {
	g, err := ParseMap(strings.NewReader(kindsMap), "kinds.map")
	if err != nil {
		t.Fatal(err)
	}
	m, td, err := g.World()
	if err != nil {
		t.Fatal(err)
	}
	if m.Width != 32 || m.Height != 16 {
		t.Fatalf("padded size %dx%d, want 32x16", m.Width, m.Height)
	}
	walker := movement.Mover{Caps: movement.Player}
	swimmer := movement.Mover{Caps: movement.CanSwim | movement.CantWalk}
	r := movement.NewRules(m, td, nil)
	for _, c := range []struct {
		ch         byte
		id         uint16
		flags      world.TileFlag
		walk, swim bool
	}{
		{'.', LandGround, 0, true, false},
		{'G', LandGround, 0, true, false},
		{'S', LandGround, 0, true, false},
		{'@', LandRock, world.FlagImpassable, false, false},
		{'O', LandRock, world.FlagImpassable, false, false},
		{'T', LandRock, world.FlagImpassable, false, false},
		{'W', LandWater, world.FlagWet | world.FlagImpassable, false, true},
	} {
		x := strings.IndexByte("..G.S.@.O.T.W", c.ch)
		if c.ch == '.' {
			x = 1
		}
		lc := m.Land(x, 1)
		if lc.ID != c.id || lc.Z != 0 || td.LandFlags(lc.ID) != c.flags {
			t.Errorf("%q at (%d,1): land %+v flags %#x, want id %#x flags %#x", c.ch, x, lc, td.LandFlags(lc.ID), c.id, c.flags)
		}
		if LandID(c.ch) != c.id {
			t.Errorf("LandID(%q) = %#x, want %#x", c.ch, LandID(c.ch), c.id)
		}
		if _, ok := r.Enter(swimmer, x, 1, 0, 0, 0); ok != c.swim {
			t.Errorf("swimmer enters %q: ok=%v, want %v", c.ch, ok, c.swim)
		}
		if _, ok := r.CheckMovement(walker, x-1, 1, 0, movement.East); ok != c.walk {
			t.Errorf("walker onto %q: ok=%v, want %v", c.ch, ok, c.walk)
		}
		if _, ok := r.CheckMovement(walker, x, 0, 0, movement.South); ok != c.walk {
			t.Errorf("walker south onto %q: ok=%v, want %v", c.ch, ok, c.walk)
		}
	}
	// A swimmer stands on water at Z 0, may enter it, and may not leave it
	// for land (cantWalk); a walker may not enter it.
	if _, ok := r.CheckMovement(swimmer, 12, 1, 0, movement.East); ok {
		t.Errorf("swimmer left the water onto land")
	}
	if z, top := r.StartZ(swimmer, 12, 1, 0); z != 0 || top != 0 {
		t.Errorf("swimmer StartZ on water = %d,%d", z, top)
	}
	if _, ok := r.Enter(swimmer, 12, 1, 0, 0, 0); !ok {
		t.Errorf("swimmer cannot enter the water cell")
	}
	if _, ok := r.Enter(walker, 12, 1, 0, 0, 0); ok {
		t.Errorf("walker can enter the water cell")
	}
	// padding: every cell right of x=19 or below y=4 is impassable rock
	for y := 0; y < m.Height; y++ {
		for x := 0; x < m.Width; x++ {
			if x < g.Width && y < g.Height {
				continue
			}
			if id := m.Land(x, y).ID; id != LandRock {
				t.Fatalf("padding (%d,%d) is land %#x, want rock", x, y, id)
			}
		}
	}
	if _, ok := r.CheckMovement(walker, 18, 0, 0, movement.East); !ok {
		t.Errorf("walker cannot reach the last real column")
	}
	if _, ok := r.CheckMovement(walker, 19, 0, 0, movement.East); ok {
		t.Errorf("walker entered the padding")
	}
	if _, ok := r.CheckMovement(walker, 0, 4, 0, movement.South); ok {
		t.Errorf("walker entered the bottom padding")
	}
}

// TestWorldNoCornerCutting: a player diagonal needs both cardinal flanks, the
// benchmark's rule; one blocked flank refuses it, while a creature (either
// flank) may pass.
func TestWorldNoCornerCutting(t *testing.T) {
	g, err := ParseMap(strings.NewReader("type octile\nheight 3\nwidth 3\nmap\n.T.\n...\n...\n"), "c.map")
	if err != nil {
		t.Fatal(err)
	}
	m, td, err := g.World()
	if err != nil {
		t.Fatal(err)
	}
	r := movement.NewRules(m, td, nil)
	player := movement.Mover{Caps: movement.Player}
	if _, ok := r.CheckMovement(player, 0, 0, 0, movement.SouthEast); ok {
		t.Fatal("player cut the corner at the tree")
	}
	if _, ok := r.CheckMovement(movement.Mover{}, 0, 0, 0, movement.SouthEast); !ok {
		t.Fatal("creature refused a diagonal with one open flank")
	}
	if _, ok := r.CheckMovement(player, 0, 1, 0, movement.SouthEast); !ok {
		t.Fatal("player refused an open diagonal")
	}
}

func TestWorldBadGrid(t *testing.T) {
	if _, _, err := (&Grid{Name: "x", Width: 2, Height: 2, Cells: []byte("...")}).World(); err == nil {
		t.Fatal("a grid with the wrong cell count built a world")
	}
}
