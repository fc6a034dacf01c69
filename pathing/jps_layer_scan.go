package pathing

import "math/bits"

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// layerCell returns (x, y)'s 3×3 open bits (see blockBits) and whether it
// is regular, from the layer; (x, y) must be on the map.
func (s *JPS) layerCell(x, y int) (nb uint8, reg bool) {
	l := &s.layer
	row := (y + 1) * l.rows.stride
	if l.rows.reg[row+x>>6+1]&(1<<uint(x&63)) == 0 {
		// not regular, or its chunk not copied in yet
		if ci := (y>>4)*l.wide + x>>4; l.fills.filled[ci>>6]&(1<<uint(ci&63)) != 0 {
			return 0, false
		}
		s.fill(x>>4, y>>4)
		if l.rows.reg[row+x>>6+1]&(1<<uint(x&63)) == 0 {
			return 0, false
		}
	}
	return blockBits[block9(l.rows.open, row, x, l.rows.stride)], true
}

// block9 is the 3×3 block of a padded layer bitmap around (x, y), row the
// offset of y's line (lines sh words apart): bit 3r+c is column x-1+c of
// line y-1+r.
func block9(bits []uint64, row, x, sh int) uint {
	p := x + 63 // position of x-1 in the padded line
	w, off := row+p>>6, uint(p&63)
	var a, b, c uint64
	if off <= 61 {
		a, b, c = bits[w-sh]>>off, bits[w]>>off, bits[w+sh]>>off
	} else {
		a = bits[w-sh]>>off | bits[w-sh+1]<<(64-off)
		b = bits[w]>>off | bits[w+1]<<(64-off)
		c = bits[w+sh]>>off | bits[w+sh+1]<<(64-off)
	}
	return uint(a&7 | (b&7)<<3 | (c&7)<<6)
}

// layerBlock is layerCell's open bits for a regular cell, 0 for a cell
// that is not regular; (x, y) must be on the map.
func (s *JPS) layerBlock(x, y int) uint8 {
	l := &s.layer
	if nb := l.cells.blk[y*l.cells.w+x]; nb != 0 {
		return nb
	}
	if nb, reg := s.layerCell(x, y); reg {
		return nb
	}
	return 0
}

// layerRegular reports whether (x, y) (on the map) is regular.
func (s *JPS) layerRegular(x, y int) bool {
	l := &s.layer
	i := (y+1)*l.rows.stride + x>>6 + 1
	if l.rows.reg[i]&(1<<uint(x&63)) != 0 {
		return true
	}
	if ci := (y>>4)*l.wide + x>>4; l.fills.filled[ci>>6]&(1<<uint(ci&63)) != 0 {
		return false
	}
	s.fill(x>>4, y>>4)
	return l.rows.reg[i]&(1<<uint(x&63)) != 0
}

// scanLayer is scan over the flat layer, 64 cells at a time: the first cell
// at which the ray must make a node (a goal cell, the cap lim, a cell that
// is not regular or has a forced neighbour), or false when it runs into a
// blocked cell first.
func (s *JPS) scanLayer(line, pos, lim int, vertical, forward bool) (int, bool) {
	p := &s.layer.rows
	if vertical {
		p = &s.layer.cols
	}
	if uint(line) >= uint(p.lines) {
		s.jst.Anomalies++
		return pos, true
	}
	return s.runLayer(p, p.pass[s.mover.rule][b2i(forward)], line, pos, pos, s.goal.scanEnd(line, pos, lim, vertical, forward), vertical, forward)
}

// runLayer is scanLayer over plane p with its pass bits for the direction,
// its words read from cell at on (the cells from pos to at pass); end is
// the last cell it may pass without a stop. A cell of a chunk not
// copied in yet has no pass bit, an event: the scan stops there, at a node
// when the layer calls the cell open. That is the cell's true open bit:
// the cell before it passed, so it is regular and its copied map knows its
// block. The node copies the chunk in (see regular); its expansion takes
// the ray on.
func (s *JPS) runLayer(p *plane, pass []uint64, line, pos, at, end int, vertical, fwd bool) (int, bool) {
	stride := p.stride
	k, kEnd, k0 := at>>6, end>>6, pos>>6
	row := (line+1)*stride + 1
	from := ^uint64(0) >> uint(63-at&63)
	step, last, edge, far := -1, -1, 63, s.rays.freeRun-64
	if fwd {
		from = ^uint64(0) << uint(at&63)
		step, last, edge = 1, stride-2, 0
	}
	words := 1
	for {
		// a word after pos's: past the node's f, stop at its first cell
		if c := k<<6 + edge; k != k0 && absInt(c-pos) >= far && s.pastLimit(line, c, pos, vertical) {
			s.spent.work += 4 * words
			return c, p.open[row+k]&(1<<uint(edge)) != 0
		}
		ev := ^pass[row+k] & from
		if k == kEnd {
			ev |= 1 << uint(end&63)
		}
		if ev != 0 {
			b := bits.TrailingZeros64(ev)
			if !fwd {
				b = 63 - bits.LeadingZeros64(ev)
			}
			s.spent.work += 4 * words
			// the first cell was entered by the caller's step: a node
			return k<<6 + b, k<<6+b == pos || p.open[row+k]&(1<<uint(b)) != 0
		}
		if k += step; k == last {
			s.spent.work += 4 * words
			return 0, false
		}
		words++
		from = ^uint64(0)
	}
}
