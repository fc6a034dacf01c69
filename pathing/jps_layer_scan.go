package pathing

import (
	"math/bits"

	"shardcore/movement"
)

// plane is the layer's rows (or its transposed columns) as scans read
// them.
type plane struct {
	open, reg, ready []uint64
	stride, lines    int // words per padded line, lines on the map
}

// layerLine is one row (or column) of the flat layer as a scan reads it.
type layerLine struct {
	*plane
	rm, rn, rs     int // word offsets of the line and its two neighbours
	readyBase      int // ready bit of word 0
	goalLo, goalHi int // the goal square along the line
	goalLine       bool
}

// initLine sets ll to line (a row, or a column when vertical) of the
// layer; false when the line is off the map.
func (s *JPS) initLine(ll *layerLine, line int, vertical bool) bool {
	if vertical {
		ll.plane, ll.goalLo, ll.goalHi, ll.goalLine = &s.layer.cols, s.gy0, s.gy1, line >= s.gx0 && line <= s.gx1
	} else {
		ll.plane, ll.goalLo, ll.goalHi, ll.goalLine = &s.layer.rows, s.gx0, s.gx1, line >= s.gy0 && line <= s.gy1
	}
	ll.readyBase, ll.rm = (line>>4)*ll.stride, (line+1)*ll.stride
	ll.rn, ll.rs = ll.rm-ll.stride, ll.rm+ll.stride
	return uint(line) < uint(ll.lines)
}

// scanLayer is scan over the flat layer, 64 cells at a time.
func (s *JPS) scanLayer(line, pos, lim int, vertical, forward bool) (int, bool) {
	var ll layerLine
	if !s.initLine(&ll, line, vertical) {
		s.jst.Anomalies++
		return pos, true
	}
	k := pos >> 6 // unpadded word
	// the scan's first cell was entered by the caller's step: if the layer
	// does not call it open, a node is the safe answer
	first := uint64(1) << uint(pos&63)
	from := first | (first - 1)
	if forward {
		from = ^(first - 1)
	}
	open, and := ll.open, s.and
	for {
		s.work += 4
		if ri := ll.readyBase + k; ll.ready[ri>>6]&(1<<uint(ri&63)) == 0 {
			s.ensure(line, k, vertical)
		}
		i := k + 1
		m, n, so := open[ll.rm+i], open[ll.rn+i], open[ll.rs+i]
		if first == 0 && absInt(k<<6-pos) >= s.freeRun-64 { // a word after the first: past the node's f, stop at its first cell
			if p := k<<6 + 63*b2i(!forward); s.pastLimit(line, p, pos, vertical) {
				return p, m&(1<<uint(p&63)) != 0
			}
		}
		// forced cells (see forcedFwd): bit i of the "behind" words is the
		// cell the ray came from, of the "ahead" ones the cell it goes to
		nb := n<<1 | open[ll.rn+i-1]>>63
		sb := so<<1 | open[ll.rs+i-1]>>63
		na := n>>1 | open[ll.rn+i+1]<<63
		sa := so>>1 | open[ll.rs+i+1]<<63
		ma := m>>1 | open[ll.rm+i+1]<<63
		if !forward {
			nb, na, sb, sa, ma = na, nb, sa, sb, m<<1|open[ll.rm+i-1]>>63
		}
		stop := ma & ((^n & na) | (^so & sa))
		if and {
			stop = (n &^ nb) | (so &^ sb)
		}
		stop |= ^ll.reg[ll.rm+i] | first&^m | ll.stops(k, lim)
		blocked := ^m &^ first
		if ev := (stop | blocked) & from; ev != 0 {
			b := bits.TrailingZeros64(ev)
			if !forward {
				b = 63 - bits.LeadingZeros64(ev)
			}
			return k<<6 + b, blocked&(1<<uint(b)) == 0
		}
		first, from = 0, ^uint64(0)
		if k += 2*b2i(forward) - 1; k < 0 || k > ll.stride-3 {
			return 0, false
		}
	}
}

// stops marks the goal cells and the ray's cap lim in word k.
func (ll *layerLine) stops(k, lim int) uint64 {
	var stop uint64
	if ll.goalLine {
		stop = goalWord(ll.goalLo, ll.goalHi, k)
	}
	if lim>>6 == k {
		stop |= 1 << uint(lim&63)
	}
	return stop
}

// ensure fills the chunks under word k of a row (or column) of the layer.
func (s *JPS) ensure(line, k int, vertical bool) {
	if vertical {
		s.ensureV(line, k)
	} else {
		s.ensureH(line, k)
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// goalWord marks the goal positions lo..hi in word k.
func goalWord(lo, hi, k int) uint64 {
	base := k << 6
	lo, hi = max(lo, base)-base, min(hi, base+63)-base
	if lo > hi {
		return 0
	}
	return (^uint64(0) >> uint(63-hi)) &^ (uint64(1)<<uint(lo) - 1)
}

// layerCell returns (x, y)'s 3×3 open bits (see blockBits) and whether it
// is regular, from the layer; (x, y) must be on the map.
func (s *JPS) layerCell(x, y int) (nb uint8, reg bool) {
	l := &s.layer
	if ci := (y>>4)*l.wide + x>>4; l.filled[ci>>6]&(1<<uint(ci&63)) == 0 {
		s.fill(x>>4, y>>4)
	}
	row := (y + 1) * l.sh
	if l.reg[row+x>>6+1]&(1<<uint(x&63)) == 0 {
		return 0, false
	}
	p := x + 63 // position of x-1 in the padded line
	w, off := row+p>>6, uint(p&63)
	var a, b, c uint64
	if off <= 61 {
		a, b, c = l.open[w-l.sh]>>off, l.open[w]>>off, l.open[w+l.sh]>>off
	} else {
		a = l.open[w-l.sh]>>off | l.open[w-l.sh+1]<<(64-off)
		b = l.open[w]>>off | l.open[w+1]<<(64-off)
		c = l.open[w+l.sh]>>off | l.open[w+l.sh+1]<<(64-off)
	}
	return blockBits[a&7|(b&7)<<3|(c&7)<<6], true
}

// layerRegular reports whether (x, y) (on the map) is regular.
func (s *JPS) layerRegular(x, y int) bool {
	l := &s.layer
	if ci := (y>>4)*l.wide + x>>4; l.filled[ci>>6]&(1<<uint(ci&63)) == 0 {
		s.fill(x>>4, y>>4)
	}
	return l.reg[(y+1)*l.sh+x>>6+1]&(1<<uint(x&63)) != 0
}

// diagonalLayer is ray's diagonal loop on the flat layer (see ray): the
// cell tests of diagonalStep and the sub-rays' scans done in place.
func (s *JPS) diagonalLayer(parent int32, x, y int, d movement.Dir, gc, gd int32) {
	dx, dy := d.Offset()
	// the components: a vertical one (N or S) and a horizontal one (E or W)
	cv, ch := movement.North, movement.East
	if dy > 0 {
		cv = movement.South
	}
	if dx < 0 {
		ch = movement.West
	}
	w, h := s.layer.w, s.layer.h
	for k := int32(1); ; k++ {
		x, y = x+dx, y+dy
		if s.isGoal(x, y) || uint(x) >= uint(w) || uint(y) >= uint(h) {
			s.node(x, y, arrival{parent: parent, dir: d, gc: gc, gd: gd + k})
			return
		}
		nb, reg := s.layerCell(x, y)
		succ := jumpSucc[s.rule][d][nb]
		if !reg || succ&^natural[d] != 0 || k >= s.diagCap || (k >= s.freeDiag && s.st.cost(gc, gd+k)+s.heuristic(x, y) > s.fLim) {
			s.node(x, y, arrival{parent: parent, dir: d, gc: gc, gd: gd + k})
			return
		}
		s.work++
		s.rayG = s.st.cost(gc+1, gd+k)
		if succ&bit(cv) != 0 {
			if hy, ok := s.scanLayer(x, y+dy, y+dy-(s.rayCap-1)*(2*b2i(dy < 0)-1), true, dy > 0); ok {
				s.node(x, hy, arrival{parent: parent, dir: cv, gc: gc + int32(absInt(hy-y)), gd: gd + k, bdir: d, bsteps: k})
			}
		}
		if succ&bit(ch) != 0 {
			if hx, ok := s.scanLayer(y, x+dx, x+dx+(s.rayCap-1)*dx, false, dx > 0); ok {
				s.node(hx, y, arrival{parent: parent, dir: ch, gc: gc + int32(absInt(hx-x)), gd: gd + k, bdir: d, bsteps: k})
			}
		}
		if succ&bit(d) == 0 {
			return
		}
	}
}
