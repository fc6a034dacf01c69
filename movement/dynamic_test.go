package movement

import (
	"fmt"
	"testing"

	"github.com/shardcore/shardcore/world"
)

// dynWorld is a flat grass map on facet id with the dynamics d; a step East
// from (3,3) enters (4,3).
func dynWorld(t *testing.T, id world.MapID, d *fakeDyn, st ...placed) *Rules {
	td := testTiles()
	for _, door := range []uint16{0x846, 0x873, 0x6F5, 0x6F6} {
		td.Items[door].Flags, td.Items[door].Height = world.FlagImpassable, 20
	}
	return NewRules(buildMap(t, id, 8, 8, nil, st...), td, d)
}

// TestDoors: a closed door (Door flag or a door id) blocks a plain mover;
// CanOpenDoors, Dead and the IgnoreDoors option pass it; an open door passes;
// a wall or a static door does not get the door exception.
func TestDoors(t *testing.T) {
	opener := Mover{Caps: CanOpenDoors}
	ghost := Mover{Caps: Dead}
	for _, id := range []uint16{itemDoor, itemDoorNoFlag, 0x846, 0x873, 0x6F5, 0x6F6} {
		d := newFakeDyn()
		d.addItem(4, 3, Item{ID: id})
		r := dynWorld(t, world.Trammel, d)
		name := fmt.Sprintf("door 0x%X", id)
		checkSteps(t, r, []step{
			{name: name + " plain", mv: walker, x: 3, y: 3, dir: East, wantOK: false},
			{name: name + " player", mv: player, x: 3, y: 3, dir: East, wantOK: false},
			{name: name + " opener", mv: opener, x: 3, y: 3, dir: East, wantOK: true, wantZ: 0},
			{name: name + " dead", mv: ghost, x: 3, y: 3, dir: East, wantOK: true, wantZ: 0},
		})
		r.IgnoreDoors = true
		checkSteps(t, r, []step{{name: name + " IgnoreDoors", mv: walker, x: 3, y: 3, dir: East, wantOK: true, wantZ: 0}})
		if c := r.Clone(); !c.IgnoreDoors {
			t.Errorf("Clone drops IgnoreDoors")
		}
	}
	open := newFakeDyn()
	open.addItem(4, 3, Item{ID: itemDoorOpen})
	open.addItem(4, 5, Item{ID: itemWall})
	r := dynWorld(t, world.Trammel, open, placed{4, 1, itemDoor, 0})
	checkSteps(t, r, []step{
		{name: "open door", mv: walker, x: 3, y: 3, dir: East, wantOK: true, wantZ: 0},
		{name: "wall is no door", mv: opener, x: 3, y: 5, dir: East, wantOK: false},
		{name: "static door is a wall", mv: opener, x: 3, y: 1, dir: East, wantOK: false},
	})
}

// TestSpellFields: fields block creatures everywhere, players only on
// Felucca; an impassable non-field item still blocks players.
func TestSpellFields(t *testing.T) {
	for _, id := range []uint16{itemField1, itemField2, itemField3} {
		for _, facet := range []world.MapID{world.Felucca, world.Trammel, world.Malas} {
			d := newFakeDyn()
			d.addItem(4, 3, Item{ID: id, Z: 0})
			d.addItem(4, 5, Item{ID: itemWall})
			r := dynWorld(t, facet, d)
			name := fmt.Sprintf("field 0x%X on map %d", id, facet)
			checkSteps(t, r, []step{
				{name: name + " creature", mv: walker, x: 3, y: 3, dir: East, wantOK: false},
				{name: name + " player", mv: player, x: 3, y: 3, dir: East, wantOK: facet != world.Felucca, wantZ: 0},
				{name: name + " player vs wall", mv: player, x: 3, y: 5, dir: East, wantOK: false},
			})
		}
	}
}

// TestMovableItems: CanMoveOverObstacles ignores movable items in headroom
// and StartZ; the surfaces pass never stands on a movable item.
func TestMovableItems(t *testing.T) {
	over := Mover{Caps: CanMoveOverObstacles}
	d := newFakeDyn()
	d.addItem(4, 1, Item{ID: itemCrate, Movable: true})
	d.addItem(4, 2, Item{ID: itemCrate})
	d.addItem(4, 3, Item{ID: itemStep2, Movable: true})
	d.addItem(4, 4, Item{ID: itemStep2})
	d.addItem(1, 6, Item{ID: itemFloor, Z: 5, Movable: true})
	d.addItem(2, 6, Item{ID: itemFloor, Z: 5})
	r := dynWorld(t, world.Trammel, d)
	checkSteps(t, r, []step{
		{name: "movable crate blocks a walker", mv: walker, x: 3, y: 1, dir: East, wantOK: false},
		{name: "movable crate ignored", mv: over, x: 3, y: 1, dir: East, wantOK: true, wantZ: 0},
		{name: "fixed crate blocks", mv: over, x: 3, y: 2, dir: East, wantOK: false},
		{name: "movable step is no surface", mv: walker, x: 3, y: 3, dir: East, wantOK: false},
		{name: "movable step is no surface, ignored", mv: over, x: 3, y: 3, dir: East, wantOK: true, wantZ: 0},
		{name: "fixed step is a surface", mv: walker, x: 3, y: 4, dir: East, wantOK: true, wantZ: 2},
		{name: "fixed step, over", mv: over, x: 3, y: 4, dir: East, wantOK: true, wantZ: 2},
	})
	for _, c := range []struct {
		name    string
		mv      Mover
		x       int
		sz, top int
	}{
		{"walker on a movable floor", walker, 1, 5, 5},
		{"over ignores a movable floor", over, 1, 0, 5},
		{"over on a fixed floor", over, 2, 5, 5},
	} {
		if sz, top := r.StartZ(c.mv, c.x, 6, 5); sz != c.sz || top != c.top {
			t.Errorf("%s: StartZ = %d,%d, want %d,%d", c.name, sz, top, c.sz, c.top)
		}
	}
}

// TestMobiles: another mobile overlapping in Z blocks; out of range, dead,
// hidden staff, the mover itself, and the goal cell's mobiles do not; a dead
// mover passes.
func TestMobiles(t *testing.T) {
	ghost := Mover{Caps: Dead}
	cases := []struct {
		name    string
		mv      Mover
		mob     Mobile
		blocked bool
	}{
		{"same z", walker, Mobile{ID: 7}, true},
		{"14 above", walker, Mobile{ID: 7, Z: 14}, true},
		{"15 above", walker, Mobile{ID: 7, Z: 15}, false},
		{"14 below", walker, Mobile{ID: 7, Z: -14}, true},
		{"15 below", walker, Mobile{ID: 7, Z: -15}, false},
		{"dead mover", ghost, Mobile{ID: 7}, false},
		{"dead other", walker, Mobile{ID: 7, Dead: true}, false},
		{"hidden staff", walker, Mobile{ID: 7, HiddenStaff: true}, false},
		{"self", Mover{Self: 7}, Mobile{ID: 7}, false},
		{"another id", Mover{Self: 8}, Mobile{ID: 7}, true},
		{"no self id", Mover{}, Mobile{ID: 0}, true},
		{"goal cell", Mover{HasGoal: true, Goal: world.Point{X: 4, Y: 3}}, Mobile{ID: 7}, false},
		{"goal elsewhere", Mover{HasGoal: true, Goal: world.Point{X: 4, Y: 4}}, Mobile{ID: 7}, true},
		{"goal unset", Mover{Goal: world.Point{X: 4, Y: 3}}, Mobile{ID: 7}, true},
	}
	for _, c := range cases {
		d := newFakeDyn()
		d.addMob(4, 3, c.mob)
		r := dynWorld(t, world.Trammel, d)
		checkSteps(t, r, []step{{name: c.name, mv: c.mv, x: 3, y: 3, dir: East, wantOK: !c.blocked, wantZ: 0}})
		r.StaticOnly = true
		checkSteps(t, r, []step{{name: c.name + " StaticOnly", mv: c.mv, x: 3, y: 3, dir: East, wantOK: true, wantZ: 0}})
	}
}

// TestMobileOnFlank: a mobile on a diagonal flank makes that flank not
// enterable: a player is refused, a creature needs the other flank.
func TestMobileOnFlank(t *testing.T) {
	d := newFakeDyn()
	d.addMob(3, 2, Mobile{ID: 9}) // N flank of NE from (3,3)
	r := dynWorld(t, world.Trammel, d)
	checkSteps(t, r, []step{
		{name: "player, mobile on flank", mv: player, x: 3, y: 3, dir: NorthEast, wantOK: false},
		{name: "creature, mobile on flank", mv: walker, x: 3, y: 3, dir: NorthEast, wantOK: true, wantZ: 0},
	})
	d.addMob(4, 3, Mobile{ID: 10}) // and the E flank
	checkSteps(t, r, []step{
		{name: "creature, mobiles on both flanks", mv: walker, x: 3, y: 3, dir: NorthEast, wantOK: false},
	})
}

// TestStaticOnlyAndMultis: a multi's tiles count as statics (its wall blocks,
// its upper floor is stood on); StaticOnly ignores multis and dynamic items.
func TestStaticOnlyAndMultis(t *testing.T) {
	def := &world.MultiDef{ID: 1, Components: []world.MultiComponent{
		{ItemID: itemFloor},
		{ItemID: itemFloor, DZ: 20},
		{ItemID: itemWall, DX: 1},
	}}
	d := newFakeDyn()
	d.addItem(4, 5, Item{ID: itemWall})
	r := dynWorld(t, world.Trammel, d)
	if err := r.Map.AddMulti(world.NewMulti(def, 4, 3, 0)); err != nil {
		t.Fatal(err)
	}
	checkSteps(t, r, []step{
		{name: "onto the multi floor", x: 3, y: 3, dir: East, wantOK: true, wantZ: 0},
		{name: "multi wall", x: 4, y: 3, dir: East, wantOK: false},
		{name: "multi wall from outside", x: 6, y: 3, dir: West, wantOK: false},
		{name: "dynamic wall", x: 3, y: 5, dir: East, wantOK: false},
	})
	if sz, _ := r.StartZ(walker, 4, 3, 20); sz != 20 {
		t.Errorf("StartZ on the multi's upper floor = %d, want 20", sz)
	}
	r.StaticOnly = true
	checkSteps(t, r, []step{
		{name: "StaticOnly: multi wall ignored", x: 4, y: 3, dir: East, wantOK: true, wantZ: 0},
		{name: "StaticOnly: dynamic wall ignored", x: 3, y: 5, dir: East, wantOK: true, wantZ: 0},
	})
	if sz, _ := r.StartZ(walker, 4, 3, 20); sz != 0 {
		t.Errorf("StaticOnly StartZ under the multi's floor = %d, want 0", sz)
	}
	if c := r.Clone(); !c.StaticOnly {
		t.Errorf("Clone drops StaticOnly")
	}
	r.StaticOnly = false
	if !r.Map.RemoveMulti(r.Map.Multis()[0]) {
		t.Fatal("RemoveMulti failed")
	}
	checkSteps(t, r, []step{{name: "multi removed", x: 4, y: 3, dir: East, wantOK: true, wantZ: 0}})
}
