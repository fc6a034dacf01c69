package movement

import (
	"testing"

	"github.com/shardcore/shardcore/world"
)

// TestStepHeight: a ledge higher than StepHeight is refused, one within it is
// allowed, the step is measured from the top of what the mover stands on, and
// stepping down any height is allowed.
func TestStepHeight(t *testing.T) {
	m := buildMap(t, world.Felucca, 16, 8, nil,
		placed{3, 1, itemStep2, 0},  // top 2: within StepHeight from the ground
		placed{4, 1, itemLedge3, 0}, // top 3: within StepHeight from the step
		placed{3, 3, itemLedge3, 0}, // top 3: too high from the ground
		placed{2, 5, itemFloor, 50}, // a floor 50 up
		placed{3, 6, itemFloor, 40}, // a floor 40 up, stepping down onto it
		placed{2, 6, itemFloor, 45},
	)
	r := NewRules(m, testTiles(), nil)
	checkSteps(t, r, []step{
		{name: "step of 2 from ground", x: 2, y: 1, z: 0, dir: East, wantOK: true, wantZ: 2},
		{name: "step of 1 from the step top", x: 3, y: 1, z: 2, dir: East, wantOK: true, wantZ: 3},
		{name: "ledge of 3 from ground", x: 2, y: 3, z: 0, dir: East, wantOK: false},
		{name: "down 50 onto land", x: 2, y: 5, z: 50, dir: East, wantOK: true, wantZ: 0},
		{name: "down 5 onto a floor", x: 2, y: 6, z: 45, dir: East, wantOK: true, wantZ: 40},
		{name: "up 50 not climbed: under it", x: 3, y: 5, z: 0, dir: West, wantOK: true, wantZ: 0},
	})
}

// TestStairs: a staircase of bridge-flagged stair tiles is climbed and
// descended step by step; a stair that rises past StepHeight is refused.
func TestStairs(t *testing.T) {
	var st []placed
	for i := 1; i <= 5; i++ { // stair i at z 2(i-1) stands at 2i
		st = append(st, placed{i, 2, itemStair, int8(2 * (i - 1))})
	}
	st = append(st, placed{6, 2, itemStair, 16}) // stands at 18, base 16: too high from 10
	st = append(st, placed{6, 4, itemStair, 14}) // base 14 = stepTop from (5,4)
	st = append(st, placed{5, 4, itemStair, 8})
	m := buildMap(t, world.Felucca, 16, 8, nil, st...)
	r := NewRules(m, testTiles(), nil)
	var up, down []step
	for i := 0; i < 5; i++ {
		up = append(up, step{name: "climb", x: i, y: 2, z: 2 * i, dir: East, wantOK: true, wantZ: 2 * (i + 1)})
		down = append(down, step{name: "descend", x: i + 1, y: 2, z: 2 * (i + 1), dir: West, wantOK: true, wantZ: 2 * i})
	}
	checkSteps(t, r, up)
	checkSteps(t, r, down)
	checkSteps(t, r, []step{
		{name: "stair too high", x: 5, y: 2, z: 10, dir: East, wantOK: false},
		{name: "stair base at stepTop", x: 5, y: 4, z: 10, dir: East, wantOK: true, wantZ: 16},
	})
	// StartZ on a stair is the tile's base; its top the tile's full height.
	if sz, top := r.StartZ(walker, 3, 2, 6); sz != 4 || top != 8 {
		t.Errorf("StartZ on stair (3,2) z=6 = %d,%d, want 4,8", sz, top)
	}
}

// TestBridgeOverWater: a walker walks the deck at tz+Height/2, is refused the
// water, and a swimmer passes under a high deck but not under a low one.
func TestBridgeOverWater(t *testing.T) {
	land := func(x, y int) (uint16, int8) {
		if x >= 3 && x <= 9 {
			return landWater, -5
		}
		return landGrass, 0
	}
	var st []placed
	for x := 3; x <= 9; x++ {
		st = append(st, placed{x, 2, itemDeck, 12}, placed{x, 6, itemDeck, 0})
	}
	m := buildMap(t, world.Felucca, 16, 8, land, st...)
	r := NewRules(m, testTiles(), nil)
	checkSteps(t, r, []step{
		{name: "walker along the high deck", x: 4, y: 2, z: 14, dir: East, wantOK: true, wantZ: 14},
		{name: "walker along the low deck", x: 4, y: 6, z: 2, dir: East, wantOK: true, wantZ: 2},
		{name: "walker off the deck into water", x: 4, y: 2, z: 14, dir: South, wantOK: false},
		{name: "walker from water-side onto water", x: 4, y: 4, z: -5, dir: East, wantOK: false},
		{mv: swimmer, name: "swimmer under the high deck", x: 4, y: 3, z: -5, dir: North, wantOK: true, wantZ: -5},
		{mv: swimmer, name: "swimmer through under the high deck", x: 4, y: 1, z: -5, dir: South, wantOK: true, wantZ: -5},
		{mv: swimmer, name: "swimmer under the low deck", x: 4, y: 5, z: -5, dir: South, wantOK: false},
		{mv: swimmer, name: "swimmer not onto the deck", x: 4, y: 3, z: 14, dir: North, wantOK: true, wantZ: -5},
	})
	if sz, top := r.StartZ(walker, 5, 2, 14); sz != 12 || top != 16 {
		t.Errorf("StartZ on deck = %d,%d, want 12,16", sz, top)
	}
}

// TestTwoStoreyFloor: StartZ picks each floor by the asked z, movement keeps
// the storey, and stepping down from the upper floor checks headroom from the
// start Z (checkTop).
func TestTwoStoreyFloor(t *testing.T) {
	var st []placed
	for x := 3; x <= 6; x++ {
		st = append(st, placed{x, 3, itemFloor, 20})
	}
	st = append(st, placed{7, 3, itemCeiling, 30}, placed{7, 4, itemCeiling, 30})
	st = append(st, placed{6, 6, itemFloor, 20}, placed{7, 6, itemFloor, 0}, placed{7, 6, itemCeiling, 30})
	m := buildMap(t, world.Felucca, 16, 8, nil, st...)
	r := NewRules(m, testTiles(), nil)
	for _, c := range []struct{ z, sz, top int }{{0, 0, 0}, {10, 0, 10}, {20, 20, 20}, {25, 20, 25}} {
		if sz, top := r.StartZ(walker, 4, 3, c.z); sz != c.sz || top != c.top {
			t.Errorf("StartZ(4,3,%d) = %d,%d, want %d,%d", c.z, sz, top, c.sz, c.top)
		}
	}
	checkSteps(t, r, []step{
		{name: "upper floor", x: 4, y: 3, z: 20, dir: East, wantOK: true, wantZ: 20},
		{name: "ground floor", x: 4, y: 3, z: 0, dir: East, wantOK: true, wantZ: 0},
		{name: "upper floor off the edge", x: 6, y: 4, z: 20, dir: North, wantOK: true, wantZ: 20},
		{name: "down from upper floor: ceiling within checkTop", x: 6, y: 3, z: 20, dir: East, wantOK: false},
		{name: "ground under the same ceiling", x: 6, y: 4, z: 0, dir: East, wantOK: true, wantZ: 0},
		{name: "down onto a floor: ceiling within checkTop", x: 6, y: 6, z: 20, dir: East, wantOK: false},
		{name: "floor under the same ceiling", x: 6, y: 7, z: 0, dir: NorthEast, wantOK: true, wantZ: 0},
	})
}

// TestCloserToZ: when two candidates are both enterable the one closer to the
// mover's z wins, ties go to the lower, among surfaces (either order) and
// between a surface and land.
func TestCloserToZ(t *testing.T) {
	land := func(x, y int) (uint16, int8) {
		if x == 3 && (y == 2 || y == 4) {
			return landNoDraw, -10 // only the two surfaces compete
		}
		return landGrass, -10
	}
	m := buildMap(t, world.Felucca, 8, 8, land,
		placed{3, 2, itemTallBridge, 10}, placed{3, 2, itemFloor, -10}, // high first
		placed{3, 4, itemFloor, -10}, placed{3, 4, itemTallBridge, 10}, // low first
		placed{3, 6, itemTallBridge, 10}, // against land at -10
	)
	r := NewRules(m, testTiles(), nil)
	for _, y := range []int{2, 4, 6} {
		checkSteps(t, r, []step{
			{name: "closer is lower", x: 2, y: y, z: 9, dir: East, wantOK: true, wantZ: -10},
			{name: "closer is higher", x: 2, y: y, z: 11, dir: East, wantOK: true, wantZ: 30},
			{name: "tie goes lower", x: 2, y: y, z: 10, dir: East, wantOK: true, wantZ: -10},
		})
	}
}

// TestWallsAndCeilings: an Impassable item blocks; a ceiling inside
// PersonHeight blocks while one at PersonHeight does not; flags other than
// Impassable/Surface do nothing.
func TestWallsAndCeilings(t *testing.T) {
	m := buildMap(t, world.Felucca, 16, 8, nil,
		placed{3, 1, itemWall, 0},
		placed{3, 2, itemWall, 16},
		placed{3, 3, itemCeiling, 15},
		placed{3, 4, itemCeiling, 16},
		placed{3, 5, itemRoofed, 0},
		placed{3, 6, itemDecor, 0},
		placed{3, 7, itemWall, -20}, // a wall below ground ending at 0
		placed{5, 1, itemCrate, -1}, // an impassable surface within a step: no floor
	)
	r := NewRules(m, testTiles(), nil)
	checkSteps(t, r, []step{
		{name: "wall", x: 2, y: 1, z: 0, dir: East, wantOK: false},
		{name: "wall from the other side", x: 4, y: 1, z: 0, dir: West, wantOK: false},
		{name: "wall at head height", x: 2, y: 2, z: 0, dir: East, wantOK: true, wantZ: 0},
		{name: "low ceiling", x: 2, y: 3, z: 0, dir: East, wantOK: false},
		{name: "ceiling at PersonHeight", x: 2, y: 4, z: 0, dir: East, wantOK: true, wantZ: 0},
		{name: "roof/wall/stair flags only", x: 2, y: 5, z: 0, dir: East, wantOK: true, wantZ: 0},
		{name: "flagless decor", x: 2, y: 6, z: 0, dir: East, wantOK: true, wantZ: 0},
		{name: "wall ending at ground", x: 2, y: 7, z: 0, dir: East, wantOK: true, wantZ: 0},
		{name: "impassable surface is no floor", x: 4, y: 1, z: 0, dir: East, wantOK: false},
	})
}
