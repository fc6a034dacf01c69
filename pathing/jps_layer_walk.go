package pathing

import "shardcore/movement"

// diagonalLayer is ray's diagonal loop on the flat layer (see ray): the
// cell tests of diagonalStep and the sub-rays' scans done in place. The
// cell where the ray meets the goal square, leaves the map or reaches its
// cap is found before the loop (see diagEnd), so a step reads one block
// byte and tests its successors; the sub-rays whose dead bits say they
// end at a blocked cell are not scanned (see deadRays).
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
	vr, hr := &s.subs[cv>>1], &s.subs[ch>>1]
	bv, bh, bd := bit(cv), bit(ch), bit(d)
	l := &s.layer
	blk, deadAt, rule := l.blk, l.deadAt, uint(s.rule)
	i, di := y*l.bw+x, dy*l.bw+dx
	succs, nat := &jumpSucc[s.rule][d], natural[d]
	end, freeDiag := min(s.diagEnd(x, y, dx, dy), s.diagCap), s.freeDiag
	// the lines on which the sub-rays are scanned even when dead (see
	// deadRays)
	vlo, vw, hlo, hw := vr.slowLo, uint(vr.slowHi-vr.slowLo), hr.slowLo, uint(hr.slowHi-hr.slowLo)
	k := int32(1)
	for ; k < end; k++ {
		x, y, i = x+dx, y+dy, i+di
		nb := blk[i]
		if nb == 0 {
			nb = s.layerBlock(x, y) // not regular, or its chunk not copied in yet
		}
		succ := succs[nb]
		if nb == 0 || succ&^nat != 0 || (k >= freeDiag && s.st.cost(gc, gd+k)+s.heuristic(x, y) > s.fLim) {
			s.work += int(k)
			s.node(x, y, arrival{parent: parent, dir: d, gc: gc, gd: gd + k})
			return
		}
		run := succ &^ (deadAt[i] >> rule & 0x55)
		if uint(x-vlo) <= vw {
			run |= succ & bv
		}
		if uint(y-hlo) <= hw {
			run |= succ & bh
		}
		if run&(bv|bh) != 0 {
			s.subs2(parent, x, y, d, run, gc, gd+k, k)
		}
		if succ&bd == 0 {
			s.work += int(k)
			return
		}
	}
	// the goal square, the map's edge or the cap
	s.work += int(k)
	s.node(x+dx, y+dy, arrival{parent: parent, dir: d, gc: gc, gd: gd + k})
}

// subs2 runs the sub-rays in run (a diagonal step's live components) from
// (x, y), the k-th cell of a diagonal ray in d from parent, reached at
// (gc, gd), and makes their nodes.
func (s *JPS) subs2(parent int32, x, y int, d movement.Dir, run uint8, gc, gd, k int32) {
	s.rayG = s.st.cost(gc+1, gd)
	if run&(1<<movement.North|1<<movement.South) != 0 {
		cv, dy := movement.North, -1
		if run&(1<<movement.South) != 0 {
			cv, dy = movement.South, 1
		}
		if hy, ok := s.sub(&s.subs[cv>>1], x, y+dy); ok {
			s.node(x, hy, arrival{parent: parent, dir: cv, gc: gc + int32(absInt(hy-y)), gd: gd, bdir: d, bsteps: k})
		}
	}
	if run&(1<<movement.East|1<<movement.West) != 0 {
		ch, dx := movement.East, 1
		if run&(1<<movement.West) != 0 {
			ch, dx = movement.West, -1
		}
		if hx, ok := s.sub(&s.subs[ch>>1], y, x+dx); ok {
			s.node(hx, y, arrival{parent: parent, dir: ch, gc: gc + int32(absInt(hx-x)), gd: gd, bdir: d, bsteps: k})
		}
	}
}

// deadRays is the cardinals in which the straight ray from (x, y), a
// regular cell of the layer, need not be scanned: its dead bits say it
// would pass every cell up to a blocked one, and it crosses no line of
// the goal square (where the goal cells stop it; subRay.slowLo/Hi). Such
// a ray makes no node that matters (the f limit's or the cap's would only
// resume it), and no optimal path turns or ends on its cells (doc.go).
func (s *JPS) deadRays(x, y int) uint8 {
	l := &s.layer
	dead := l.deadAt[y*l.bw+x] >> uint(s.rule) & 0x55
	if v := &s.subs[movement.North>>1]; x >= v.slowLo && x <= v.slowHi {
		dead &^= 1<<movement.North | 1<<movement.South
	}
	if h := &s.subs[movement.East>>1]; y >= h.slowLo && y <= h.slowHi {
		dead &^= 1<<movement.East | 1<<movement.West
	}
	return dead
}

// diagEnd is the first step k ≥ 1 of a diagonal ray from (x, y) by (dx,
// dy) that enters the goal square or leaves the map.
func (s *JPS) diagEnd(x, y, dx, dy int) int32 {
	ex, ey := s.layer.w-x, s.layer.h-y // steps to leave the map
	if dx < 0 {
		ex = x + 1
	}
	if dy < 0 {
		ey = y + 1
	}
	edge := min(ex, ey)
	// the steps that are in the goal square's columns, and rows
	xlo, xhi := (s.gx0-x)*dx, (s.gx1-x)*dx
	ylo, yhi := (s.gy0-y)*dy, (s.gy1-y)*dy
	lo := max(min(xlo, xhi), min(ylo, yhi), 1)
	if hi := min(max(xlo, xhi), max(ylo, yhi)); lo <= hi {
		edge = min(edge, lo)
	}
	return int32(max(edge, 1))
}
