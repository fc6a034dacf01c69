package pathing

import (
	"math/bits"

	"github.com/shardcore/shardcore/movement"
)

// fSlack is how far past the expanding node's f a ray may run before it
// stops at a node (see pastLimit).
const fSlack = 1e-9

// Free runs: how far a straight ray runs, and how many steps a diagonal
// one takes, before the f limit applies, under the octile cost and under
// the uniform cost. Under the uniform cost moving across the goal's
// direction leaves f unchanged over wide areas, so its diagonal rays are
// held shorter, and so are its straight rays off the flat layer (16-cell
// segment scans). On the flat layer a uniform straight ray gets the
// octile's wide scan (64 cells from where it starts in one read) with a
// free run of 128 cells: a diagonal ray's sub-ray past its free run makes
// a node (most parked above the final f, never expanded), and at 32 cells
// almost every sub-ray in open country would make one.
const (
	freeRunOctile       = 256
	freeDiagOctile      = 16
	freeRunUniform      = 32
	freeRunUniformLayer = 128
	freeDiagUniform     = 4
)

// Ray caps (see straight): long enough that rays between obstacles on the
// benchmark maps seldom reach them, short enough that a ray across open
// country does not scan it all.
const (
	defaultRayCap  = 1024
	defaultDiagCap = 1024
)

// rayState is what the rays of the node being expanded read and share:
// the f limit past which they stop, the cost of the straight ray being
// scanned, the free runs and caps of the search's cost model, and the
// sub-rays set up for the flat layer.
type rayState struct {
	// reached says a ray of the expanding node made a goal node of cost
	// within its f: the rest of the expansion is not needed (see expand)
	reached bool
	fLim    float64 // the expanding node's f (+slack): rays stop (a node) past cells of higher f
	slack   float64
	g       float64 // the cost of the straight ray being scanned at its first cell
	// free runs before the f limit applies (see freeRunOctile)
	freeRun  int
	freeDiag int32
	goalFrom int32     // see goalTry
	cap      int       // straight rays stop after this many cells (a node)
	diagCap  int32     // diagonal rays stop after this many steps (a node)
	subs     [4]subRay // the cardinals' sub-rays of diagonal rays (by Dir/2), with the layer
	subsSet  bool      // subs are set for this search
}

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
		s.spent.work++
		if uint(pc) >= uint(limit) {
			s.jst.Anomalies++
			return pos, true
		}
		v := s.views.line(ci, lc, pc, vertical)
		if v.cn == nil {
			// a view older than the chunk (see node): a node is always safe
			return pos, true
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
		pos = pc<<4 + 15*b2i(!forward) // the segment's first cell along the ray
	}
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
	stop := s.mover.forcedFwd(n, m, so)
	if !forward {
		stop = s.mover.forcedBack(n, m, so)
	}
	stop |= ^(uint32(reg) << 1) | first&^m
	if line >= s.goal.y0 && line <= s.goal.y1 && !vertical || line >= s.goal.x0 && line <= s.goal.x1 && vertical {
		stop |= s.goal.bits(pc, vertical)
	}
	if lim>>4 == pc {
		stop |= 1 << uint(lim&15+1)
	}
	blocked = ^m &^ first
	return m, stop | blocked, blocked, -1
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
	lim := pos + s.rays.cap - 1
	if !forward {
		lim = pos - s.rays.cap + 1
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
	s.spent.work++
	if s.goal.contains(x, y) {
		return 0, true
	}
	if s.layer.on {
		if uint(x) >= uint(s.layer.w) || uint(y) >= uint(s.layer.h) {
			s.jst.Anomalies++
			return 0, true
		}
		nb, reg := s.layerCell(x, y)
		if !reg {
			return 0, true
		}
		succ = jumpSucc[s.mover.rule][d][nb]
		return succ, succ&^natural[d] != 0
	}
	v := s.views.at(x>>4, y>>4)
	if v.cn == nil {
		return 0, true // a view older than the chunk (see node): a node
	}
	if s.regRow(v, x>>4, y>>4, uint(y&15), false)&(1<<(x&15)) == 0 {
		return 0, true
	}
	succ = jumpSucc[s.mover.rule][d][v.block(x, y)]
	return succ, succ&^natural[d] != 0
}

// pastLimit reports whether cell p of a straight ray (line, and position p
// along it; the ray entered position pos0 at cost s.rays.g) costs more than
// the expanding node's f allows: f = g + h beyond s.rays.fLim. A ray stops at a
// node there (any cell of a ray may be a node: its expansion goes on where
// the ray left off), so rays that head away from the goal wait in the open
// set by their f instead of crossing the map.
func (s *JPS) pastLimit(line, p, pos0 int, vertical bool) bool {
	if absInt(p-pos0) < s.rays.freeRun {
		return false
	}
	x, y := p, line
	if vertical {
		x, y = line, p
	}
	return s.rays.g+float64(absInt(p-pos0))+s.heuristic(x, y) > s.rays.fLim
}

// goalTry is the step at which a diagonal ray whose first step in line
// with the goal square is kg (0: the square is not ahead on both axes)
// tries the way into the square (see goalWay): r.goalFrom, so that rays
// that end sooner (most, in mazes) do not walk twice, or kg when that is
// sooner (where the way's sub-ray is one of the step's; 1<<30: never).
// Trying it at every step, where the first sub-ray is run, costs mazes
// more than it saves; the thresholds hardly matter between 4 and 32.
func (r *rayState) goalTry(kg int32) int32 {
	if kg == 0 {
		return 1 << 30
	}
	return min(kg, r.goalFrom)
}
