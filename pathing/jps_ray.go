package pathing

import (
	"math/bits"

	"github.com/shardcore/shardcore/movement"
)

// lineMask is the bits of a 16-cell segment in an 18-bit row (bit 0 is the
// cell before the segment, bit 17 the one after).
const lineMask = 0x1FFFE

// scan runs a straight ray along a row (vertical false: cells (pos, line))
// or a column (vertical true: cells (line, pos)), forward (increasing pos)
// or backward, over 16-cell segments of the chunks' canonical maps. The ray
// has already entered pos by an allowed step. It returns the first cell at
// which the search must make a node (a goal cell, a cell that is not
// regular, or one with a forced neighbour), or false when the ray runs into
// a blocked cell first.
func (s *JPS) scan(line, pos, lim int, vertical, forward bool) (int, bool) {
	t := &s.views
	lc := line >> 4
	pc, pos0 := pos>>4, pos
	ci, step, limit := lc*t.wide+pc, 1, t.wide
	if vertical {
		ci, step, limit = pc*t.wide+lc, t.wide, t.high
	}
	if uint(lc) >= uint(t.wide+t.high-limit) { // the line is off the map
		s.jst.Anomalies++
		return pos, true
	}
	// the first cell of a segment was entered from the cell before it,
	// which decided its openness; if this map does not call it open, a
	// node is the safe answer
	first := uint32(1) << uint(pos&15+1)
	from := lineMask & (first<<1 - 1)
	if forward {
		from = lineMask &^ (first - 1)
	} else {
		step = -step
	}
	for {
		s.work++
		if uint(pc) >= uint(limit) {
			s.jst.Anomalies++
			return pos, true
		}
		v := s.lineView(ci, lc, pc, vertical)
		if v.cn == nil {
			s.jst.Anomalies++
			return pos, true // cannot happen (an entered cell's chunk is resident); a node is always safe
		}
		m, ev, blocked, past := s.segmentEvents(v, line, pc, pos0, lim, first, vertical, forward)
		if past >= 0 { // past the node's f: stop at the segment's first cell
			return past, m&(1<<uint(past&15+1)) != 0
		}
		if ev &= from; ev != 0 {
			k := bits.TrailingZeros32(ev)
			if !forward {
				k = 31 - bits.LeadingZeros32(ev)
			}
			return pc<<4 + k - 1, blocked&(1<<k) == 0
		}
		// the segment's last cell is regular: its map knows the next cell
		if forward && m&(1<<17) == 0 || !forward && m&1 == 0 {
			return 0, false
		}
		first = 1 << 16
		if forward {
			first = 1 << 1
		}
		pc += 2*b2i(forward) - 1
		ci += step
		from = lineMask
		pos = pc << 4
	}
}

// lineView is the view of chunk ci, at (pc, lc) along a row or (lc, pc)
// along a column.
func (s *JPS) lineView(ci, lc, pc int, vertical bool) *chunkView {
	t := &s.views
	if e := t.index[ci]; e>>viewGenShift == t.gen {
		return &t.views[e&viewIdxMask]
	}
	if vertical {
		return s.fetchView(lc, pc, ci)
	}
	return s.fetchView(pc, lc, ci)
}

// segmentEvents reads segment pc of a line from chunk view v: its open
// row m, its events (stops and blocked cells, 18-bit, bit k = position
// pc*16+k-1) and blocked cells. On a segment after the first (first is its
// first cell) whose first cell is past the expanding node's f, past is that
// cell (else -1).
func (s *JPS) segmentEvents(v *chunkView, line, pc, pos0, lim int, first uint32, vertical, forward bool) (m, ev, blocked uint32, past int) {
	cn, r := v.cn, uint(line&15)
	var n, so uint32
	var reg uint16
	if vertical {
		n, m, so, reg = cn.OpenT[r], cn.OpenT[r+1], cn.OpenT[r+2], cn.RegT[r]
		if s.dyn.active {
			reg = s.regRow(v, line>>4, pc, r, true)
		}
	} else {
		n, m, so, reg = cn.Open[r], cn.Open[r+1], cn.Open[r+2], cn.Reg[r]
		if s.dyn.active {
			reg = s.regRow(v, pc, line>>4, r, false)
		}
	}
	if first != 1<<uint(pos0&15+1) || pc != pos0>>4 {
		if p := pc<<4 + 15*b2i(!forward); s.pastLimit(line, p, pos0, vertical) {
			return m, 0, 0, p
		}
	}
	stop := s.forcedFwd(n, m, so)
	if !forward {
		stop = s.forcedBack(n, m, so)
	}
	stop |= ^(uint32(reg) << 1) | first&^m
	if line >= s.gy0 && line <= s.gy1 && !vertical || line >= s.gx0 && line <= s.gx1 && vertical {
		stop |= s.goalBits(pc, vertical)
	}
	if lim>>4 == pc {
		stop |= 1 << uint(lim&15+1)
	}
	blocked = ^m &^ first
	return m, stop | blocked, blocked, -1
}

// forcedFwd marks (bit k) the cells of the middle row m that have a forced
// neighbour when entered moving toward higher bits; n and so are the rows
// on either side.
func (s *JPS) forcedFwd(n, m, so uint32) uint32 {
	if s.and {
		// side cell open, the one behind it blocked
		return (n &^ (n << 1)) | (so &^ (so << 1))
	}
	// side cell blocked, the diagonal ahead open, the cell ahead open
	return (m >> 1) & ((^n & (n >> 1)) | (^so & (so >> 1)))
}

// forcedBack is forcedFwd moving toward lower bits.
func (s *JPS) forcedBack(n, m, so uint32) uint32 {
	if s.and {
		return (n &^ (n >> 1)) | (so &^ (so >> 1))
	}
	return (m << 1) & ((^n & (n << 1)) | (^so & (so << 1)))
}

// goalBits marks (bit k: position pc*16+k-1) the goal cells of segment pc
// of a line that crosses the goal square.
func (s *JPS) goalBits(pc int, vertical bool) uint32 {
	lo, hi := s.gx0, s.gx1
	if vertical {
		lo, hi = s.gy0, s.gy1
	}
	base := pc << 4
	lo, hi = max(lo, base-1)-base+1, min(hi, base+16)-base+1
	if lo > hi {
		return 0
	}
	return (uint32(1)<<(hi+1) - 1) &^ (uint32(1)<<lo - 1)
}

// straight runs scan for a ray that entered (x, y) moving in cardinal d,
// off the flat layer (on it rays run as subRay). A ray that runs rayCap
// cells without an event stops there too (a node: its expansion goes on),
// so that rays away from the goal wait in the open set by their cost
// instead of crossing the map.
func (s *JPS) straight(x, y int, d movement.Dir) (int, int, bool) {
	line, pos, vertical, forward := y, x, false, true
	switch d {
	case movement.West:
		forward = false
	case movement.South:
		line, pos, vertical = x, y, true
	case movement.North:
		line, pos, vertical, forward = x, y, true, false
	}
	lim := pos + s.rayCap - 1
	if !forward {
		lim = pos - s.rayCap + 1
	}
	h, ok := s.scan(line, pos, lim, vertical, forward)
	if vertical {
		return x, h, ok
	}
	return h, y, ok
}

// diagonalStep examines (x, y), entered by a diagonal step in d: stop
// reports that the ray must make a node there (a goal, a cell that is not
// regular, or one with a forced neighbour); otherwise succ is its natural
// directions that are allowed.
func (s *JPS) diagonalStep(x, y int, d movement.Dir) (succ uint8, stop bool) {
	s.work++
	if s.isGoal(x, y) {
		return 0, true
	}
	if s.useLayer {
		if uint(x) >= uint(s.layer.w) || uint(y) >= uint(s.layer.h) {
			s.jst.Anomalies++
			return 0, true
		}
		nb, reg := s.layerCell(x, y)
		if !reg {
			return 0, true
		}
		succ = jumpSucc[s.rule][d][nb]
		return succ, succ&^natural[d] != 0
	}
	v := s.view(x>>4, y>>4)
	if v.cn == nil {
		s.jst.Anomalies++
		return 0, true
	}
	if s.regRow(v, x>>4, y>>4, uint(y&15), false)&(1<<(x&15)) == 0 {
		return 0, true
	}
	succ = jumpSucc[s.rule][d][v.block(x, y)]
	return succ, succ&^natural[d] != 0
}

// pastLimit reports whether cell p of a straight ray (line, and position p
// along it; the ray entered position pos0 at cost s.rayG) costs more than
// the expanding node's f allows: f = g + h beyond s.fLim. A ray stops at a
// node there (any cell of a ray may be a node: its expansion goes on where
// the ray left off), so rays that head away from the goal wait in the open
// set by their f instead of crossing the map.
func (s *JPS) pastLimit(line, p, pos0 int, vertical bool) bool {
	if absInt(p-pos0) < s.freeRun {
		return false
	}
	x, y := p, line
	if vertical {
		x, y = line, p
	}
	return s.rayG+float64(absInt(p-pos0))+s.heuristic(x, y) > s.fLim
}
