package movingai

import (
	"fmt"

	"github.com/shardcore/shardcore/world"
)

// Land tile ids the generated world uses; their flags are set in the
// TileData that Grid.World returns.
const (
	LandGround uint16 = 0x0003 // '.', 'G', 'S': walkable, no flags
	LandWater  uint16 = 0x00A8 // 'W': Wet|Impassable (swimmers only)
	LandRock   uint16 = 0x00DC // '@', 'O', 'T' and padding: Impassable
)

// PadSize is the multiple World pads the map's width and height up to (one
// step-cache chunk side).
const PadSize = 16

// LandID returns the land tile id World uses for a map character.
func LandID(c byte) uint16 {
	switch {
	case Walkable(c):
		return LandGround
	case c == 'W':
		return LandWater
	}
	return LandRock
}

// Tiles returns the tile data World's maps use: LandRock impassable,
// LandWater wet and impassable, everything else flagless.
func Tiles() *world.TileData {
	td := world.NewTileData(world.TileFormatNew)
	td.Land[LandRock].Flags = world.FlagImpassable
	td.Land[LandWater].Flags = world.FlagWet | world.FlagImpassable
	return td
}

// World builds a flat world (every land Z 0, no statics) of the grid: cell
// (x, y) of the grid is cell (x, y) of the map. Walkable cells are plain
// land, water is wet impassable land (walkers cannot enter it, swimmers can)
// and everything else is impassable land. The map is padded on the right and
// bottom with impassable land up to multiples of PadSize, so its size is
// whole 8×8 blocks and 16×16 chunks; the padding is never walkable.
func (g *Grid) World() (*world.Map, *world.TileData, error) {
	if g.Width <= 0 || g.Height <= 0 || len(g.Cells) != g.Width*g.Height {
		return nil, nil, fmt.Errorf("movingai: %s: grid %dx%d has %d cells", g.Name, g.Width, g.Height, len(g.Cells))
	}
	pw := (g.Width + PadSize - 1) / PadSize * PadSize
	ph := (g.Height + PadSize - 1) / PadSize * PadSize
	b, err := world.NewBuilder(world.Felucca, pw, ph)
	if err != nil {
		return nil, nil, fmt.Errorf("movingai: %s: %w", g.Name, err)
	}
	for y := 0; y < ph; y++ {
		for x := 0; x < pw; x++ {
			b.SetLand(x, y, LandID(g.At(x, y)), 0)
		}
	}
	m, err := b.Build()
	if err != nil {
		return nil, nil, fmt.Errorf("movingai: %s: %w", g.Name, err)
	}
	return m, Tiles(), nil
}
