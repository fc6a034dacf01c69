package steptest

import (
	"math/rand/v2"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/world"
)

// Random stack worlds: every seed draws its own tile data (flag and height
// mixes), a map size (sides 8 mod 16 included, so chunks are partial), a Z
// regime (near 0, near +127, near -128) and a terrain style, then stacks
// statics: bridges over water, stair ramps, ledges, low ceilings, wet
// statics, ignored land, unknown item ids.

// Land ids of the random worlds.
const (
	rwGrass   uint16 = 0x03
	rwWater   uint16 = 0xA8  // Wet|Impassable
	rwRock    uint16 = 0xDC  // Impassable
	rwShallow uint16 = 0xB0  // Wet only
	rwNoDraw  uint16 = 0x02  // ignored
	rwCave    uint16 = 0x1B0 // ignored, given Wet|Impassable
)

// rwItemBase is the first of the random worlds' 24 item ids.
const rwItemBase uint16 = 0x100

// rwUnknown is an item id past a 16K item table (no flags, height 0).
const rwUnknown uint16 = 0x5000

var rwLand = []uint16{rwGrass, rwGrass, rwGrass, rwWater, rwRock, rwShallow, rwNoDraw, rwCave}

// randomTiles draws item flags and heights for rwItemBase.. and fixes the
// land flags.
func randomTiles(rng *rand.Rand) *world.TileData {
	f := world.TileFormatNew
	if rng.IntN(4) == 0 {
		f = world.TileFormatOld16K
	}
	td := world.NewTileData(f)
	td.Land[rwWater].Flags = world.FlagWet | world.FlagImpassable
	td.Land[rwRock].Flags = world.FlagImpassable
	td.Land[rwShallow].Flags = world.FlagWet
	td.Land[rwCave].Flags = world.FlagWet | world.FlagImpassable
	flags := []world.TileFlag{world.FlagSurface, world.FlagImpassable, world.FlagWet, world.FlagBridge}
	heights := []uint8{0, 0, 1, 2, 3, 4, 5, 10, 15, 16, 17, 20, 30, 40, 255}
	for i := uint16(0); i < 24; i++ {
		var fl world.TileFlag
		for _, b := range flags {
			if rng.IntN(3) == 0 {
				fl |= b
			}
		}
		if i < 6 { // a few plain kinds every world has
			fl = [...]world.TileFlag{world.FlagSurface, world.FlagSurface | world.FlagBridge, world.FlagImpassable,
				world.FlagWet, world.FlagWet | world.FlagSurface, world.FlagSurface | world.FlagImpassable}[i]
		}
		td.Items[rwItemBase+i].Flags = fl
		td.Items[rwItemBase+i].Height = heights[rng.IntN(len(heights))]
	}
	return td
}

// RandomWorld builds one random stack world.
func RandomWorld(tb testing.TB, seed uint64) *movement.Rules {
	tb.Helper()
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	sizes := [][2]int{{40, 24}, {24, 40}, {56, 40}, {8, 8}, {48, 48}, {24, 8}}
	sz := sizes[rng.IntN(len(sizes))]
	w, h := sz[0], sz[1]
	sparse := rng.IntN(3) == 0 // flat grass with a few changes at chunk edges (the uniform path's test)
	if sparse {
		w, h = 48, 48
	}
	bld, err := world.NewBuilder(world.Felucca, w, h)
	if err != nil {
		tb.Fatal(err)
	}
	base := [...]int{0, 0, 115, -120}[rng.IntN(4)]
	landZ := make([]int, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			z := base + rng.IntN(7) - 3
			if sparse || rng.IntN(3) == 0 {
				z = base // flat patches
			}
			if x > 0 && rng.IntN(2) == 0 {
				z = landZ[y*w+x-1] + rng.IntN(5) - 2 // slopes
			}
			if sparse {
				z = base
			}
			landZ[y*w+x] = int(clampZ(z))
			id := rwLand[rng.IntN(len(rwLand))]
			if sparse {
				id = rwGrass
			}
			bld.SetLand(x, y, id, clampZ(z))
		}
	}
	add := func(x, y int, id uint16, z int) {
		if err := bld.AddStatic(x, y, id, clampZ(z), 0); err != nil {
			tb.Fatal(err)
		}
	}
	features := rng.IntN(w * h / 2)
	if sparse {
		features = 0
		perturbEdges(rng, bld, w, h, landZ, base, add)
	}
	for i := 0; i < features; i++ {
		addFeature(rng, bld, w, h, landZ, add)
	}
	m, err := bld.Build()
	if err != nil {
		tb.Fatal(err)
	}
	return movement.NewRules(m, randomTiles(rng), nil)
}

// perturbEdges changes a few cells of a flat world near chunk borders
// (where a chunk's halo and the land corners its AverageZ reads end): a land
// Z one up, another land kind, or one static.
func perturbEdges(rng *rand.Rand, bld *world.Builder, w, h int, landZ []int, base int, add func(x, y int, id uint16, z int)) {
	near := func(n int) int { return min(n-1, max(0, chunk.Size*rng.IntN(n/chunk.Size+1)+rng.IntN(4)-1)) }
	for i := 1 + rng.IntN(6); i > 0; i-- {
		x, y := near(w), near(h)
		switch rng.IntN(3) {
		case 0:
			landZ[y*w+x] = base + 1
			bld.SetLand(x, y, rwGrass, int8(base+1))
		case 1:
			bld.SetLand(x, y, rwLand[rng.IntN(len(rwLand))], int8(base))
		default:
			add(x, y, rwItemBase+uint16(rng.IntN(24)), base)
		}
	}
}

// PatternWorld tiles a 64×64 map with copies of one random 6×6 pattern
// (land heights, land kinds, statics) at random base Zs from -128 to 127,
// some copies with one land corner moved: the same neighbourhood recurs at
// many heights (the memo's shift), near the int8 ends (where it must not
// apply) and with small differences (which its key must tell apart).
func PatternWorld(tb testing.TB, seed uint64) *movement.Rules {
	tb.Helper()
	rng := rand.New(rand.NewPCG(seed, 0xba5e))
	const side, tile = 64, 6
	bld, err := world.NewBuilder(world.Felucca, side, side)
	if err != nil {
		tb.Fatal(err)
	}
	var rel [tile][tile]int
	var land [tile][tile]uint16
	type st struct {
		x, y, dz int
		id       uint16
	}
	var statics []st
	for y := range rel {
		for x := range rel[y] {
			rel[y][x] = rng.IntN(9) - 4
			land[y][x] = rwLand[rng.IntN(len(rwLand))]
			if rng.IntN(4) == 0 {
				statics = append(statics, st{x, y, rng.IntN(30) - 5, rwItemBase + uint16(rng.IntN(24))})
			}
		}
	}
	for ty := 0; ty*tile < side; ty++ {
		for tx := 0; tx*tile < side; tx++ {
			base := rng.IntN(256) - 128
			if rng.IntN(2) == 0 {
				base = rng.IntN(40) - 20
			}
			bumpX, bumpY, bump := rng.IntN(tile), rng.IntN(tile), 0
			if rng.IntN(2) == 0 {
				bump = rng.IntN(7) - 3
			}
			clamp := func(z int) int8 { return int8(max(-128, min(127, z))) }
			for y := 0; y < tile && ty*tile+y < side; y++ {
				for x := 0; x < tile && tx*tile+x < side; x++ {
					z := base + rel[y][x]
					if x == bumpX && y == bumpY {
						z += bump
					}
					bld.SetLand(tx*tile+x, ty*tile+y, land[y][x], clamp(z))
				}
			}
			for _, s := range statics {
				if x, y := tx*tile+s.x, ty*tile+s.y; x < side && y < side {
					if err := bld.AddStatic(x, y, s.id, clamp(base+s.dz), 0); err != nil {
						tb.Fatal(err)
					}
				}
			}
		}
	}
	m, err := bld.Build()
	if err != nil {
		tb.Fatal(err)
	}
	return movement.NewRules(m, randomTiles(rng), nil)
}

// addFeature adds one random feature of a random stack world at a random
// cell: a bridge deck over water, a stair ramp, a floor under a ceiling, a
// random stack, wet statics and unknown ids, or a ledge.
func addFeature(rng *rand.Rand, bld *world.Builder, w, h int, landZ []int, add func(x, y int, id uint16, z int)) {
	x, y := rng.IntN(w), rng.IntN(h)
	lz := landZ[y*w+x]
	switch rng.IntN(6) {
	case 0: // bridge deck over water
		bld.SetLand(x, y, rwWater, clampZ(lz-5))
		add(x, y, rwItemBase+1, lz+rng.IntN(12))
	case 1: // stair ramp eastwards
		for s := 0; s < 4 && x+s < w; s++ {
			add(x+s, y, rwItemBase+1, landZ[y*w+x+s]+3*s)
		}
	case 2: // floor with a low or high ceiling
		add(x, y, rwItemBase, lz)
		add(x, y, rwItemBase+uint16(rng.IntN(6)), lz+rng.IntN(24))
	case 3: // a random stack of random items
		for n := rng.IntN(5); n >= 0; n-- {
			add(x, y, rwItemBase+uint16(rng.IntN(24)), lz+rng.IntN(50)-10)
		}
	case 4: // wet statics and unknown ids
		add(x, y, rwItemBase+3+uint16(rng.IntN(2)), lz+rng.IntN(6))
		add(x, y, rwUnknown, lz)
	default: // a ledge: a surface block of random height
		add(x, y, rwItemBase+uint16(rng.IntN(24)), lz+rng.IntN(30)-5)
	}
}

// clampZ is z clamped to the int8 range a map stores.
func clampZ(z int) int8 { return int8(max(-128, min(127, z))) }
