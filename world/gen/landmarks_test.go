package gen

import (
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/world"
)

const (
	dN, dE, dS, dW = movement.North, movement.East, movement.South, movement.West
)

// uniformChunk reports whether the 16×16 chunk holding p has one land id
// and z everywhere and no statics.
func uniformChunk(w *World, p Spot) (world.LandCell, bool) {
	x0, y0 := p.X&^15, p.Y&^15
	first := w.Map.Land(x0, y0)
	for y := y0; y < y0+16; y++ {
		for x := x0; x < x0+16; x++ {
			if w.Map.Land(x, y) != first || len(w.Map.StaticsAt(x, y)) != 0 {
				return first, false
			}
		}
	}
	return first, true
}

func TestOceanAndGrass(t *testing.T) {
	w := testWorld(t)
	lm := w.Landmarks
	r := staticRules(w)
	c, ok := uniformChunk(w, lm.OceanPoint)
	if !ok || c.ID != LandWater || int(c.Z) != WaterZ || lm.OceanPoint.Z != WaterZ {
		t.Fatalf("ocean chunk at %v: %+v uniform=%v", lm.OceanPoint, c, ok)
	}
	if enterable(w, r, walker, lm.OceanPoint.Point()) {
		t.Error("a walker can enter the ocean")
	}
	if z, ok := step(r, swimmer, lm.OceanPoint, dE); !ok || z != WaterZ {
		t.Errorf("swimmer in the ocean: step east = %d, %v", z, ok)
	}
	c, ok = uniformChunk(w, lm.OpenGrass)
	if !ok || c.ID != LandGrass || c.Z != GroundZ {
		t.Fatalf("open grass chunk at %v: %+v uniform=%v", lm.OpenGrass, c, ok)
	}
	for d := movement.Dir(0); d < 8; d++ {
		if z, ok := step(r, player, lm.OpenGrass, d); !ok || z != GroundZ {
			t.Errorf("open grass: step %v = %d, %v", d, z, ok)
		}
	}
}

func TestBridge(t *testing.T) {
	w := testWorld(t)
	lm := w.Landmarks
	r := liveRules(w, nil)
	for _, b := range [][3]Spot{{lm.BridgeWest, lm.BridgeDeck, lm.BridgeEast}, {lm.Bridge2West, lm.Bridge2Deck, lm.Bridge2East}} {
		west, deck, east := b[0], b[1], b[2]
		s := search{r: r, mv: player, margin: 2, keep: func(x, y, z int) bool { return y >= west.Y-1 && y <= west.Y+1 }}
		steps, z, ok := s.reach(west.Point(), west.Z, east.Point())
		if !ok || z != east.Z {
			t.Fatalf("walker cannot cross the bridge %v → %v along its rows", west, east)
		}
		if steps != east.X-west.X {
			t.Errorf("bridge crossing took %d steps for %d columns", steps, east.X-west.X)
		}
		// the deck cell is multi-Z: water below for a swimmer, planks above for a walker
		if land := w.Map.Land(deck.X, deck.Y); land.ID != LandWater {
			t.Errorf("bridge deck %v is over land 0x%04X", deck, land.ID)
		}
		for _, d := range []movement.Dir{dE, dW} {
			if z, ok := step(r, player, deck, d); !ok || z != DeckZ {
				t.Errorf("walker on deck %v step %v = %d, %v; want %d", deck, d, z, ok, DeckZ)
			}
		}
		under := Spot{deck.X, deck.Y, WaterZ}
		for _, d := range []movement.Dir{dN, dS} {
			if z, ok := step(r, swimmer, under, d); !ok || z != WaterZ {
				t.Errorf("swimmer under deck %v step %v = %d, %v", deck, d, z, ok)
			}
		}
		// a swimmer gets from well north of the bridge to well south of it under the deck
		sw := search{r: r, mv: swimmer, margin: 12}
		north, south := world.Point{X: deck.X, Y: deck.Y - 10}, world.Point{X: deck.X, Y: deck.Y + 10}
		if x0, x1 := (&layout{}).riverSpanFor(w, north.Y); north.X < x0 || north.X > x1 {
			t.Fatalf("test point %v not on the river", north)
		}
		if _, _, ok := sw.reach(north, WaterZ, south); !ok {
			t.Errorf("swimmer cannot pass under the bridge at %v", deck)
		}
	}
}

// riverSpanFor finds the water columns of row y around the river (tests).
func (*layout) riverSpanFor(w *World, y int) (x0, x1 int) {
	l := newLayout(w.Map.Width, w.Map.Height, mix(uint64(w.Options.Seed)))
	return l.riverSpan(y)
}

func TestCauseway(t *testing.T) {
	w := testWorld(t)
	lm := w.Landmarks
	r := staticRules(w)
	a, b := lm.CausewayStart, lm.CausewayEnd
	if a.Y != b.Y || b.X-a.X < 20 {
		t.Fatalf("causeway %v → %v", a, b)
	}
	water := 0
	for x := a.X + 1; x < b.X; x++ {
		if w.Map.Land(x, a.Y).ID == LandWater {
			water++
		}
	}
	if water < b.X-a.X-3 {
		t.Fatalf("causeway crosses only %d water cells of %d", water, b.X-a.X-1)
	}
	s := search{r: r, mv: player, margin: 1, keep: func(x, y, z int) bool { return y == a.Y || y == a.Y+1 }}
	steps, _, ok := s.reach(a.Point(), a.Z, b.Point())
	if !ok || steps != b.X-a.X {
		t.Fatalf("causeway walk %v → %v: %d steps, %v", a, b, steps, ok)
	}
	mid := Spot{(a.X + b.X) / 2, a.Y, GroundZ}
	if _, ok := step(r, swimmer, Spot{mid.X, mid.Y - 1, WaterZ}, dS); ok {
		t.Error("a swimmer passes through the causeway")
	}
}

func TestSewer(t *testing.T) {
	w := testWorld(t)
	lm := w.Landmarks
	r := staticRules(w)
	under := search{r: r, mv: player, margin: 2, keep: func(x, y, z int) bool { return z <= SewerZ }}
	steps, z, ok := under.reach(lm.SewerStart.Point(), SewerZ, lm.SewerEnd.Point())
	if !ok || z != SewerZ || steps < lm.SewerEnd.X-lm.SewerStart.X {
		t.Fatalf("sewer ends do not connect underground: %d steps, z %d, %v", steps, z, ok)
	}
	// both floors of a corridor cell
	mid := lm.SewerMid
	if z, ok := step(r, player, mid, dE); !ok || z != SewerZ {
		t.Errorf("sewer corridor at %v: step east = %d, %v", mid, z, ok)
	}
	if z, ok := step(r, player, Spot{mid.X, mid.Y, GroundZ}, dE); !ok || z != GroundZ {
		t.Errorf("street above the sewer at %v: step east = %d, %v", mid, z, ok)
	}
	if _, ok := step(r, player, mid, dN); ok {
		t.Errorf("sewer corridor at %v has no north wall", mid)
	}
	// reachable from the street by the stairwells, both ways
	down := search{r: r, mv: player, margin: 6}
	if _, z, ok := down.reachZ(lm.SewerEntrance.Point(), lm.SewerEntrance.Z, lm.SewerStart.Point(), SewerZ); !ok || z != SewerZ {
		t.Errorf("no way down from %v to the sewer (arrived z %d, %v)", lm.SewerEntrance, z, ok)
	}
	if _, z, ok := down.reachZ(lm.SewerEnd.Point(), SewerZ, world.Point{X: lm.SewerEnd.X + 5, Y: lm.SewerEnd.Y}, GroundZ); !ok || z != GroundZ {
		t.Errorf("no way up from the sewer's east end (arrived z %d, %v)", z, ok)
	}
}

func TestTwoStoreyBuilding(t *testing.T) {
	w := testWorld(t)
	lm := w.Landmarks
	r := staticRules(w)
	up := lm.UpperFloor
	if up.Z != GroundZ+StoreyHeight || lm.StairTop.Z != up.Z {
		t.Fatalf("upper floor %v, stair top %v", up, lm.StairTop)
	}
	for _, z := range []int{GroundZ, up.Z} {
		if nz, ok := step(r, player, Spot{up.X, up.Y, z}, dE); !ok || nz != z {
			t.Errorf("two-storey cell %v at z %d: step east = %d, %v", up.Point(), z, nz, ok)
		}
	}
	s := search{r: r, mv: player, margin: 12}
	door := lm.Doors[2]
	steps, z, ok := s.reach(door, GroundZ, lm.StairTop.Point())
	if !ok || z != lm.StairTop.Z {
		t.Fatalf("no climb from the door %v to the stair top %v (z %d, %v)", door, lm.StairTop, z, ok)
	}
	if _, z, ok := s.reach(lm.StairTop.Point(), lm.StairTop.Z, up.Point()); !ok || z != up.Z {
		t.Errorf("stair top does not lead to the upper floor (z %d, %v)", z, ok)
	}
	if _, z, ok := s.reach(up.Point(), up.Z, door); !ok || z != GroundZ {
		t.Errorf("no way down and out (z %d, %v)", z, ok)
	}
	t.Logf("door to stair top: %d steps", steps)
	// each stair rises StairRise, more than StepHeight, yet is climbable
	for k := 0; k < 3; k++ {
		from := Spot{lm.StairBottom.X + k, lm.StairBottom.Y, lm.StairBottom.Z + k*StairRise}
		if z, ok := step(r, player, from, dE); !ok || z != from.Z+StairRise {
			t.Errorf("stair %d at %v: step up = %d, %v", k, from, z, ok)
		}
	}
	// the upstairs walls keep an upstairs walker in; the ground door is not a way out upstairs
	if _, ok := step(r, player, Spot{door.X, door.Y - 1, up.Z}, dS); ok {
		t.Error("upstairs walker steps out over the doorway")
	}
}

func TestHouseMulti(t *testing.T) {
	w := testWorld(t)
	lm := w.Landmarks
	if len(w.Map.Multis()) < 3 || len(w.Multis) < 2 {
		t.Fatalf("%d houses placed, %d defs", len(w.Map.Multis()), len(w.Multis))
	}
	if len(lm.Houses) != len(w.Map.Multis()) {
		t.Fatalf("%d house landmarks for %d placed multis", len(lm.Houses), len(w.Map.Multis()))
	}
	for i, mu := range w.Map.Multis() {
		if h := lm.Houses[i]; h.DefID != mu.Def.ID || h.X != mu.X || h.Y != mu.Y || h.Z != mu.Z {
			t.Errorf("house landmark %d is %+v, multi at (%d,%d,%d) def %d", i, h, mu.X, mu.Y, mu.Z, mu.Def.ID)
		}
		found := false
		for _, d := range w.Multis {
			found = found || d == mu.Def
		}
		if !found {
			t.Errorf("placed multi %d is not in World.Multis", mu.Def.ID)
		}
	}
	if !w.Map.HasMultis(lm.HouseInside.X, lm.HouseInside.Y) || len(w.Map.StaticsAt(lm.HouseInside.X, lm.HouseInside.Y)) != 0 {
		t.Fatal("house inside is not multi-only")
	}
	live := liveRules(w, nil)
	outside := world.Point{X: lm.HouseDoor.X, Y: lm.HouseDoor.Y + 2}
	s := search{r: live, mv: player, margin: 8}
	steps, _, ok := s.reach(outside, GroundZ, lm.HouseInside.Point())
	if !ok || steps != 6 {
		t.Fatalf("outside %v to inside %v: %d steps, %v (want 6, through the door)", outside, lm.HouseInside, steps, ok)
	}
	// the walls are real: beside the door the wall blocks
	if _, ok := step(live, player, Spot{lm.HouseDoor.X + 1, lm.HouseDoor.Y + 1, GroundZ}, dN); ok {
		t.Error("walked into the house wall")
	}
	// and the house is not in the static world
	if _, ok := step(staticRules(w), player, Spot{lm.HouseDoor.X + 1, lm.HouseDoor.Y + 1, GroundZ}, dN); !ok {
		t.Error("static rules see the house wall")
	}
}

func TestHills(t *testing.T) {
	w := testWorld(t)
	lm := w.Landmarks
	r := staticRules(w)
	if lm.HillPoint.Z < 10 {
		t.Errorf("hill point %v is not above the plains", lm.HillPoint)
	}
	if !enterable(w, r, walker, lm.HillPoint.Point()) {
		t.Errorf("hill point %v cannot be walked onto", lm.HillPoint)
	}
	for _, p := range []Spot{lm.CliffPoint, lm.MountainPoint} {
		if p == (Spot{}) || enterable(w, r, walker, p.Point()) {
			t.Errorf("impassable point %v is enterable", p)
		}
	}
	if id := w.Map.Land(lm.MountainPoint.X, lm.MountainPoint.Y).ID; id != LandRock {
		t.Errorf("mountain point land 0x%04X", id)
	}
	if id := w.Map.Land(lm.CliffPoint.X, lm.CliffPoint.Y).ID; id != LandCliff {
		t.Errorf("cliff point land 0x%04X", id)
	}
	// varied land: hills of many heights, walkable in places
	l := newLayout(w.Map.Width, w.Map.Height, mix(uint64(w.Options.Seed)))
	heights := map[int8]bool{}
	walk, pass := 0, 0
	for y := l.hillY - l.hillR; y < l.hillY+l.hillR; y += 3 {
		for x := l.hillX - l.hillR; x < l.hillX+l.hillR; x += 3 {
			c := w.Map.Land(x, y)
			if c.ID == LandCave {
				pass++
			}
			if c.ID == LandGrass && c.Z > 4 {
				heights[c.Z] = true
				walk++
			}
		}
	}
	t.Logf("hills: %d walkable samples over %d heights, %d mountain-pass samples", walk, len(heights), pass)
	if len(heights) < 15 || walk < 100 {
		t.Errorf("hills: %d distinct walkable heights over %d samples", len(heights), walk)
	}
}

func TestDoors(t *testing.T) {
	w := testWorld(t)
	lm := w.Landmarks
	if len(lm.Doors) != len(lm.DoorSpecs) || len(lm.Doors) < 6 {
		t.Fatalf("%d doors, %d specs", len(lm.Doors), len(lm.DoorSpecs))
	}
	flagless := false
	for i, spec := range lm.DoorSpecs {
		if spec.At != lm.Doors[i] {
			t.Fatalf("door spec %d at %v, door at %v", i, spec.At, lm.Doors[i])
		}
		f, _ := w.Tiles.ItemFlagsHeight(spec.ID)
		flagless = flagless || f&world.FlagDoor == 0
		door := Spot{spec.At.X, spec.At.Y, int(spec.Z)}
		// the doorway is open in the world; the door item closes it
		open := liveRules(w, nil)
		closed := liveRules(w, dyn{spec.At: {{ID: spec.ID, Z: spec.Z}}})
		if !enterable(w, open, walker, door.Point()) {
			t.Errorf("doorway %v is blocked without its door", door)
		}
		if enterable(w, closed, walker, door.Point()) {
			t.Errorf("door 0x%04X at %v does not block a walker", spec.ID, door)
		}
		if !enterable(w, closed, movement.Mover{Caps: movement.CanOpenDoors}, door.Point()) {
			t.Errorf("door 0x%04X at %v blocks a door opener", spec.ID, door)
		}
	}
	if !flagless {
		t.Error("no door by id alone")
	}
	r := staticRules(w)
	if enterable(w, r, walker, lm.LockedDoor.Point()) {
		t.Errorf("locked static door %v is enterable", lm.LockedDoor)
	}
}

func TestSpellField(t *testing.T) {
	w := testWorld(t)
	p := w.Landmarks.OpenGrass
	target := world.Point{X: p.X + 1, Y: p.Y}
	r := liveRules(w, dyn{target: {{ID: ItemEnergyField, Z: GroundZ}}})
	if _, ok := step(r, walker, p, dE); ok {
		t.Error("an energy field does not block a creature")
	}
	if _, ok := step(liveRules(w, nil), walker, p, dE); !ok {
		t.Error("open grass blocked without the field")
	}
}

func TestRoofsDoNotBlock(t *testing.T) {
	w := testWorld(t)
	cx, cy := newLayout(w.Map.Width, w.Map.Height, mix(uint64(w.Options.Seed))).townX, w.Map.Height/2
	b := buildings(cx, cy)[0]
	in := Spot{b.x0 + 2, b.y0 + 2, GroundZ}
	roofed := false
	for _, s := range w.Map.StaticsAt(in.X, in.Y) {
		roofed = roofed || s.ID == ItemRoof
	}
	if !roofed {
		t.Fatalf("no roof over %v", in)
	}
	r := staticRules(w)
	for d := movement.Dir(0); d < 8; d++ {
		if z, ok := step(r, player, in, d); !ok || z != GroundZ {
			t.Errorf("under the roof at %v: step %v = %d, %v", in, d, z, ok)
		}
	}
}

func TestRoutes(t *testing.T) {
	w := testWorld(t)
	lm := w.Landmarks
	s := search{r: liveRules(w, nil), mv: movement.Mover{Caps: movement.CanOpenDoors}, margin: 100}
	if len(lm.PatrolRoutes) < 3 {
		t.Fatalf("%d patrol routes", len(lm.PatrolRoutes))
	}
	throughDoor, overBridge := false, false
	for i, route := range lm.PatrolRoutes {
		n := s.route(t, w, route, true)
		for _, p := range route {
			for _, d := range lm.Doors {
				throughDoor = throughDoor || p == d
			}
			overBridge = overBridge || p == lm.BridgeEast.Point()
		}
		t.Logf("patrol route %d: %d waypoints, %d steps", i, len(route), n)
	}
	if !throughDoor || !overBridge {
		t.Errorf("patrol routes: through a door %v, over a bridge %v", throughDoor, overBridge)
	}
	n := s.route(t, w, lm.PetRoute, false)
	t.Logf("pet route: %d waypoints, %d steps", len(lm.PetRoute), n)
	if n < 2000 {
		t.Errorf("pet route is %d steps, want ≥ 2000", n)
	}
}

func TestForest(t *testing.T) {
	w := testWorld(t)
	f := w.Landmarks.Forest
	l := newLayout(w.Map.Width, w.Map.Height, mix(uint64(w.Options.Seed)))
	trees, cells := 0, 0
	for y := f.Y - l.forestR/2; y < f.Y+l.forestR/2; y++ {
		for x := f.X - l.forestR/2; x < f.X+l.forestR/2; x++ {
			cells++
			if len(w.Map.StaticsAt(x, y)) > 0 {
				trees++
			}
		}
	}
	if share := float64(trees) / float64(cells); share < 0.04 || share > 0.15 {
		t.Fatalf("forest core holds trees on %.3f of its cells", share)
	}
	s := search{r: staticRules(w), mv: player, margin: 4}
	from, to := world.Point{X: f.X - l.forestR, Y: f.Y}, world.Point{X: f.X + l.forestR, Y: f.Y}
	steps, _, ok := s.reach(from, GroundZ, to)
	if !ok || steps < to.X-from.X {
		t.Fatalf("forest crossing: %d steps, %v", steps, ok)
	}
	t.Logf("forest: %d trees on %d core cells; crossing %d steps for %d columns", trees, cells, steps, to.X-from.X)
}

func TestTownWallsAndGates(t *testing.T) {
	w := testWorld(t)
	lm := w.Landmarks
	r := staticRules(w)
	if len(lm.TownGates) != 4 || lm.TownGate != lm.TownGates[1] {
		t.Fatalf("gates %v, east gate %v", lm.TownGates, lm.TownGate)
	}
	for i, g := range lm.TownGates {
		if !enterable(w, r, walker, g.Point()) {
			t.Errorf("gate %d at %v is blocked", i, g)
		}
		// three cells along the wall past the gate's edge is solid wall
		wall := world.Point{X: g.X, Y: g.Y + 3}
		if i >= 2 {
			wall = world.Point{X: g.X + 3, Y: g.Y}
		}
		if enterable(w, r, walker, wall) {
			t.Errorf("wall beside gate %d at %v is enterable", i, wall)
		}
	}
	// inside and outside connect only through the gates: the walk from the
	// centre to just outside the east wall, off the gate, goes round by a gate
	out := world.Point{X: lm.TownGate.X + 1, Y: lm.TownGate.Y + 20}
	steps, _, ok := search{r: r, mv: player, margin: 30}.reach(lm.TownCenter.Point(), lm.TownCenter.Z, out)
	direct := max(abs(out.X-lm.TownCenter.X), abs(out.Y-lm.TownCenter.Y))
	if !ok || steps <= direct {
		t.Errorf("centre to %v: %d steps, %v; a straight walk is %d", out, steps, ok, direct)
	}
}
