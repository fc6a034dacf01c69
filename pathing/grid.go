package pathing

import (
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/world"
)

// gridSide is the side of the dense node window of the bucket search.
const gridSide = 256

// nodeGrid is a dense node index over a gridSide² window centred between
// start and goal: one slot per cell holding the node of the first Z seen
// there, stamped with the search's generation so it is never cleared.
// States outside the window, or at a second Z of a cell, use the core's hash
// table; a state is only ever in one of the two, so each state is one node.
type nodeGrid struct {
	x0, y0 int
	gen    uint32
	stamp  []uint32
	idx    []int32
}

// reset centres the window for a search from start to goal.
func (g *nodeGrid) reset(start, goal world.Point) {
	if g.stamp == nil {
		g.stamp = make([]uint32, gridSide*gridSide)
		g.idx = make([]int32, gridSide*gridSide)
	}
	g.gen++
	if g.gen == 0 {
		clear(g.stamp)
		g.gen = 1
	}
	g.x0 = (start.X+goal.X)/2 - gridSide/2
	g.y0 = (start.Y+goal.Y)/2 - gridSide/2
}

// slot returns (x, y)'s slot, or -1 outside the window.
func (g *nodeGrid) slot(x, y int) int {
	gx, gy := x-g.x0, y-g.y0
	if uint(gx) >= gridSide || uint(gy) >= gridSide {
		return -1
	}
	return gy*gridSide + gx
}

// claim records node idx (the start) in its cell's slot.
func (g *nodeGrid) claim(x, y int, idx int32) {
	if i := g.slot(x, y); i >= 0 {
		g.stamp[i], g.idx[i] = g.gen, idx
	}
}

// upsertGrid is core.upsert through the grid: it records (x, y, z) at cost
// g from parent unless a cheaper or closed node is there, and reports the
// node's index and whether it changed.
func (s *Cached) upsertGrid(parent int32, d movement.Dir, x, y, z int, g float64) (int32, bool) {
	c, gr := &s.core, &s.grid
	i := gr.slot(x, y)
	if i < 0 {
		return c.upsert(parent, d, x, y, z, g)
	}
	if gr.stamp[i] != gr.gen {
		idx := int32(len(c.nodes))
		c.add(packKey(x, y, z), g, parent, d, x, y, z)
		gr.stamp[i], gr.idx[i] = gr.gen, idx
		return idx, true
	}
	idx := gr.idx[i]
	n := &c.nodes[idx]
	if int(n.z) != z {
		return c.upsert(parent, d, x, y, z, g)
	}
	if n.closed || g >= n.g {
		return idx, false
	}
	n.g, n.parent, n.dir = g, parent, d
	return idx, true
}
