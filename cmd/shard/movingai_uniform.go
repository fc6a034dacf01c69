package main

import "github.com/shardcore/shardcore/world/movingai"

// gridBFS finds uniform-cost distances on a Moving AI grid by breadth-first
// search (8 directions, a diagonal only with both cardinal neighbours
// passable), independently of the movement rules, to judge --cost uniform
// runs. It keeps its buffers between searches.
type gridBFS struct {
	seen  []uint32 // generation per cell
	dist  []int32
	queue []int32
	gen   uint32
}

var bfsDX = [8]int{0, 1, 1, 1, 0, -1, -1, -1}
var bfsDY = [8]int{-1, -1, 0, 1, 1, 1, 0, -1}

// distance is the fewest steps from (sx, sy) to (gx, gy), or -1.
func (b *gridBFS) distance(g *movingai.Grid, sx, sy, gx, gy int) int {
	n := g.Width * g.Height
	if len(b.seen) != n {
		b.seen, b.dist, b.gen = make([]uint32, n), make([]int32, n), 0
	}
	b.gen++
	if !g.Passable(sx, sy) || !g.Passable(gx, gy) {
		return -1
	}
	start := sy*g.Width + sx
	b.queue = append(b.queue[:0], int32(start))
	b.seen[start], b.dist[start] = b.gen, 0
	for head := 0; head < len(b.queue); head++ {
		c := int(b.queue[head])
		x, y := c%g.Width, c/g.Width
		if x == gx && y == gy {
			return int(b.dist[c])
		}
		for d := 0; d < 8; d++ {
			nx, ny := x+bfsDX[d], y+bfsDY[d]
			if !g.Passable(nx, ny) || (d&1 == 1 && (!g.Passable(nx, y) || !g.Passable(x, ny))) {
				continue
			}
			i := ny*g.Width + nx
			if b.seen[i] == b.gen {
				continue
			}
			b.seen[i], b.dist[i] = b.gen, b.dist[c]+1
			b.queue = append(b.queue, int32(i))
		}
	}
	return -1
}
