package pathing

import "shardcore/movement"

// diagonalLayer is ray's diagonal loop on the flat layer (see ray): the
// cell tests of diagonalStep and the sub-rays' scans done in place. The
// cell where the ray meets the goal square, leaves the map or reaches its
// cap is found before the loop (see diagEnd), so a step reads one block
// byte and tests its successors; the sub-rays whose dead bits say they
// end at a blocked cell are not scanned (see subRay.live).
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
	blk := l.blk
	i, di := y*l.bw+x, dy*l.bw+dx
	succs, nat := &jumpSucc[s.rule][d], natural[d]
	end, freeDiag := min(s.diagEnd(x, y, dx, dy), s.diagCap), s.freeDiag
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
		if succ&bv != 0 && vr.live(x, y+dy) {
			s.rayG = s.st.cost(gc+1, gd+k)
			if hy, ok := s.sub(vr, x, y+dy); ok {
				s.node(x, hy, arrival{parent: parent, dir: cv, gc: gc + int32(absInt(hy-y)), gd: gd + k, bdir: d, bsteps: k})
			}
		}
		if succ&bh != 0 && hr.live(y, x+dx) {
			s.rayG = s.st.cost(gc+1, gd+k)
			if hx, ok := s.sub(hr, y, x+dx); ok {
				s.node(hx, y, arrival{parent: parent, dir: ch, gc: gc + int32(absInt(hx-x)), gd: gd + k, bdir: d, bsteps: k})
			}
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
