package pathing

import (
	"math/bits"

	"github.com/shardcore/shardcore/movement"
)

// subRay is one of the four straight rays as the flat layer scans them
// (a diagonal ray's sub-rays, and the rays of jump nodes): its plane, pass
// and open bits, direction, and the lines on which it takes scanLayer's
// general path (goal lines, where the goal square stops it). Off them a
// wide ray (octile: its free run is two words or more) is scanned 64 cells
// at a time from where it starts, its f limit checked at the start of
// each 64 cells after the first (see pastLimit), its cap the capWin-th
// 64 cells' capDist-th.
type subRay struct {
	p                   *plane
	pass, open          []uint64
	stride, sign        int
	fwd, vertical, wide bool
	dir                 movement.Dir
	slowLo, slowHi      int
	capWin, capDist     int
}

// setSubs prepares the sub-rays of the four cardinals for a search (the
// layer's, its goal's, its cost model's and its rule's), on its first
// jump node (short searches have none).
func (s *JPS) setSubs() {
	s.rays.subsSet = true
	for i := range s.rays.subs {
		s.setSub(&s.rays.subs[i], movement.Dir(2*i))
	}
}

// setSub prepares r for the sub-ray in cardinal c.
func (s *JPS) setSub(r *subRay, c movement.Dir) {
	r.dir = c
	r.vertical = c == movement.North || c == movement.South
	r.fwd = c == movement.East || c == movement.South
	r.p, r.slowLo, r.slowHi = &s.layer.rows, s.goal.y0, s.goal.y1
	if r.vertical {
		r.p, r.slowLo, r.slowHi = &s.layer.cols, s.goal.x0, s.goal.x1
	}
	r.pass, r.open, r.stride = r.p.pass[s.mover.rule][b2i(r.fwd)], r.p.open, r.p.stride
	r.sign = 2*b2i(r.fwd) - 1
	r.wide = s.rays.freeRun >= 128
	r.capWin, r.capDist = (s.rays.cap-1)/64, (s.rays.cap-1)%64
	if s.rays.cap <= 64 { // the cap may fall in the first word
		r.slowLo, r.slowHi = -1<<30, 1<<30
	}
}

// sub runs sub-ray r along line from pos (entered by an allowed step):
// scanLayer's answer (up to where the f limit stops it, see subRay); a
// ray that is not wide reads the rest of pos's word before scanLayer's
// path.
func (s *JPS) sub(r *subRay, line, pos int) (int, bool) {
	if line >= r.slowLo && line <= r.slowHi {
		return s.subSlow(r, line, pos)
	}
	row := (line+1)*r.stride + 1
	if !r.wide {
		return s.subNarrow(r, line, pos, row)
	}
	if dist := r.window(row, pos); dist < 64 {
		s.spent.work += 4
		c := pos + r.sign*dist
		return c, dist == 0 || r.open[row+c>>6]&(1<<uint(c&63)) != 0
	}
	return s.subLong(r, line, pos)
}

// subNarrow is sub for a ray that is not wide.
func (s *JPS) subNarrow(r *subRay, line, pos, row int) (int, bool) {
	i, off := row+pos>>6, uint(pos&63)
	var c int
	if r.fwd {
		ev := ^r.pass[i] & (^uint64(0) << off)
		c = pos&^63 + bits.TrailingZeros64(ev)
	} else {
		ev := ^r.pass[i] & (^uint64(0) >> (63 - off))
		c = pos&^63 + 63 - bits.LeadingZeros64(ev)
	}
	if c>>6 == pos>>6 { // an event in pos's word
		s.spent.work += 4
		return c, c == pos || r.open[row+c>>6]&(1<<uint(c&63)) != 0
	}
	return s.subSlow(r, line, pos)
}

// window is the distance from cell c of the line at row (its first word)
// to the first event of r's 64 cells from c (64: none).
func (r *subRay) window(row, c int) int {
	i, off := row+c>>6, uint(c&63)
	// (two shifts where one of 64 could be needed: shifts below 64 need no
	// code for Go's wider ones)
	if r.fwd {
		return bits.TrailingZeros64(^(r.pass[i]>>off | r.pass[i+1]<<1<<(63-off)))
	}
	return bits.LeadingZeros64(^(r.pass[i]<<(63-off) | r.pass[i-1]>>1>>off))
}

// subLong is sub past the first 64 cells from pos (which pass).
func (s *JPS) subLong(r *subRay, line, pos int) (int, bool) {
	row := (line+1)*r.stride + 1
	for j, c := 1, pos+64*r.sign; ; j, c = j+1, c+64*r.sign {
		// the cells before c pass, so c is on the map or its padding
		if s.pastLimit(line, c, pos, r.vertical) {
			s.spent.work += 4 * j
			return c, r.open[row+c>>6]&(1<<uint(c&63)) != 0
		}
		dist := r.window(row, c)
		if j == r.capWin {
			dist = min(dist, r.capDist)
		}
		if dist < 64 {
			s.spent.work += 4 * (j + 1)
			e := c + r.sign*dist
			return e, r.open[row+e>>6]&(1<<uint(e&63)) != 0
		}
	}
}

// subSlow is sub by scanLayer.
func (s *JPS) subSlow(r *subRay, line, pos int) (int, bool) {
	lim := pos + s.rays.cap - 1
	if !r.fwd {
		lim = pos - s.rays.cap + 1
	}
	if uint(line) >= uint(r.p.lines) {
		return s.scanLayer(line, pos, lim, r.vertical, r.fwd)
	}
	return s.runLayer(r.p, r.pass, line, pos, pos, s.goal.scanEnd(line, pos, lim, r.vertical, r.fwd), r.vertical, r.fwd)
}
