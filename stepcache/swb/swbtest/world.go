package swbtest

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/gen"
)

// SynthMap is a w×h map (row-major) of synthetic chunks with duplicates
// (shared objects and identical copies) and holes (nil).
func SynthMap(seed uint64, w, h int) []*chunk.Chunk {
	rng := rand.New(rand.NewPCG(seed, 99))
	base := SynthChunks(rng, 40)
	out := make([]*chunk.Chunk, w*h)
	for i := range out {
		switch {
		case i%11 == 5:
			// hole: not in the file
		case i%3 == 0:
			out[i] = base[4] // shared uniform
		case i%5 == 0:
			c := *base[2] // identical content, distinct object
			out[i] = &c
		default:
			out[i] = base[rng.IntN(len(base))]
		}
	}
	return out
}

// Land tiles of the hill world.
const (
	landGrass = 3
	landWater = 0xA8
	landRock  = 0x220
)

// HillWorld is a w×h map of terrain-shaped chunks without the default
// world's landmarks: ocean, beaches, grass hills, impassable rock.
func HillWorld(tb testing.TB, w, h int, seed float64) (*world.Map, *world.TileData) {
	tb.Helper()
	td := world.NewTileData(world.TileFormatNew)
	td.Land[landWater].Flags = world.FlagWet | world.FlagImpassable
	td.Land[landRock].Flags = world.FlagImpassable
	b, err := world.NewBuilder(world.Felucca, w, h)
	if err != nil {
		tb.Fatal(err)
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			fx, fy := float64(x), float64(y)
			e := math.Sin(fx/37+seed)*math.Cos(fy/29-seed) + 0.5*math.Sin((fx+fy)/13+2*seed)
			switch {
			case e < -0.3:
				b.SetLand(x, y, landWater, -5)
			case e > 1.1:
				b.SetLand(x, y, landRock, int8(40+10*e))
			default:
				b.SetLand(x, y, landGrass, int8(20*(e+0.3)))
			}
		}
	}
	m, err := b.Build()
	if err != nil {
		tb.Fatal(err)
	}
	return m, td
}

// BakeAll bakes every chunk of m row-major with bake.BuildMap and
// returns them with the grid's size in chunks.
func BakeAll(tb testing.TB, m *world.Map, td *world.TileData) (chunks []*chunk.Chunk, wc, hc int) {
	tb.Helper()
	chunks, err := bake.BuildMap(context.Background(), movement.NewRules(m, td, nil), 0, nil)
	if err != nil {
		tb.Fatal(err)
	}
	wc, hc = chunk.Grid(m.Width, m.Height)
	return chunks, wc, hc
}

// DefaultWorldChunks bakes the default world: every chunk row-major, and
// the grid's width in chunks.
func DefaultWorldChunks(tb testing.TB) ([]*chunk.Chunk, int) {
	tb.Helper()
	w, err := gen.Default(context.Background())
	if err != nil {
		tb.Fatal(err)
	}
	chunks, wc, _ := BakeAll(tb, w.Map, w.Tiles)
	return chunks, wc
}

// RealFullChunks returns up to n distinct full (not uniform) chunks baked
// from the default world.
func RealFullChunks(tb testing.TB, n int) []*chunk.Chunk {
	chunks, _ := DefaultWorldChunks(tb)
	seen := map[*chunk.Chunk]bool{}
	var out []*chunk.Chunk
	for _, c := range chunks {
		if !isUniform(c) && !seen[c] && len(out) < n {
			seen[c] = true
			out = append(out, c)
		}
	}
	return out
}

// isUniform is codec.IsUniform (not imported: the codec's own tests use
// this package).
func isUniform(c *chunk.Chunk) bool {
	if c.StrataStart != nil || len(c.Strata) != 0 {
		return false
	}
	for i := range c.Cells {
		if c.Cells[i] != c.Cells[0] {
			return false
		}
	}
	return true
}
