package pathing

import "github.com/shardcore/shardcore/stepcache/canon"

// finish writes the path ending at node idx into res.
func (s *JPS) finish(idx int32, res *Result) {
	nodes := s.st.nodes
	res.Found = true
	res.Cost = nodes[idx].g
	steps := 0
	for i := idx; nodes[i].parent >= 0; i = nodes[i].parent {
		steps += s.segSteps(&nodes[i])
	}
	res.Dirs = growDirs(res.Dirs, steps)
	res.Zs = growZs(res.Zs, steps)
	k := steps - 1
	for i := idx; nodes[i].parent >= 0; i = nodes[i].parent {
		n, p := &nodes[i], &nodes[nodes[i].parent]
		var x, y int
		if x, y, k = s.writeSegment(res, n, k); x != int(p.x) || y != int(p.y) {
			panic("pathing: jump path does not reach its parent") // a broken invariant, not input
		}
	}
}

// writeSegment writes the steps from n's parent to n into res, the last
// at index k: each step's Z is the canonical Z of the cell it enters, the
// last one's n's Z. It returns the cell it walked back to and the index
// before the first step.
func (s *JPS) writeSegment(res *Result, n *jnode, k int) (int, int, int) {
	total, bsteps := s.segSteps(n), int(n.bsteps)
	turn := total - bsteps // the steps in pdir, after the bsteps in bdir
	lo := k - total + 1
	dirs, zs := res.Dirs[lo:k+1], res.Zs[lo:k+1]
	fill(dirs[:bsteps], n.bdir)
	fill(dirs[bsteps:], n.pdir)
	zs[total-1] = int8(s.stateZ(n))
	// walking back from n: turn cells in pdir (the last the bend), then
	// bsteps in bdir (the last the parent's, whose Z is not this segment's)
	x, y := int(n.x), int(n.y)
	dx, dy := n.pdir.Offset()
	s.canonZs(zs[total-1-min(turn, total-1):total-1], x, y, dx, dy)
	x, y = x-turn*dx, y-turn*dy
	if bsteps > 0 {
		dx, dy = n.bdir.Offset()
		s.canonZs(zs[:bsteps-1], x, y, dx, dy)
		x, y = x-bsteps*dx, y-bsteps*dy
	}
	return x, y, lo - 1
}

// canonZs writes into zs, from its end back, the canonical Zs of the cells
// walking back from (x, y) by (dx, dy) reaches, one chunk's run at a time
// (their chunks must be resident): from the flat layer where it copied the
// chunk in (with no read at all in a chunk whose cells all stand at one
// Z: consecutive such runs at one Z are written at once, and a map whose
// cells all do is not walked), else from the chunk.
func (s *JPS) canonZs(zs []int8, x, y, dx, dy int) {
	l := &s.layer
	if l.on && l.fills.level { // every cell of the map stands at one Z
		fill(zs, l.fills.levelAt)
		return
	}
	pz, pn := int8(0), 0 // zs[i+1 : i+1+pn] are to hold pz
	for i := len(zs) - 1; i >= 0; {
		x, y = x-dx, y-dy // the run's first cell
		run := min(i+1, inChunk(x, -dx), inChunk(y, -dy))
		ci := (y>>4)*l.wide + x>>4
		in := l.on && uint(x) < uint(l.w) && uint(y) < uint(l.h) && l.fills.chunks[ci] != nil
		level := int16(mixedZ)
		if in {
			level = l.fills.levelZ[ci]
		}
		if level != mixedZ { // every cell of the chunk stands at level
			if z := int8(level); pn > 0 && z != pz {
				fill(zs[i+1:i+1+pn], pz)
				pn = 0
			}
			pz, pn, i = int8(level), pn+run, i-run
			x, y = x-(run-1)*dx, y-(run-1)*dy
			continue
		}
		fill(zs[i+1:i+1+pn], pz) // the level stretch before this run, if any
		pn = 0
		if in {
			bi, di := y*l.cells.w+x, dy*l.cells.w+dx
			for range run {
				zs[i] = l.cells.z[bi]
				bi -= di
				i--
			}
		} else {
			ch, c := s.views.at(x>>4, y>>4).ch, (y&15)*16+x&15
			for range run {
				zs[i] = canon.Z(ch, c, s.mover.set)
				c -= dy*16 + dx
				i--
			}
		}
		x, y = x-(run-1)*dx, y-(run-1)*dy
	}
	fill(zs[:pn], pz)
}

// fill sets every element of s to v: a clear when v is 0, else, for long
// slices, by doubling copies (a loop of byte stores costs three
// instructions an element; a path's segments run to hundreds of steps).
func fill[T ~int8 | ~uint8](s []T, v T) {
	switch {
	case v == 0:
		clear(s)
	case len(s) < 32:
		for i := range s {
			s[i] = v
		}
	default:
		s[0] = v
		for n := 1; n < len(s); n *= 2 {
			copy(s[n:], s[:n])
		}
	}
}

// inChunk is how many cells moving from coordinate v by step (-1, 0 or 1)
// visits in v's chunk, v's own included (a step of 0: without end).
func inChunk(v, step int) int {
	switch {
	case step > 0:
		return 16 - v&15
	case step < 0:
		return v&15 + 1
	}
	return 1 << 30
}

// segSteps is the number of steps from n's parent to n.
func (s *JPS) segSteps(n *jnode) int {
	p := &s.st.nodes[n.parent]
	px, py := int(p.x), int(p.y)
	if n.bsteps > 0 {
		dx, dy := n.bdir.Offset()
		px, py = px+dx*int(n.bsteps), py+dy*int(n.bsteps)
	}
	return int(n.bsteps) + max(absInt(int(n.x)-px), absInt(int(n.y)-py))
}
