package pathing

import (
	"math/bits"

	"shardcore/movement"
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
func (s *JPS) scan(line, pos int, vertical, forward bool) (int, bool) {
	lc, r := line>>4, uint(line&15)
	entered := true // pos was entered from the caller's cell
	for {
		pc := pos >> 4
		s.jst.Segments++
		var v *chunkView
		if vertical {
			v = s.view(lc, pc)
		} else {
			v = s.view(pc, lc)
		}
		if v.cn == nil {
			s.jst.Anomalies++
			return pos, true // cannot happen (an entered cell's chunk is resident); a node is always safe
		}
		var n, m, so uint32
		var reg uint16
		if vertical {
			n, m, so, reg = v.cn.OpenT[r], v.cn.OpenT[r+1], v.cn.OpenT[r+2], v.cn.RegT[r]
			if v.dyn {
				reg &^= v.dynRT[r]
			}
		} else {
			n, m, so, reg = v.cn.Open[r], v.cn.Open[r+1], v.cn.Open[r+2], v.cn.Reg[r]
			if v.dyn {
				reg &^= v.dynR[r]
			}
		}
		base := pc << 4
		p := uint(pos - base + 1) // bit of pos
		var forced, from uint32
		if forward {
			forced = s.forcedFwd(n, m, so)
			from = lineMask &^ (1<<p - 1)
		} else {
			forced = s.forcedBack(n, m, so)
			from = lineMask & (1<<(p+1) - 1)
		}
		first := uint32(1) << p
		stop := forced | ^(uint32(reg) << 1) | s.goalBits(line, pc, vertical)
		blocked := ^m
		if entered {
			// its openness was decided by the cell before it; if this map
			// does not call it open, a node is the safe answer
			stop |= first & blocked
			blocked &^= first
		}
		if ev := (stop | blocked) & from; ev != 0 {
			var k int
			if forward {
				k = bits.TrailingZeros32(ev)
			} else {
				k = 31 - bits.LeadingZeros32(ev)
			}
			if blocked&(1<<k) != 0 {
				return 0, false
			}
			return base + k - 1, true
		}
		// the segment's last cell is regular: its map knows the next cell
		if forward {
			if m&(1<<17) == 0 {
				return 0, false
			}
			pos = base + 16
		} else {
			if m&1 == 0 {
				return 0, false
			}
			pos = base - 1
		}
	}
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
// of the line.
func (s *JPS) goalBits(line, pc int, vertical bool) uint32 {
	lo, hi, a0, a1 := s.gx0, s.gx1, s.gy0, s.gy1
	if vertical {
		lo, hi, a0, a1 = s.gy0, s.gy1, s.gx0, s.gx1
	}
	if line < a0 || line > a1 {
		return 0
	}
	base := pc << 4
	lo, hi = max(lo, base-1)-base+1, min(hi, base+16)-base+1
	if lo > hi {
		return 0
	}
	return (uint32(1)<<(hi+1) - 1) &^ (uint32(1)<<lo - 1)
}

// straight runs scan for a ray that entered (x, y) moving in cardinal d.
func (s *JPS) straight(x, y int, d movement.Dir) (int, int, bool) {
	switch d {
	case movement.East, movement.West:
		hx, ok := s.scan(y, x, false, d == movement.East)
		return hx, y, ok
	default:
		hy, ok := s.scan(x, y, true, d == movement.South)
		return x, hy, ok
	}
}

// diagonalStep examines (x, y), entered by a diagonal step in d: stop
// reports that the ray must make a node there (a goal, a cell that is not
// regular, or one with a forced neighbour); otherwise succ is its natural
// directions that are allowed.
func (s *JPS) diagonalStep(x, y int, d movement.Dir) (succ uint8, stop bool) {
	s.jst.DiagSteps++
	if s.isGoal(x, y) {
		return 0, true
	}
	v := s.view(x>>4, y>>4)
	if v.cn == nil {
		s.jst.Anomalies++
		return 0, true
	}
	r := y & 15
	reg := v.cn.Reg[r]
	if v.dyn {
		reg &^= v.dynR[r]
	}
	if reg&(1<<(x&15)) == 0 {
		return 0, true
	}
	succ = jumpSucc[s.rule][d][v.block(x, y)]
	return succ, succ&^natural[d] != 0
}
