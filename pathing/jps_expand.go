package pathing

import (
	"math/bits"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/chunk"
)

// expand expands node idx, which pop has just returned: into its jump
// directions when it is a regular cell's canonical state reached only by
// grid steps, in full otherwise.
func (s *JPS) expand(idx int32, res *Result) {
	n := &s.st.nodes[idx]
	x, y := int(n.x), int(n.y)
	arr, full := n.arr&^n.done, n.full && !n.fullDone
	// its entry's f: n.g + s.heuristic(x, y), the same sum (an entry that
	// is not stale was pushed at the node's g)
	s.rays.fLim = s.st.topF + s.rays.slack
	s.st.lim = s.rays.fLim // an entry pushed within it skips the heap (see push)
	s.rays.reached = false
	if full && n.parent < 0 && s.jumpStart(x, y, int(n.z)) {
		// every direction is an arrival: the rays cover every allowed step
		arr, full, n.fullDone = 0xFF, false, true
	}
	if s.mover.jumps && !full && n.z == canonZ {
		if nb := s.jumpBlock(x, y); nb != 0 {
			n.done |= arr
			s.jst.JumpNodes++
			if s.layer.on && !s.rays.subsSet {
				s.setSubs()
			}
			succs := &jumpSucc[s.mover.rule]
			var succ uint8
			for a := arr; a != 0; a &= a - 1 {
				succ |= succs[bits.TrailingZeros8(a)][nb]
			}
			if s.layer.on {
				succ &^= s.deadRays(x, y)
			}
			gc, gd := n.gc, n.gd
			for ; succ != 0 && !s.rays.reached; succ &= succ - 1 {
				s.ray(idx, x, y, movement.Dir(bits.TrailingZeros8(succ)), gc, gd)
			}
			return
		}
	}
	n.done, n.fullDone = 0xFF, true // a full expansion serves every arrival
	s.expandFull(idx, x, y, s.stateZ(n), n.gc, n.gd, res)
}

// jumpBlock is the open bits of (x, y)'s block (see blockBits) when it is
// regular in this search, else 0. It is 0 too for a regular cell with no
// open neighbour (a start walled in): expanded in full, it has no step out
// either.
func (s *JPS) jumpBlock(x, y int) uint8 {
	if !s.layer.on {
		if !s.regular(x, y) {
			return 0
		}
		return s.views.at(x>>4, y>>4).block(x, y)
	}
	l := &s.layer
	if uint(x) >= uint(l.w) || uint(y) >= uint(l.h) {
		return 0
	}
	if nb := l.cells.blk[y*l.cells.w+x]; nb != 0 {
		return nb
	}
	nb, _ := s.layerCell(x, y) // its chunk not copied in yet, or not regular
	return nb
}

// jumpStart reports whether the start, at (x, y) in state z, may be
// expanded as a jump node reached in every direction (its rays then follow
// every grid step out of it): it is a regular cell's canonical state (Find
// gives it canonZ only then) and the cell is open, so by Lemma 1 its grid
// steps are its real steps (see doc.go). The caller still checks that the
// cell is regular for this search (no dynamics in its block).
func (s *JPS) jumpStart(x, y, z int) bool {
	return z == canonZ && s.mover.jumps && s.gridOrigin(x, y, s.recordZ(x, y))
}

// ray follows direction d from (x, y), whose step to the first cell is
// allowed, and makes a node where it stops. A diagonal ray does not stop
// where only its straight sub-rays find nodes: it expands that cell on the
// spot (the sub-rays' nodes get the cell as a bend of their path from the
// parent) and goes on.
func (s *JPS) ray(parent int32, x, y int, d movement.Dir, gc, gd int32) {
	s.jst.Rays++
	if s.layer.on {
		if !d.Diagonal() {
			s.subRay(parent, x, y, d, d, gc, gd, 0) // a sub-ray of no diagonal steps
			return
		}
		s.diagonalLayer(parent, x, y, d, gc, gd)
		return
	}
	dx, dy := d.Offset()
	if !d.Diagonal() {
		s.rays.g = s.st.cost(gc+1, gd)
		if hx, hy, ok := s.straight(x+dx, y+dy, d); ok {
			s.node(hx, hy, &arrival{parent: parent, dir: d, gc: gc + int32(max(absInt(hx-x), absInt(hy-y))), gd: gd})
		}
		return
	}
	for k := int32(1); ; k++ {
		x, y = x+dx, y+dy
		succ, stop := s.diagonalStep(x, y, d)
		if stop || k >= s.rays.diagCap || (k >= s.rays.freeDiag && s.st.cost(gc, gd+k)+s.heuristic(x, y) > s.rays.fLim) {
			s.node(x, y, &arrival{parent: parent, dir: d, gc: gc, gd: gd + k})
			return
		}
		for _, c := range [2]movement.Dir{(d - 1) & 7, (d + 1) & 7} {
			if succ&bit(c) == 0 {
				continue
			}
			cx, cy := c.Offset()
			s.rays.g = s.st.cost(gc+1, gd+k)
			if hx, hy, ok := s.straight(x+cx, y+cy, c); ok {
				m := int32(max(absInt(hx-x), absInt(hy-y)))
				s.node(hx, hy, &arrival{parent: parent, dir: c, gc: gc + m, gd: gd + k, bdir: d, bsteps: k})
			}
		}
		if succ&bit(d) == 0 {
			return
		}
	}
}

// expandFull expands node idx as the cache A* does (one lookup, the
// dynamic pass, the live rules on a fallthrough). A step answered by the
// record into a regular cell continues as a ray; any other step makes a
// full node.
func (s *JPS) expandFull(idx int32, x, y, z int, gc, gd int32, res *Result) {
	s.jst.FullNodes++
	mv := s.mover.mv
	var sm chunk.StepMask
	if s.deferred.has(x, y) {
		sm.Kind = chunk.FallNotBuilt
	} else {
		s.src.lookup(&sm, s.live.Map.ID, x, y, z, mv.Caps)
		s.deferred.note(sm.Kind, x, y)
	}
	res.Lookups[sm.Kind]++
	if sm.Kind != chunk.Hit || (s.dyn.active && s.dyn.hasItems(&s.jst.dynStats, x, y)) {
		s.jst.LiveNodes++
		for d := movement.Dir(0); d < 8; d++ {
			if nz, ok := s.live.CheckMovement(mv, x, y, z, d); ok {
				s.step(idx, x, y, d, nz, gc, gd, false, 0)
			}
		}
		return
	}
	// a step is a grid step only from an open cell's canonical state: the
	// state its canonical map describes
	canon := s.mover.jumps && s.gridOrigin(x, y, z)
	regs := s.layerRegs(x, y)
	var mobs, items uint8
	if s.dyn.active {
		mobs, items = s.dyn.around(&s.jst.dynStats, x, y)
	}
	occ := mobs | items
	for d := movement.Dir(0); d < 8; d++ {
		switch {
		case occ&d.Touches() != 0:
			s.jst.DynamicHits++
			if nz, ok, _ := dynStep(&sm, s.live, mv, x, y, z, d, mobs, items); ok {
				s.step(idx, x, y, d, nz, gc, gd, false, regs)
			}
		case sm.Mask&(1<<d) != 0:
			s.step(idx, x, y, d, int(sm.Z[d]), gc, gd, canon, regs)
		}
	}
}

// step takes one step of a full expansion: from (x, y) in d, arriving at
// nz; clean says the canonical record of the origin answered it, regs
// which neighbours are regular when known (see layerRegs). A clean step
// into a regular cell's canonical state makes a jump node there (its rays
// run if and when it is expanded); any other step a full node.
func (s *JPS) step(parent int32, x, y int, d movement.Dir, nz int, gc, gd int32, clean bool, regs uint16) {
	if d.Diagonal() {
		gd++
	} else {
		gc++
	}
	dx, dy := d.Offset()
	tx, ty := x+dx, y+dy
	var a arrival // field by field: a literal here is built aside and copied in wide loads (see parkAt)
	a.parent, a.dir, a.gc, a.gd, a.full = parent, d, gc, gd, true
	reg := regs&(1<<d) != 0
	if regs&regsKnown == 0 {
		reg = s.mover.jumps && s.regular(tx, ty)
	}
	if reg && nz == s.recordZ(tx, ty) {
		nz = canonZ // the same state a grid step reaches: one node
		a.full = !clean
	}
	key := packKey(tx, ty, nz)
	if pos, idx := s.st.lookup(key); idx < 0 || !s.st.worse(idx, &a) {
		s.st.relaxAt(pos, idx, key, tx, ty, nz, &a, s.heuristic(tx, ty))
	}
}
