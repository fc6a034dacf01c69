package stepcache

import (
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/world"
)

// Hand-made test world palette.
const (
	hwGrass  uint16 = 0x0003
	hwWater  uint16 = 0x00A8 // Wet|Impassable
	hwRock   uint16 = 0x00DC // Impassable
	hwNoDraw uint16 = 0x0002 // ignored land

	hwFloor  uint16 = 0x0519 // Surface, height 0
	hwWall   uint16 = 0x001C // Impassable, height 20
	hwStairs uint16 = 0x0749 // Surface|Bridge, height 10
	hwPlank  uint16 = 0x0C2B // Surface|Bridge, height 4
	hwBlock  uint16 = 0x0500 // Surface, height 20 (a high platform)
	hwWetRug uint16 = 0x1797 // Wet|Surface, height 0 (a shallow pool item)
)

func hwTiles() *world.TileData {
	td := world.NewTileData(world.TileFormatNew)
	td.Land[hwWater].Flags = world.FlagWet | world.FlagImpassable
	td.Land[hwRock].Flags = world.FlagImpassable
	set := func(id uint16, f world.TileFlag, h uint8) { td.Items[id].Flags, td.Items[id].Height = f, h }
	set(hwFloor, world.FlagSurface, 0)
	set(hwWall, world.FlagImpassable|world.FlagWall, 20)
	set(hwStairs, world.FlagSurface|world.FlagBridge, 10)
	set(hwPlank, world.FlagSurface|world.FlagBridge, 4)
	set(hwBlock, world.FlagSurface, 20)
	set(hwWetRug, world.FlagSurface|world.FlagWet, 0)
	return td
}

// handWorld is a 64×48 world: grass with a water channel and a bridge over
// it, a two-floor house of statics with stairs and walls, sloped land,
// ignored land, a high platform whose top (and the steps onto it) leave the
// int8 range, and one multi.
func handWorld(tb testing.TB) *movement.Rules {
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
			b.SetLand(x, y, hwGrass, int8((x*y)%3))
		}
	}
	// water channel x 20..23 with a bridge on rows 10..11 and a wet rug
	for y := 0; y < 48; y++ {
		for x := 20; x < 24; x++ {
			b.SetLand(x, y, hwWater, -5)
		}
	}
	for x := 19; x < 25; x++ {
		st(x, 10, hwPlank, 11)
		st(x, 11, hwPlank, 11)
	}
	st(18, 30, hwWetRug, 0)
	// house x 4..11, y 4..11: walls, floor at 0 and second floor at 20, stairs
	for y := 4; y < 12; y++ {
		for x := 4; x < 12; x++ {
			if x == 4 || x == 11 || y == 4 || y == 11 {
				if !(x == 7 && y == 11) {
					st(x, y, hwWall, 0)
					st(x, y, hwWall, 20)
				}
				continue
			}
			st(x, y, hwFloor, 0)
			if x < 9 {
				st(x, y, hwFloor, 20)
			}
		}
	}
	for i, y := range []int{10, 9, 8, 7} {
		st(9, y, hwStairs, 5*i)
	}
	// ignored land and rock
	b.SetLand(30, 30, hwNoDraw, 0)
	b.SetLand(31, 30, hwRock, 10)
	// a high platform: land at 120, a block on top reaching 140
	for y := 40; y < 44; y++ {
		for x := 40; x < 44; x++ {
			b.SetLand(x, y, hwGrass, 120)
		}
	}
	st(42, 42, hwBlock, 107) // top 127: in range
	st(41, 41, hwBlock, 109) // top 129: a step from 127 arrives out of range
	st(40, 40, hwBlock, 110) // top 130: a standing Z out of range
	m, err := b.Build()
	if err != nil {
		tb.Fatal(err)
	}
	def := &world.MultiDef{ID: 1, Components: []world.MultiComponent{{ItemID: hwWall}, {ItemID: hwFloor, DX: 1}}}
	if err := m.AddMulti(world.NewMulti(def, 50, 20, 0)); err != nil {
		tb.Fatal(err)
	}
	return movement.NewRules(m, hwTiles(), nil)
}
