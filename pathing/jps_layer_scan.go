package pathing

import "math/bits"

// scanLayer is scan over the flat layer, 64 cells at a time.
func (s *JPS) scanLayer(line, pos, lim int, vertical, forward bool) (int, bool) {
	l := &s.layer
	open, reg, stride, lines := l.open, l.reg, l.sh, l.h
	goalLo, goalHi := s.gx0, s.gx1
	goalLine := line >= s.gy0 && line <= s.gy1
	ready, readyBase := l.readyH, (line>>4)*stride
	if vertical {
		open, reg, stride, lines = l.openT, l.regT, l.sv, l.w
		goalLo, goalHi = s.gy0, s.gy1
		goalLine = line >= s.gx0 && line <= s.gx1
		ready, readyBase = l.readyV, (line>>4)*stride
	}
	if uint(line) >= uint(lines) {
		s.jst.Anomalies++
		return pos, true
	}
	rm := (line + 1) * stride
	rn, rs := rm-stride, rm+stride
	k := pos >> 6 // unpadded word
	last := stride - 3
	// the scan's first cell was entered by the caller's step: if the layer
	// does not call it open, a node is the safe answer
	first := uint64(1) << uint(pos&63)
	from := first | (first - 1)
	if forward {
		from = ^(first - 1)
	}
	for {
		s.jst.Segments++
		s.work += 4
		if ri := readyBase + k; ready[ri>>6]&(1<<uint(ri&63)) == 0 {
			if vertical {
				s.ensureV(line, k)
			} else {
				s.ensureH(line, k)
			}
		}
		i := k + 1
		m, n, so := open[rm+i], open[rn+i], open[rs+i]
		if first == 0 && absInt(k<<6-pos) >= s.freeRun-64 { // a word after the first: past the node's f, stop at its first cell
			p := k << 6
			if !forward {
				p += 63
			}
			if s.pastLimit(line, p, pos, vertical) {
				if m&(1<<uint(p&63)) == 0 {
					return 0, false
				}
				return p, true
			}
		}
		var forced uint64
		switch {
		case forward && s.and:
			forced = (n &^ (n<<1 | open[rn+i-1]>>63)) | (so &^ (so<<1 | open[rs+i-1]>>63))
		case forward:
			m1 := m>>1 | open[rm+i+1]<<63
			forced = m1 & ((^n & (n>>1 | open[rn+i+1]<<63)) | (^so & (so>>1 | open[rs+i+1]<<63)))
		case s.and:
			forced = (n &^ (n>>1 | open[rn+i+1]<<63)) | (so &^ (so>>1 | open[rs+i+1]<<63))
		default:
			m1 := m<<1 | open[rm+i-1]>>63
			forced = m1 & ((^n & (n<<1 | open[rn+i-1]>>63)) | (^so & (so<<1 | open[rs+i-1]>>63)))
		}
		stop := forced | ^reg[rm+i] | first&^m
		if goalLine {
			stop |= goalWord(goalLo, goalHi, k)
		}
		if lim>>6 == k {
			stop |= 1 << uint(lim&63)
		}
		blocked := ^m &^ first
		if ev := (stop | blocked) & from; ev != 0 {
			var b int
			if forward {
				b = bits.TrailingZeros64(ev)
			} else {
				b = 63 - bits.LeadingZeros64(ev)
			}
			if blocked&(1<<uint(b)) != 0 {
				return 0, false
			}
			return k<<6 + b, true
		}
		first, from = 0, ^uint64(0)
		if forward {
			if k++; k > last {
				return 0, false
			}
		} else if k--; k < 0 {
			return 0, false
		}
	}
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
