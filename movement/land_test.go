package movement

import (
	"fmt"
	"testing"

	"github.com/shardcore/shardcore/world"
)

// TestIgnoredLand: land ids 2, 0x1DB and 0x1AE..0x1B5 (masked to 0x3FFF) are
// not considered: a walker cannot stand on them, their neighbours can.
func TestIgnoredLand(t *testing.T) {
	cases := []struct {
		id      uint16
		ignored bool
	}{
		{2, true}, {0x1DB, true}, {0x1AE, true}, {0x1B1, true}, {0x1B5, true}, {0x4002, true}, {0x41DB, true},
		{1, false}, {3, false}, {0x1DA, false}, {0x1DC, false}, {0x1AD, false}, {0x1B6, false},
	}
	for _, c := range cases {
		if got := world.IgnoredLand(c.id); got != c.ignored {
			t.Errorf("IgnoredLand(0x%X) = %v, want %v", c.id, got, c.ignored)
		}
		m := buildMap(t, world.Felucca, 8, 8, nil, placed{4, 5, itemFloor, 0})
		m.SetLand(4, 3, world.LandCell{ID: c.id, Z: 0})
		m.SetLand(4, 5, world.LandCell{ID: c.id, Z: 0})
		r := NewRules(m, testTiles(), nil)
		name := fmt.Sprintf("land 0x%X", c.id)
		checkSteps(t, r, []step{
			{name: name, x: 3, y: 3, z: 0, dir: East, wantOK: !c.ignored, wantZ: 0},
			{name: name + " under a floor", x: 3, y: 5, z: 0, dir: East, wantOK: true, wantZ: 0},
		})
		// StartZ on ignored land is the asked z.
		wantSZ := 0
		if c.ignored {
			wantSZ = 7
		}
		if sz, top := r.StartZ(walker, 4, 3, 7); sz != wantSZ || top != 7 {
			t.Errorf("%s: StartZ(z=7) = %d,%d, want %d,7", name, sz, top, wantSZ)
		}
	}
}

// pokeWorld is grass at 0 for x < 4 and landID at high for x ≥ 4, with the
// given statics on (4,3). A step East from (3,3) enters (4,3).
func pokeWorld(t *testing.T, landID uint16, high int8, st ...placed) *Rules {
	land := func(x, y int) (uint16, int8) {
		if x >= 4 {
			return landGrass, high
		}
		return landGrass, 0
	}
	m := buildMap(t, world.Felucca, 8, 8, land, st...)
	m.SetLand(4, 3, world.LandCell{ID: landID, Z: high})
	return NewRules(m, testTiles(), nil)
}

// TestLandPokesThrough pins the surface rule "skip when considerLand &&
// tz + min(Height, StepHeight) < avg && avg > ourZ && testTop > low", one case
// per conjunct.
func TestLandPokesThrough(t *testing.T) {
	cases := []struct {
		name   string
		r      *Rules
		z      int
		wantOK bool
		wantZ  int
	}{
		{"floor under land", pokeWorld(t, landGrass, 10, placed{4, 3, itemFloor, 0}), 0, false, 0},
		{"floor under ignored land", pokeWorld(t, landNoDraw, 10, placed{4, 3, itemFloor, 0}), 0, true, 0},
		{"cave: testTop below land low", pokeWorld(t, landGrass, 30, placed{4, 3, itemFloor, 0}), 0, true, 0},
		{"h0 floor one under land: min(Height,2)", pokeWorld(t, landGrass, 10, placed{4, 3, itemFloor, 9}), 9, true, 10},
		{"tall bridge: min(Height,2) not Height", pokeWorld(t, landGrass, 10, placed{4, 3, itemBridge20, -2}), 0, false, 0},
		{"pillar above land: avg > ourZ", pokeWorld(t, landGrass, 10, placed{4, 3, itemPillar, -5}), 14, true, 15},
		{"floor at land level", pokeWorld(t, landGrass, 10, placed{4, 3, itemFloor, 10}), 9, true, 10},
	}
	for _, c := range cases {
		checkSteps(t, c.r, []step{{name: c.name, x: 3, y: 3, z: c.z, dir: East, wantOK: c.wantOK, wantZ: c.wantZ}})
	}
}

// TestWetLand: the landBlocks rule for each mover over wet impassable, dry,
// impassable-only and wet-only land.
func TestWetLand(t *testing.T) {
	cantWalkOnly := Mover{Caps: CantWalk}
	lands := []struct {
		name string
		id   uint16
		// walker, swimmer, cantWalk only, amphibian
		want [4]bool
	}{
		{"water (wet impassable)", landWater, [4]bool{false, true, false, true}},
		{"grass (dry)", landGrass, [4]bool{true, false, false, true}},
		{"rock (impassable)", landRock, [4]bool{false, false, false, false}},
		{"marsh (wet only)", landMarsh, [4]bool{true, false, false, true}},
	}
	movers := [4]Mover{walker, swimmer, cantWalkOnly, amphibian}
	names := [4]string{"walker", "swimmer", "cantWalk", "amphibian"}
	for _, l := range lands {
		m := buildMap(t, world.Felucca, 8, 8, nil)
		m.SetLand(4, 3, world.LandCell{ID: l.id, Z: 0})
		r := NewRules(m, testTiles(), nil)
		for i, mv := range movers {
			checkSteps(t, r, []step{{name: l.name + " " + names[i], mv: mv, x: 3, y: 3, z: 0, dir: East, wantOK: l.want[i], wantZ: 0}})
		}
	}
}

// TestWetAndDryItems: cantWalk drops non-wet surfaces, canSwim makes wet
// items candidates, in Enter and in StartZ.
func TestWetAndDryItems(t *testing.T) {
	m := buildMap(t, world.Felucca, 8, 8, nil,
		placed{4, 1, itemWaterTile, 0},
		placed{4, 3, itemFloor, 0},
		placed{4, 5, itemWaterTile, 3},
		placed{1, 6, itemFloor, 5},
		placed{5, 7, itemFloor, -10},
	)
	for _, p := range [][2]int{{4, 1}, {4, 3}, {4, 5}, {5, 7}} {
		m.SetLand(p[0], p[1], world.LandCell{ID: landNoDraw})
	}
	m.SetLand(1, 6, world.LandCell{ID: landWater})
	r := NewRules(m, testTiles(), nil)
	cantWalkOnly := Mover{Caps: CantWalk}
	checkSteps(t, r, []step{
		{name: "walker onto a water tile", mv: walker, x: 3, y: 1, dir: East, wantOK: false},
		{name: "swimmer onto a water tile", mv: swimmer, x: 3, y: 1, dir: East, wantOK: true, wantZ: 0},
		{name: "amphibian onto a water tile", mv: amphibian, x: 3, y: 1, dir: East, wantOK: true, wantZ: 0},
		{name: "cantWalk onto a water tile", mv: cantWalkOnly, x: 3, y: 1, dir: East, wantOK: false},
		{name: "walker onto a floor", mv: walker, x: 3, y: 3, dir: East, wantOK: true, wantZ: 0},
		{name: "swimmer onto a floor", mv: swimmer, x: 3, y: 3, dir: East, wantOK: false},
		{name: "amphibian onto a floor", mv: amphibian, x: 3, y: 3, dir: East, wantOK: true, wantZ: 0},
	})
	for _, c := range []struct {
		name    string
		mv      Mover
		x, y, z int
		sz, top int
	}{
		{"walker on a floor over water", walker, 1, 6, 5, 5, 5},
		{"swimmer drops the floor", swimmer, 1, 6, 5, 0, 5},
		{"walker ignores a water tile", walker, 4, 5, 6, 6, 6},
		{"swimmer stands in a water tile", swimmer, 4, 5, 6, 3, 6},
		{"amphibian stands in a water tile", amphibian, 4, 5, 6, 3, 6},
		{"first surface sets top even below 0", walker, 4, 3, 0, 0, 0},
		{"floor below zero on ignored land", walker, 5, 7, -10, -10, -10},
	} {
		if sz, top := r.StartZ(c.mv, c.x, c.y, c.z); sz != c.sz || top != c.top {
			t.Errorf("%s: StartZ = %d,%d, want %d,%d", c.name, sz, top, c.sz, c.top)
		}
	}
}
