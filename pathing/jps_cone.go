package pathing

import "github.com/shardcore/shardcore/movement"

// The cone probe answers, on the flat layer and without a search, a
// search whose optimal cost is its heuristic at the start and that has a
// taut path: where the start is d lines from the goal square along one
// axis (the dominant one) and fewer along the other, a taut path advances
// one line along the dominant axis with every step and moves along the
// other only toward the square's nearest position on it, never past it.
// Such a path has d steps, as many diagonal ones as the distance along
// the other axis, so it costs the heuristic under both cost models and is
// optimal. Its cells lie in a cone: on line k, between the start's
// position and the square's nearest, at most d-k from the latter. The
// probe sweeps the cone's lines one at a time, 64 cells a word, keeping
// the cells reached: from the cells reached on the line before, by the
// straight step or the diagonal one toward the square, under the mover's
// diagonal rule over the layer's open bits. It walks only regular cells'
// canonical states from the start's (Lemma 1, doc.go: a step from a
// regular cell's canonical state, open as every cell a step enters is, is
// allowed exactly when the grid rule over the open bits allows it, and
// lands on the target's canonical state), so every path it finds is a
// real one. When the sweep finds none the search runs as usual: the probe
// never decides that a goal cannot be reached.
//
// It generalises the line probe (one taut path, with lookups where the
// layer cannot answer) to all of them, at a few word operations per line.

// coneScratch holds the cells the cone probe reached, line by line: line
// k's in rows[k*w:], the plane's words u0-2..u1+2 (the cone's, and two
// zero words either side).
type coneScratch struct {
	rows  []uint64
	w, u0 int
	fline int // the chunk line whose chunks are copied in (see coneFill)
}

// coneAxes is how the cone lies on the layer: its lines are the lines of
// plane p (columns when the dominant axis is x), from line0 by ld (±1)
// toward the square; positions along them are the other axis.
type coneAxes struct {
	p         *plane
	line0, ld int
	n         int // lines to the square: the heuristic's steps
	m0        int // the start's position along the lines
	t         int // the square's position nearest m0 along the lines
	dm        int // the diagonal steps' move along the lines: toward t (±1), 0 when m0 is t
	vertical  bool
}

// band returns the positions of line k (0..n) inside the cone: between
// m0 and t, at most k from m0 and n-k from t.
func (c *coneAxes) band(k int) (lo, hi int) {
	if c.dm >= 0 {
		return max(c.m0, c.t-(c.n-k)), min(c.t, c.m0+k)
	}
	return max(c.t, c.m0-k), min(c.m0, c.t+(c.n-k))
}

// tryCone is the cone probe for req: it reports whether it answered,
// with the path in res. The goal square is set; the layer is on.
func (s *JPS) tryCone(req *Request, res *Result, budget int) bool {
	l := &s.layer
	g := &s.goal
	sx, sy := req.Start.X, req.Start.Y
	dx, dy := max(g.x0-sx, sx-g.x1, 0), max(g.y0-sy, sy-g.y1, 0)
	if dx == dy || max(dx, dy) > budget || uint(sx) >= uint(l.w) || uint(sy) >= uint(l.h) {
		return false // on the diagonal (the line probe's only path), or too far
	}
	if nb := s.jumpBlock(sx, sy); nb == 0 || req.StartZ != int(l.cells.z[sy*l.cells.w+sx]) || !s.layerOpen(sx, sy) {
		return false // not a regular cell's canonical state, or closed
	}
	var c coneAxes // field by field: a literal whose address is taken is built aside and copied (see parkAt)
	if dy > dx {
		c.p, c.line0, c.ld, c.n, c.m0, c.t = &l.rows, sy, 2*b2i(g.y0 > sy)-1, dy, sx, min(max(sx, g.x0), g.x1)
	} else {
		c.p, c.line0, c.ld, c.n, c.m0, c.t = &l.cols, sx, 2*b2i(g.x0 > sx)-1, dx, sy, min(max(sy, g.y0), g.y1)
		c.vertical = true
	}
	c.dm = sign(c.t - c.m0)
	if end := c.line0 + c.n*c.ld; uint(end) >= uint(c.p.lines) {
		return false
	}
	return s.sweepCone(&c) && s.coneWalk(&c, res)
}

// layerOpen reports whether (x, y), on the map, is open in the layer.
func (s *JPS) layerOpen(x, y int) bool {
	l := &s.layer
	return l.rows.open[(y+1)*l.rows.stride+x>>6+1]>>uint(x&63)&1 != 0
}

// sweepCone sweeps the cone's lines from the start's, keeping the cells
// reached (see the cone probe): false when a line has none, or the last
// not the square's nearest position.
func (s *JPS) sweepCone(c *coneAxes) bool {
	t := &s.probe.cone
	p := c.p
	t.u0 = (min(c.m0, c.t) + 64) >> 6
	t.w = (max(c.m0, c.t)+64)>>6 - t.u0 + 5
	if need := (c.n + 1) * t.w; cap(t.rows) < need {
		t.rows = make([]uint64, need, max(need, 2*cap(t.rows))) // doubling: a few fresh allocations, not one per larger cone
	} else {
		t.rows = t.rows[:need]
		clear(t.rows)
	}
	shift := 2 - t.u0 // a plane word's index in a row
	t.rows[(c.m0+64)>>6+shift] = 1 << uint(c.m0&63)
	t.fline = -1
	s.coneFill(c, 0)
	// the flank test of the diagonal rule, branch-free: both flanks
	// (orMask 0), or either
	orMask := ^uint64(0)
	if s.mover.and {
		orMask = 0
	}
	open, reg, rows := p.open, p.reg, t.rows
	bp, dbn := (c.line0+1)*p.stride, c.ld*p.stride // word j of the line before: bp + j; of this one: bp + dbn + j
	pb := shift                                    // word j of the line before's row: rows[pb+j]
	for k := 1; k <= c.n; k++ {
		lo, hi := c.band(k)
		last := uint64(0) // the last line's cells need not be regular
		if k < c.n {
			s.coneFill(c, k)
		} else {
			last = ^uint64(0)
		}
		bn, cb := bp+dbn, pb+t.w
		any := uint64(0)
		// Cells of the band's words outside the band need no mask: the
		// cells past the square's nearest position, and their successors,
		// never reach it; the cells too far from it neither.
		for j := (lo + 64) >> 6; j <= (hi+64)>>6; j++ {
			r, o, op := rows[pb+j], open[bn+j], open[bp+j]
			var d, f uint64 // the diagonal step's sources moved onto their targets, and its flank on this line
			switch c.dm {
			case 1: // the source one position lower
				d, f = r<<1|rows[pb+j-1]>>63, o<<1|open[bn+j-1]>>63
			case -1:
				d, f = r>>1|rows[pb+j+1]<<63, o>>1|open[bn+j+1]<<63
			}
			w := (d&(f&op|(f|op)&orMask) | r) & o & (reg[bn+j] | last)
			rows[cb+j] = w
			any |= w
		}
		s.spent.work++
		if any == 0 {
			return false
		}
		bp, pb = bn, cb
	}
	return coneBit(t.rows[c.n*t.w:], t.u0-2, c.t)
}

// coneFill copies into the layer the chunks of the cone's line k that a
// step leaves from (their chunks' maps give their regular bits and their
// block's open bits), with those of the lines after it in the same chunk
// line: the band grows or shrinks by a cell a line at most.
func (s *JPS) coneFill(c *coneAxes, k int) {
	l, t := &s.layer, &s.probe.cone
	line := c.line0 + k*c.ld
	if line>>4 == t.fline {
		return
	}
	t.fline = line >> 4
	k1 := min(k+15, c.n-1) // the last line of this chunk line a step leaves from
	lo, hi := c.band(k)
	lo1, hi1 := c.band(k1)
	for q := min(lo, lo1) >> 4; q <= max(hi, hi1)>>4; q++ {
		cx, cy := q, line>>4
		if c.vertical {
			cx, cy = line>>4, q
		}
		if ci := cy*l.wide + cx; l.fills.filled[ci>>6]&(1<<uint(ci&63)) == 0 {
			s.fill(cx, cy)
		}
	}
}

// coneWalk writes the path the sweep found into res, walking back from
// the square's nearest position on the last line: at each line the cell
// of the line before that a step reaches it from (the straight step's
// first).
func (s *JPS) coneWalk(c *coneAxes, res *Result) bool {
	t := &s.probe.cone
	n, m := c.n, c.t
	if cap(res.Dirs) < n || cap(res.Zs) < n {
		res.Dirs, res.Zs = make([]movement.Dir, 0, 2*n), make([]int8, 0, 2*n)
	}
	dirs, zs := res.Dirs[:n], res.Zs[:n]
	// the straight step's direction and the diagonal one's; the step of
	// line k enters layer cell index ci
	straight, diagonal := dirToward[1][c.ld+1], dirToward[c.dm+1][c.ld+1]
	cw := s.layer.cells.w
	dline, dpos := c.ld, cw // ci's step along the dominant axis and along the lines
	x, y := c.line0+n*c.ld, m
	if !c.vertical {
		straight, diagonal = dirToward[c.ld+1][1], dirToward[c.ld+1][c.dm+1]
		dline, dpos = cw*c.ld, 1
		x, y = m, c.line0+n*c.ld
	}
	z, ok := s.coneLastZ(x, y)
	if !ok {
		return false
	}
	zs[n-1] = z
	ci := y*cw + x
	diag := 0
	for k := n; k >= 1; k-- {
		if k < n {
			zs[k-1] = s.layer.cells.z[ci]
		}
		dirs[k-1] = straight
		if prev := t.rows[(k-1)*t.w : k*t.w]; !coneBit(prev, t.u0-2, m) {
			if !coneBit(prev, t.u0-2, m-c.dm) || !s.coneDiagonal(c, k, m-c.dm, m) {
				return false
			}
			dirs[k-1] = diagonal
			m -= c.dm
			ci -= c.dm * dpos
			diag++
		}
		ci -= dline
	}
	res.Dirs, res.Zs = dirs, zs
	res.Found, res.Cost, res.Expansions = true, s.st.cost(int32(n-diag), int32(diag)), n
	s.jst.ConeHits++
	return true
}

// coneDiagonal reports whether the mover's diagonal rule allows the step
// from position src of line k-1 to position m of line k (the flanks: line
// k at src, line k-1 at m).
func (s *JPS) coneDiagonal(c *coneAxes, k, src, m int) bool {
	p := c.p
	bp := (c.line0 + (k-1)*c.ld + 1) * p.stride
	f1 := p.open[bp+c.ld*p.stride+(src+64)>>6]>>uint(src&63)&1 != 0
	f2 := p.open[bp+(m+64)>>6]>>uint(m&63)&1 != 0
	return s.mover.and && f1 && f2 || !s.mover.and && (f1 || f2)
}

// coneBit reports whether position pos is set in a line's words ws from
// plane word wlo.
func coneBit(ws []uint64, wlo, pos int) bool {
	i := (pos+64)>>6 - wlo
	return pos >= 0 && uint(i) < uint(len(ws)) && ws[i]>>uint(pos&63)&1 != 0
}

// coneLastZ is the canonical Z of (x, y), the cone's last cell (open,
// entered by a grid step, so its chunk is resident): false when its chunk
// has no records in this search's views.
func (s *JPS) coneLastZ(x, y int) (int8, bool) {
	l := &s.layer
	if l.fills.chunks[(y>>4)*l.wide+x>>4] == nil && s.views.at(x>>4, y>>4).ch == nil {
		return 0, false
	}
	return int8(s.recordZ(x, y)), true
}
