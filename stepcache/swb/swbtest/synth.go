package swbtest

import (
	"math/rand/v2"

	"github.com/shardcore/shardcore/stepcache/chunk"
)

// Synthetic chunks for tests that must not wait on the baker.

var dirDX = [8]int{0, 1, 1, 1, 0, -1, -1, -1}
var dirDY = [8]int{-1, -1, 0, 1, 1, 1, 0, -1}

// RandCell is a cell of random bytes.
func RandCell(rng *rand.Rand) chunk.Cell {
	var c chunk.Cell
	c.Z, c.Walk, c.Wet, c.Info = int8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256))
	for d := range 8 {
		c.WalkZ[d] = int8(rng.IntN(256))
		c.SwimZ[d] = int8(rng.IntN(256))
	}
	return c
}

// RandomChunk is noise, with strata on some cells when strata is set.
func RandomChunk(rng *rand.Rand, strata bool) *chunk.Chunk {
	c := new(chunk.Chunk)
	for i := range c.Cells {
		c.Cells[i] = RandCell(rng)
	}
	if strata {
		AddStrata(rng, c, 1+rng.IntN(255), 1+rng.IntN(4))
	}
	return c
}

// AddStrata gives about cells cells of c up to maxPer strata each.
func AddStrata(rng *rand.Rand, c *chunk.Chunk, cells, maxPer int) {
	c.StrataStart = new([chunk.NumCells + 1]uint16)
	n := 0
	for i := 0; i < chunk.NumCells; i++ {
		c.StrataStart[i] = uint16(n)
		if rng.IntN(chunk.NumCells) < cells {
			k := 1 + rng.IntN(maxPer)
			for range k {
				s := c.Cells[i]
				s.Z += int8(5 + rng.IntN(20))
				for d := range 8 {
					if s.Walk&(1<<d) != 0 {
						s.WalkZ[d] = s.Z + int8(rng.IntN(3)-1)
					}
				}
				c.Strata = append(c.Strata, s)
			}
			n += k
		}
	}
	c.StrataStart[chunk.NumCells] = uint16(n)
}

// HillChunk is land the way the baker sees it: a smooth Z field, every
// direction open except towards a few blocked cells, arrival Z = the
// neighbour's Z, no swim part; water cells get a swim part.
func HillChunk(rng *rand.Rand, water bool) *chunk.Chunk {
	var z [18][18]int
	a, b, ph := rng.Float64()*0.6, rng.Float64()*0.6, rng.Float64()*6
	for y := range 18 {
		for x := range 18 {
			z[y][x] = int(8*float64(x)*a/4+6*float64(y)*b/4+3*sinApprox(float64(x+y)/3+ph)) + rng.IntN(2)
		}
	}
	blocked := func(x, y int) bool { return (x*7+y*13)%29 == 0 }
	c := new(chunk.Chunk)
	for i := range c.Cells {
		x, y := i%16+1, i/16+1
		cell := &c.Cells[i]
		cell.Z = int8(z[y][x])
		cell.Info = chunk.InfoWindow
		for d := range 8 {
			nx, ny := x+dirDX[d], y+dirDY[d]
			if blocked(nx, ny) || abs(z[ny][nx]-z[y][x]) > 12 {
				continue
			}
			cell.Walk |= 1 << d
			cell.WalkZ[d] = int8(z[ny][nx])
			if water && (nx+ny)%5 == 0 {
				cell.Wet |= 1 << d
				cell.SwimZ[d] = -5
			}
		}
	}
	return c
}

func sinApprox(x float64) float64 {
	for x > 3.14159 {
		x -= 6.28318
	}
	return x - x*x*x/6 + x*x*x*x*x/120
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// UniformChunk is one cell broadcast, then exceptions random Info bits flipped.
func UniformChunk(rng *rand.Rand, exceptions int) *chunk.Chunk {
	c := new(chunk.Chunk)
	u := RandCell(rng)
	for i := range c.Cells {
		c.Cells[i] = u
	}
	for range exceptions {
		c.Cells[rng.IntN(chunk.NumCells)].Info ^= 1 << rng.IntN(8)
	}
	return c
}

// SynthChunks is a mixed bag covering every record shape.
func SynthChunks(rng *rand.Rand, n int) []*chunk.Chunk {
	out := make([]*chunk.Chunk, 0, n)
	for i := range n {
		var c *chunk.Chunk
		switch i % 7 {
		case 0:
			c = RandomChunk(rng, false)
		case 1:
			c = RandomChunk(rng, true)
		case 2:
			c = HillChunk(rng, false)
		case 3:
			c = HillChunk(rng, true)
		case 4:
			c = UniformChunk(rng, 0)
		case 5:
			c = UniformChunk(rng, 1+rng.IntN(5))
		case 6:
			c = HillChunk(rng, false)
			AddStrata(rng, c, 40, 2)
		}
		out = append(out, c)
	}
	return out
}

// ChunkEqual compares two chunks, nil and empty Strata alike.
func ChunkEqual(a, b *chunk.Chunk) bool {
	if a.Cells != b.Cells || (a.StrataStart == nil) != (b.StrataStart == nil) {
		return false
	}
	if a.StrataStart != nil && *a.StrataStart != *b.StrataStart {
		return false
	}
	if len(a.Strata) != len(b.Strata) {
		return false
	}
	for i := range a.Strata {
		if a.Strata[i] != b.Strata[i] {
			return false
		}
	}
	return true
}
