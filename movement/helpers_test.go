package movement

import (
	"testing"

	"github.com/shardcore/shardcore/world"
)

// Named land ids of the test tile table.
const (
	landGrass  uint16 = 0x0003 // no flags
	landWater  uint16 = 0x00A8 // Wet|Impassable
	landRock   uint16 = 0x0220 // Impassable
	landMarsh  uint16 = 0x0011 // Wet only
	landNoDraw uint16 = 0x0002 // ignored id
)

// Named item ids of the test tile table.
const (
	itemFloor      uint16 = 0x0519 // Surface, h0
	itemStep2      uint16 = 0x0520 // Surface, h2: a ledge within StepHeight
	itemLedge3     uint16 = 0x0521 // Surface, h3: one above StepHeight
	itemWall       uint16 = 0x0200 // Impassable, h20
	itemDeck       uint16 = 0x0300 // Surface|Bridge, h4: stands at +2
	itemStair      uint16 = 0x0301 // Surface|Bridge, h4
	itemTallBridge uint16 = 0x0302 // Surface|Bridge, h40: stands at +20
	itemCeiling    uint16 = 0x0303 // Impassable, h1
	itemWaterTile  uint16 = 0x1797 // Wet|Impassable, h0
	itemDecor      uint16 = 0x0B00 // no flags, h10 (a chair: nothing)
	itemRoofed     uint16 = 0x0B01 // Background|Wall|Roof|StairBack, h10: no movement flag
	itemDoor       uint16 = 0x0675 // Door|Impassable, h20
	itemDoorNoFlag uint16 = 0x0692 // Impassable, h20 (a door by id)
	itemDoorOpen   uint16 = 0x0676 // Door, h20, not blocking (an open door)
	itemField1     uint16 = 0x0082 // Impassable, h20 (spell field by id)
	itemField2     uint16 = 0x3946
	itemField3     uint16 = 0x3956
	itemCrate      uint16 = 0x0E3D // Surface|Impassable, h3 (a movable crate)
	itemTable      uint16 = 0x0B34 // Surface, h6 (a table top to stand on)
	itemBridge20   uint16 = 0x0304 // Surface|Bridge, h20: stands at +10
	itemPillar     uint16 = 0x0305 // Surface, h20
)

// testTiles returns the test tile table.
func testTiles() *world.TileData {
	td := world.NewTileData(world.TileFormatOld16K)
	td.Land[landWater].Flags = world.FlagWet | world.FlagImpassable
	td.Land[landRock].Flags = world.FlagImpassable
	td.Land[landMarsh].Flags = world.FlagWet
	set := func(id uint16, f world.TileFlag, h uint8) {
		td.Items[id].Flags, td.Items[id].Height = f, h
	}
	set(itemFloor, world.FlagSurface, 0)
	set(itemStep2, world.FlagSurface, 2)
	set(itemLedge3, world.FlagSurface, 3)
	set(itemWall, world.FlagImpassable|world.FlagWall, 20)
	set(itemDeck, world.FlagSurface|world.FlagBridge, 4)
	set(itemStair, world.FlagSurface|world.FlagBridge, 4)
	set(itemTallBridge, world.FlagSurface|world.FlagBridge, 40)
	set(itemCeiling, world.FlagImpassable, 1)
	set(itemWaterTile, world.FlagWet|world.FlagImpassable, 0)
	set(itemDecor, 0, 10)
	set(itemRoofed, world.FlagBackground|world.FlagWall|world.FlagRoof|world.FlagStairBack, 10)
	set(itemDoor, world.FlagDoor|world.FlagImpassable, 20)
	set(itemDoorNoFlag, world.FlagImpassable, 20)
	set(itemDoorOpen, world.FlagDoor, 20)
	set(itemField1, world.FlagImpassable, 20)
	set(itemField2, world.FlagImpassable, 20)
	set(itemField3, world.FlagImpassable, 20)
	set(itemCrate, world.FlagSurface|world.FlagImpassable, 3)
	set(itemTable, world.FlagSurface, 6)
	set(itemBridge20, world.FlagSurface|world.FlagBridge, 20)
	set(itemPillar, world.FlagSurface, 20)
	return td
}

// placed is a static tile on a cell of a test world.
type placed struct {
	x, y int
	id   uint16
	z    int8
}

// buildMap returns a w×h map on facet id, all land grass at z 0 unless land
// overrides it, with the given statics in order.
func buildMap(t testing.TB, id world.MapID, w, h int, land func(x, y int) (uint16, int8), statics ...placed) *world.Map {
	t.Helper()
	b, err := world.NewBuilder(id, w, h)
	if err != nil {
		t.Fatalf("NewBuilder: %v", err)
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			lid, lz := landGrass, int8(0)
			if land != nil {
				lid, lz = land(x, y)
			}
			b.SetLand(x, y, lid, lz)
		}
	}
	for _, s := range statics {
		if err := b.AddStatic(s.x, s.y, s.id, s.z, 0); err != nil {
			t.Fatalf("AddStatic: %v", err)
		}
	}
	m, err := b.Build()
	if err != nil {
		t.Fatalf("Build: %v", err)
	}
	return m
}

// flat is a land function: every cell id at z.
func flat(id uint16, z int8) func(x, y int) (uint16, int8) {
	return func(int, int) (uint16, int8) { return id, z }
}

// fakeDyn is a Dynamics over fixed per-cell lists.
type fakeDyn struct {
	items map[[2]int][]Item
	mobs  map[[2]int][]Mobile
}

func newFakeDyn() *fakeDyn {
	return &fakeDyn{items: map[[2]int][]Item{}, mobs: map[[2]int][]Mobile{}}
}

func (d *fakeDyn) addItem(x, y int, it Item) {
	d.items[[2]int{x, y}] = append(d.items[[2]int{x, y}], it)
}
func (d *fakeDyn) addMob(x, y int, mo Mobile) {
	d.mobs[[2]int{x, y}] = append(d.mobs[[2]int{x, y}], mo)
}

// ItemsAt appends the items of (x, y).
func (d *fakeDyn) ItemsAt(_ world.MapID, x, y int, dst []Item) []Item {
	return append(dst, d.items[[2]int{x, y}]...)
}

// MobilesAt appends the mobiles of (x, y).
func (d *fakeDyn) MobilesAt(_ world.MapID, x, y int, dst []Mobile) []Mobile {
	return append(dst, d.mobs[[2]int{x, y}]...)
}

// Common movers.
var (
	walker    = Mover{}
	swimmer   = Mover{Caps: CanSwim | CantWalk}
	amphibian = Mover{Caps: CanSwim}
	player    = Mover{Caps: Player}
	staff     = Mover{Caps: Player | Staff}
)

// step is one CheckMovement expectation.
type step struct {
	name   string
	mv     Mover
	x, y   int
	z      int
	dir    Dir
	wantOK bool
	wantZ  int // checked when wantOK; when refused newZ must equal StartZ
}

// checkSteps runs CheckMovement for each step and compares.
func checkSteps(t *testing.T, r *Rules, steps []step) {
	t.Helper()
	for _, s := range steps {
		z, ok := r.CheckMovement(s.mv, s.x, s.y, s.z, s.dir)
		if ok != s.wantOK {
			t.Errorf("%s: CheckMovement(%d,%d,%d,%v) ok=%v z=%d, want ok=%v", s.name, s.x, s.y, s.z, s.dir, ok, z, s.wantOK)
			continue
		}
		if ok && z != s.wantZ {
			t.Errorf("%s: CheckMovement(%d,%d,%d,%v) z=%d, want %d", s.name, s.x, s.y, s.z, s.dir, z, s.wantZ)
		}
		if !ok {
			sz, _ := r.StartZ(s.mv, s.x, s.y, s.z)
			if z != sz {
				t.Errorf("%s: refused move returned z=%d, want startZ %d", s.name, z, sz)
			}
		}
	}
}
