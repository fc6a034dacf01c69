package pathing

import "github.com/shardcore/shardcore/movement"

// Diagonal runs: JPS+'s diagonal jump distances, over the flat layer. Per
// cell, rule and diagonal, how many cells from that one on a diagonal ray
// passes without doing anything (see diagQuiet): the cell is regular, has
// no forced neighbour, the ray goes on from it, and the straight rays its
// components would start are dead (the same test diagonalLayer makes cell
// by cell). diagonalLayer then crosses such a run with one read instead
// of a read of two bytes per cell; on a map of open rooms most of a
// diagonal ray's cells are in one. While the runs are built a diagonal
// ray makes no node where it passes the expanding node's f (freeDiag): it
// goes on to its end or cap (see diagonalLayer).
//
// The runs are built by PrepareLayer, once the whole map is copied in, for
// its mover's diagonal rule, and only for maps of up to maxDiagRunCells
// cells (4 bytes a cell a rule). They are read from the layer's block and
// dead bytes, so any later change to those (a chunk copied in, the copy
// cleared) drops them and the rays step cell by cell again until the next
// PrepareLayer.

// maxDiagRunCells bounds the maps the diagonal runs are built for: 4
// bytes a cell a rule, 16 MiB at most (every Moving AI benchmark map; not
// Britannia's, whose searches stay local and copy in chunks as they go).
const maxDiagRunCells = 1 << 22

// diagRuns is the layer's diagonal runs.
type diagRuns struct {
	// runs[rule][d>>1][cell]: the quiet cells from the cell on along
	// diagonal d (0: the cell is not quiet), at most 255
	runs [2][4][]uint8
	ok   [2]bool // per rule: built, and the layer unchanged since
}

// drop forgets the runs (the layer changed).
func (r *diagRuns) drop() { r.ok = [2]bool{} }

// diagQuiet reports whether a diagonal ray in the direction of table tbl
// (diagStep[rule][d>>1]; c its diagConst) passes a cell with block byte
// blk and dead byte dead without stopping, starting a sub-ray or ending.
func diagQuiet(tbl *[256]uint16, c *diagRay, rule uint, blk, dead uint8) bool {
	t := tbl[blk]
	succ := uint8(t)
	return t <= 0xFF && succ&^(dead>>rule&0x55)&c.bvh == 0 && succ&c.bd != 0
}

// buildDiagRuns computes rule's diagonal runs from the block and dead
// bytes (a map too large for them keeps none).
func (l *layer) buildDiagRuns(rule int) {
	l.diag.ok[rule] = false
	cw := l.cells.w
	if cw == 0 || len(l.cells.blk) > maxDiagRunCells {
		return
	}
	ch := len(l.cells.blk) / cw
	for q := range 4 {
		c, tbl := &diagConst[q], &diagStep[rule][q]
		r := l.diag.runs[rule][q]
		if len(r) != cw*ch {
			r = make([]uint8, cw*ch)
			l.diag.runs[rule][q] = r
		}
		// a cell's run needs the next cell's along the ray: rows
		// in the order against the ray's dy
		for yy := range ch {
			y := yy
			if c.dy > 0 {
				y = ch - 1 - yy
			}
			ny := y + c.dy
			for x := range cw {
				i := y*cw + x
				var n uint8
				if diagQuiet(tbl, c, uint(rule), l.cells.blk[i], l.cells.dead[i]) {
					n = 1
					if nx := x + c.dx; uint(nx) < uint(cw) && uint(ny) < uint(ch) {
						n = uint8(min(int(r[ny*cw+nx])+1, 255))
					}
				}
				r[i] = n
			}
		}
	}
	l.diag.ok[rule] = true
}

// of is rule's runs along diagonal d (nil: none built, or off asks for
// stepping cell by cell).
func (r *diagRuns) of(rule uint, d movement.Dir, off bool) []uint8 {
	if !r.ok[rule] || off {
		return nil
	}
	return r.runs[rule][d>>1]
}

// goalSpan is the steps of a diagonal ray that cross the goal square's
// columns (v0..v1) and rows (h0..h1), where the ray must run its sub-rays
// even when dead (goalRays); an empty range has its low end above its
// high.
type goalSpan struct{ v0, v1, h0, h1 int32 }

// noGoalSpan is the goalSpan of a ray that crosses no goal line (empty).
var noGoalSpan = goalSpan{1, 0, 1, 0}

// goalSteps is the goalSpan of a diagonal ray from (x, y) in c.
func (s *JPS) goalSteps(x, y int, c *diagRay) goalSpan {
	v, h := &s.rays.subs[movement.North>>1], &s.rays.subs[movement.East>>1]
	v0, v1 := stepRange(x, c.dx, v.slowLo, v.slowHi)
	h0, h1 := stepRange(y, c.dy, h.slowLo, h.slowHi)
	return goalSpan{v0, v1, h0, h1}
}

// stepRange is the steps k at which p + k*dp lies in lo..hi.
func stepRange(p, dp, lo, hi int) (int32, int32) {
	a, b := lo-p, hi-p
	if dp < 0 {
		a, b = p-hi, p-lo
	}
	return int32(max(min(a, 1<<30), -1<<30)), int32(max(min(b, 1<<30), -1<<30))
}

// before is how many steps from k on come before the span's next goal
// step (0 when k is one).
func (q goalSpan) before(k int32) int32 {
	return min(gapTo(k, q.v0, q.v1), gapTo(k, q.h0, q.h1))
}

// gapTo is how many steps from k on come before the range a..b.
func gapTo(k, a, b int32) int32 {
	switch {
	case a > b || k > b:
		return 1 << 30
	case k >= a:
		return 0
	}
	return a - k
}
