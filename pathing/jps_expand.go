package pathing

import (
	"math/bits"

	"shardcore/movement"
	"shardcore/stepcache"
)

// expand expands node idx: into its jump directions when it is a regular
// cell at its record's Z reached only by grid steps, in full otherwise.
func (s *JPS) expand(idx int32, res *Result) {
	n := &s.st.nodes[idx]
	x, y, z := int(n.x), int(n.y), int(n.z)
	arr, full := n.arr&^n.done, n.full && !n.fullDone
	gc, gd := n.gc, n.gd
	if s.jumps && !full {
		if reg, rz := s.regular(x, y); reg && rz == z {
			n.done |= arr
			s.jst.JumpNodes++
			nb := s.view(x>>4, y>>4).block(x, y)
			var succ uint8
			for a := arr; a != 0; a &= a - 1 {
				succ |= jumpSucc[s.rule][bits.TrailingZeros8(a)][nb]
			}
			for ; succ != 0; succ &= succ - 1 {
				s.ray(idx, x, y, movement.Dir(bits.TrailingZeros8(succ)), gc, gd)
			}
			return
		}
	}
	n.done, n.fullDone = 0xFF, true // a full expansion serves every arrival
	s.expandFull(idx, x, y, z, gc, gd, res)
}

// ray follows direction d from (x, y) (whose step to the first cell is
// allowed) and makes a node where it stops.
func (s *JPS) ray(parent int32, x, y int, d movement.Dir, gc, gd int32) {
	s.jst.Rays++
	dx, dy := d.Offset()
	var hx, hy int
	var ok bool
	if d.Diagonal() {
		hx, hy, ok = s.diagonal(x+dx, y+dy, d)
	} else {
		hx, hy, ok = s.straight(x+dx, y+dy, d)
	}
	if !ok {
		return
	}
	steps := int32(max(absInt(hx-x), absInt(hy-y)))
	if d.Diagonal() {
		gd += steps
	} else {
		gc += steps
	}
	s.node(hx, hy, arrival{parent: parent, dir: d, gc: gc, gd: gd})
}

// node makes (or improves) the node where a ray stopped: at its record's
// Z, a jump node when the cell is regular, a full one otherwise.
func (s *JPS) node(x, y int, a arrival) {
	v := s.view(x>>4, y>>4)
	if v.cn == nil {
		s.jst.Anomalies++ // by the proof a ray never leaves the resident chunks
		return
	}
	reg, z := s.regular(x, y)
	if !reg {
		a.full = true
		z = int(v.ch.Cells[(y&15)*16+x&15].Z)
	}
	s.st.relax(x, y, z, a, s.heuristic(x, y))
}

// expandFull expands node idx as the cache A* does (one lookup, the
// dynamic pass, the live rules on a fallthrough). A step answered by the
// record into a regular cell continues as a ray; any other step makes a
// full node.
func (s *JPS) expandFull(idx int32, x, y, z int, gc, gd int32, res *Result) {
	s.jst.FullNodes++
	mv := s.req.Mover
	var sm stepcache.StepMask
	if s.isDeferred(x, y) {
		sm.Kind = stepcache.FallNotBuilt
	} else {
		sm = s.src.lookup(s.live.Map.ID, x, y, z, mv.Caps)
		s.deferIfNotBuilt(sm.Kind, x, y)
	}
	res.Lookups[sm.Kind]++
	if sm.Kind != stepcache.Hit || (s.dyn.active && s.dyn.occupied(&s.jst.dynStats, x, y)) {
		s.jst.LiveNodes++
		for d := movement.Dir(0); d < 8; d++ {
			if nz, ok := s.live.CheckMovement(mv, x, y, z, d); ok {
				s.step(idx, x, y, d, nz, gc, gd, false)
			}
		}
		return
	}
	var occ uint8
	if s.dyn.active {
		for d := movement.Dir(0); d < 8; d++ {
			dx, dy := d.Offset()
			if s.dyn.occupied(&s.jst.dynStats, x+dx, y+dy) {
				occ |= 1 << d
			}
		}
	}
	for d := movement.Dir(0); d < 8; d++ {
		switch {
		case occ&affected[d] != 0:
			s.jst.DynamicHits++
			if nz, ok := s.live.CheckMovement(mv, x, y, z, d); ok {
				s.step(idx, x, y, d, nz, gc, gd, false)
			}
		case sm.Mask&(1<<d) != 0:
			s.step(idx, x, y, d, int(sm.Z[d]), gc, gd, true)
		}
	}
}

// step takes one step of a full expansion: from (x, y) in d, arriving at
// nz; clean says a static record answered it. Into a regular cell at its
// record's Z, a clean step is the first step of a ray.
func (s *JPS) step(parent int32, x, y int, d movement.Dir, nz int, gc, gd int32, clean bool) {
	dx, dy := d.Offset()
	tx, ty := x+dx, y+dy
	if clean && s.jumps {
		if reg, rz := s.regular(tx, ty); reg && rz == nz {
			s.ray(parent, x, y, d, gc, gd)
			return
		}
	}
	if d.Diagonal() {
		gd++
	} else {
		gc++
	}
	s.st.relax(tx, ty, nz, arrival{parent: parent, dir: d, gc: gc, gd: gd, full: true}, s.heuristic(tx, ty))
}

// isDeferred reports whether (x, y) lies in a chunk this search already
// found not built (see Cached.deferred).
func (s *JPS) isDeferred(x, y int) bool {
	k := chunkOf(x, y)
	for _, d := range s.deferred[:s.nDeferred] {
		if d == k {
			return true
		}
	}
	return false
}

// deferIfNotBuilt remembers (x, y)'s chunk when its lookup found it not built.
func (s *JPS) deferIfNotBuilt(k stepcache.HitKind, x, y int) {
	if k == stepcache.FallNotBuilt && s.nDeferred < maxDeferred {
		s.deferred[s.nDeferred] = chunkOf(x, y)
		s.nDeferred++
	}
}

// finish writes the path ending at node idx into res.
func (s *JPS) finish(idx int32, res *Result) {
	nodes := s.st.nodes
	res.Found = true
	res.Cost = nodes[idx].g
	steps := 0
	for i := idx; nodes[i].parent >= 0; i = nodes[i].parent {
		n, p := &nodes[i], &nodes[nodes[i].parent]
		steps += max(absInt(int(n.x-p.x)), absInt(int(n.y-p.y)))
	}
	res.Dirs = growDirs(res.Dirs, steps)
	res.Zs = growZs(res.Zs, steps)
	k := steps - 1
	for i := idx; nodes[i].parent >= 0; i = nodes[i].parent {
		n, p := &nodes[i], &nodes[nodes[i].parent]
		seg := max(absInt(int(n.x-p.x)), absInt(int(n.y-p.y)))
		dx, dy := n.pdir.Offset()
		for j := seg; j >= 1; j-- {
			res.Dirs[k] = n.pdir
			if j == seg {
				res.Zs[k] = int8(n.z)
			} else {
				cx, cy := int(p.x)+j*dx, int(p.y)+j*dy
				res.Zs[k] = s.view(cx>>4, cy>>4).ch.Cells[(cy&15)*16+cx&15].Z
			}
			k--
		}
	}
}
