package steptest

import (
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/world"
)

// Hand-made test world palette.
const (
	Grass  uint16 = 0x0003
	Water  uint16 = 0x00A8 // Wet|Impassable
	Rock   uint16 = 0x00DC // Impassable
	NoDraw uint16 = 0x0002 // ignored land

	Floor  uint16 = 0x0519 // Surface, height 0
	Wall   uint16 = 0x001C // Impassable, height 20
	Stairs uint16 = 0x0749 // Surface|Bridge, height 10
	Plank  uint16 = 0x0C2B // Surface|Bridge, height 4
	Block  uint16 = 0x0500 // Surface, height 20 (a high platform)
	WetRug uint16 = 0x1797 // Wet|Surface, height 0 (a shallow pool item)
)

func HandTiles() *world.TileData {
	td := world.NewTileData(world.TileFormatNew)
	td.Land[Water].Flags = world.FlagWet | world.FlagImpassable
	td.Land[Rock].Flags = world.FlagImpassable
	set := func(id uint16, f world.TileFlag, h uint8) { td.Items[id].Flags, td.Items[id].Height = f, h }
	set(Floor, world.FlagSurface, 0)
	set(Wall, world.FlagImpassable|world.FlagWall, 20)
	set(Stairs, world.FlagSurface|world.FlagBridge, 10)
	set(Plank, world.FlagSurface|world.FlagBridge, 4)
	set(Block, world.FlagSurface, 20)
	set(WetRug, world.FlagSurface|world.FlagWet, 0)
	return td
}

// HandWorld is a 64×48 world: grass with a water channel and a bridge over
// it, a two-floor house of statics with stairs and walls, sloped land,
// ignored land, a high platform whose top (and the steps onto it) leave the
// int8 range, and one multi.
func HandWorld(tb testing.TB) *movement.Rules {
	tb.Helper()
	b, err := world.NewBuilder(world.Felucca, 64, 48)
	if err != nil {
		tb.Fatal(err)
	}
	st := func(x, y int, id uint16, z int) {
		if err := b.AddStatic(x, y, id, int8(z), 0); err != nil {
			tb.Fatal(err)
		}
	}
	for y := 0; y < 48; y++ {
		for x := 0; x < 64; x++ {
			b.SetLand(x, y, Grass, int8((x*y)%3))
		}
	}
	// water channel x 20..23 with a bridge on rows 10..11 and a wet rug
	for y := 0; y < 48; y++ {
		for x := 20; x < 24; x++ {
			b.SetLand(x, y, Water, -5)
		}
	}
	for x := 19; x < 25; x++ {
		st(x, 10, Plank, 11)
		st(x, 11, Plank, 11)
	}
	st(18, 30, WetRug, 0)
	handHouse(st)
	// ignored land and rock
	b.SetLand(30, 30, NoDraw, 0)
	b.SetLand(31, 30, Rock, 10)
	// a high platform: land at 120, a block on top reaching 140
	for y := 40; y < 44; y++ {
		for x := 40; x < 44; x++ {
			b.SetLand(x, y, Grass, 120)
		}
	}
	st(42, 42, Block, 107) // top 127: in range
	st(41, 41, Block, 109) // top 129: a step from 127 arrives out of range
	st(40, 40, Block, 110) // top 130: a standing Z out of range
	m, err := b.Build()
	if err != nil {
		tb.Fatal(err)
	}
	def := &world.MultiDef{ID: 1, Components: []world.MultiComponent{{ItemID: Wall}, {ItemID: Floor, DX: 1}}}
	if err := m.AddMulti(world.NewMulti(def, 50, 20, 0)); err != nil {
		tb.Fatal(err)
	}
	return movement.NewRules(m, HandTiles(), nil)
}

// handHouse adds HandWorld's house to the statics st adds: x 4..11, y
// 4..11, walls, a floor at 0 and a second floor at 20, stairs.
func handHouse(st func(x, y int, id uint16, z int)) {
	for y := 4; y < 12; y++ {
		for x := 4; x < 12; x++ {
			if x == 4 || x == 11 || y == 4 || y == 11 {
				if !(x == 7 && y == 11) {
					st(x, y, Wall, 0)
					st(x, y, Wall, 20)
				}
				continue
			}
			st(x, y, Floor, 0)
			if x < 9 {
				st(x, y, Floor, 20)
			}
		}
	}
	for i, y := range []int{10, 9, 8, 7} {
		st(9, y, Stairs, 5*i)
	}
}
