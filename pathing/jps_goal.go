package pathing

import (
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/world"
)

// goalArea is the goal square: the cells within a request's Range of its
// Goal.
type goalArea struct {
	x0, y0, x1, y1 int
}

// set makes the square the cells within rng (≥ 0) of p.
func (g *goalArea) set(p world.Point, rng int) {
	g.x0, g.x1, g.y0, g.y1 = p.X-rng, p.X+rng, p.Y-rng, p.Y+rng
}

// contains reports whether (x, y) is within the square.
func (g *goalArea) contains(x, y int) bool {
	return x >= g.x0 && x <= g.x1 && y >= g.y0 && y <= g.y1
}

// Reaching the goal within the expanding node's f ends the search: the
// open set holds no node of lower f (the expanding node's f is the least),
// and every optimal path has a node open, parked or being made of f at
// most its cost (doc.go), so a goal node of cost at most that f is
// optimal; A* would pop it next. The expansion stops there (JPS.reached),
// and the diagonal ray toward the goal square tries the way it would
// reach it before it runs the rest of its sub-rays (goalWay): under the
// uniform cost the last expansion of a long search is often a diagonal
// ray across open country to the goal, whose sub-rays all end above the
// final f.

// How many steps a diagonal ray takes before it tries the way into the
// goal square (see goalTry), under the octile and the uniform cost.
const (
	goalFromOctile  = 16
	goalFromUniform = 4
)

// goalWay tries, at step j of the diagonal ray in d from (x, y) (reached
// at (gc, gd), ending at step end; the goal square ahead on both axes),
// before the sub-rays of step j and after are run, the way it reaches the
// goal square soonest: straight on into it, or along it to the first cell
// in line with the square, then by that cell's sub-ray into it. When
// every cell from step j on passes the ray on (as diagonalLayer walks
// them) and the way costs no more than the expanding node's f (from the
// ray's origin, the expanding node, it costs the heuristic: its diagonal
// steps are the lesser distance, its straight ones the difference), it
// makes the goal node the walk would, which ends the search (see expand):
// the ray's other sub-rays need not run. It reports whether it did.
func (s *JPS) goalWay(parent int32, x, y int, d movement.Dir, c *diagRay, gc, gd, j, end int32) bool {
	kx, ky := stepsInto(x, c.dx, s.goal.x0, s.goal.x1), stepsInto(y, c.dy, s.goal.y0, s.goal.y1)
	k, m := min(kx, ky), max(kx, ky)-min(kx, ky) // diagonal steps, then straight ones
	if k < j || k > end || m > 0 && k == end || s.st.cost(gc+m, gd+k) > s.rays.fLim {
		return false
	}
	l := &s.layer
	tbl := &diagStep[s.mover.rule][d>>1]
	di := c.dy*l.cells.w + c.dx
	i := y*l.cells.w + x + int(j-1)*di
	if !diagClear(l.cells.blk, l.diag.of(uint(s.mover.rule), d, s.opt.runsOff), tbl, i, di, k-j, c.bd) {
		return false
	}
	i += int(k-j+1) * di // step k's cell
	x, y = x+int(k)*c.dx, y+int(k)*c.dy
	s.spent.work += int(k)
	if m == 0 {
		s.rays.reached = s.node(x, y, &arrival{parent: parent, dir: d, gc: gc, gd: gd + k})
		return s.rays.reached
	}
	cv := movement.East // in line with the square's rows first: along them
	switch {
	case kx < ky: // with its columns
		cv = movement.South - movement.Dir(4*b2i(c.dy < 0))
	case c.dx < 0:
		cv = movement.West
	}
	if t := tbl[l.cells.blk[i]]; t > 0xFF || uint8(t)&bit(cv) == 0 {
		return false
	}
	// the sub-ray's first goal cell is the way's (its cells before pass,
	// and cost no more, so no f limit stops it)
	hx, hy, made := s.subRay(parent, x, y, d, cv, gc, gd+k, k)
	s.rays.reached = made && s.goal.contains(hx, hy)
	return s.rays.reached
}

// diagClear reports whether the n steps of a diagonal ray after layer
// cell i (a step di; tbl its diagStep table, bd its own direction's bit)
// pass the ray on: none stops it (a cell not regular, or not copied in
// yet, or with a forced neighbour) and each allows the next diagonal step.
// The ray's diagonal runs (nil: none) pass their quiet cells, which do, at
// once.
func diagClear(blk, runs []uint8, tbl *[256]uint16, i, di int, n int32, bd uint8) bool {
	for n > 0 {
		i += di
		if runs != nil && runs[i] != 0 { // cells i.. of the run pass
			m := min(int32(runs[i]), n)
			i, n = i+int(m-1)*di, n-m
			continue
		}
		if t := tbl[blk[i]]; t > 0xFF || uint8(t)&bd == 0 {
			return false
		}
		n--
	}
	return true
}

// stepsInto is how many steps of dv (±1) from v reach [lo, hi], which lies
// ahead.
func stepsInto(v, dv, lo, hi int) int32 {
	if dv > 0 {
		return int32(lo - v)
	}
	return int32(v - hi)
}

// subRay runs the sub-ray in cardinal c from (x, y), the k-th cell of a
// diagonal ray in d from parent, reached at (gc, gd), and makes its node:
// the node's cell, and whether it was offered to the store (see node). On
// the flat layer a jump node's straight ray in c is one of k = 0 (d = c).
func (s *JPS) subRay(parent int32, x, y int, d, c movement.Dir, gc, gd, k int32) (int, int, bool) {
	s.rays.g = s.st.cost(gc+1, gd)
	dx, dy := c.Offset()
	if c == movement.North || c == movement.South {
		if hy, ok := s.sub(&s.rays.subs[c>>1], x, y+dy); ok {
			return x, hy, s.node(x, hy, &arrival{parent: parent, dir: c, gc: gc + int32(absInt(hy-y)), gd: gd, bdir: d, bsteps: k})
		}
		return x, y, false
	}
	if hx, ok := s.sub(&s.rays.subs[c>>1], y, x+dx); ok {
		return hx, y, s.node(hx, y, &arrival{parent: parent, dir: c, gc: gc + int32(absInt(hx-x)), gd: gd, bdir: d, bsteps: k})
	}
	return x, y, false
}

// goalBits marks (bit k: position pc*16+k-1) the goal cells of segment pc
// of a line that crosses the goal square.
func (g *goalArea) bits(pc int, vertical bool) uint32 {
	lo, hi := g.x0, g.x1
	if vertical {
		lo, hi = g.y0, g.y1
	}
	base := pc << 4
	lo, hi = max(lo, base-1)-base+1, min(hi, base+16)-base+1
	if lo > hi {
		return 0
	}
	return (uint32(1)<<(hi+1) - 1) &^ (uint32(1)<<lo - 1)
}

// scanEnd is the last cell a scan from pos may pass without a stop: the
// nearer of its cap lim and the goal square's first cell ahead.
func (g *goalArea) scanEnd(line, pos, lim int, vertical, forward bool) int {
	glo, ghi, gline := g.x0, g.x1, line >= g.y0 && line <= g.y1
	if vertical {
		glo, ghi, gline = g.y0, g.y1, line >= g.x0 && line <= g.x1
	}
	if forward {
		if gline && ghi >= pos {
			return min(lim, max(glo, pos))
		}
		return lim
	}
	if gline && glo <= pos {
		return max(lim, min(ghi, pos))
	}
	return lim
}
