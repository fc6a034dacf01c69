package pathing

import (
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/chunk"
)

// diagonalLayer is ray's diagonal loop on the flat layer (see ray): the
// cell tests of diagonalStep and the sub-rays' scans done in place. The
// cell where the ray meets the goal square, leaves the map or reaches its
// cap is found before the loop (see diagEnd), so a step reads its block
// byte, looks its successors and whether it stops up in one table
// (diagStep), and masks the successors with its dead byte; the sub-rays
// whose dead bits say they end at a blocked cell are not scanned (see
// deadRays), except on the goal square's lines (slow rays: goalLines).
// A ray toward the goal square tries the way it would reach it at its
// first step with sub-rays to run (see goalWay). On a prepared layer the
// ray passes runs of quiet cells at once (jps_layer_diagrun.go), but not
// the steps on the goal square's lines (onGoal). The steps before any of
// that can apply (diagPlain: most rays end there) take only the block and
// dead bytes' test; the rest is diagonalFrom's.
func (s *JPS) diagonalLayer(parent int32, x, y int, d movement.Dir, gc, gd int32) {
	c, l := &diagConst[d>>1], &s.layer
	blk, deadAt, rule, bvh, bd := l.cells.blk, l.cells.dead, uint(s.mover.rule), c.bvh, c.bd
	i, di := y*l.cells.w+x, c.dy*l.cells.w+c.dx
	tbl := &diagStep[s.mover.rule][d>>1]
	runs := l.diag.of(rule, d, s.opt.runsOff)
	k, plain := int32(1), s.diagPlain(x, y, c)
	for ; k < plain; k++ {
		i += di
		if runs != nil && runs[i] != 0 {
			m := min(int32(runs[i]), plain-k) // ≥ 1: k < plain
			k, i = k+m-1, i+int(m-1)*di       // steps k..k+m-1 pass: go on at k+m
			continue
		}
		t := tbl[blk[i]]
		if t > 0xFF { // a stop, or not regular: the general loop decides
			i -= di
			break
		}
		succ := uint8(t)
		if run := succ &^ (deadAt[i] >> rule & 0x55); run&bvh != 0 {
			s.subs2(parent, x+int(k)*c.dx, y+int(k)*c.dy, d, run, gc, gd+k, k)
		}
		if succ&bd == 0 {
			s.spent.work += int(k)
			return
		}
	}
	s.diagonalFrom(parent, x, y, d, gc, gd, k, i)
}

// diagonalFrom is diagonalLayer's general loop, from step k (i: the cell
// of step k-1), where the goal square, the map's edge, the cap or the f
// limit may stop the ray or change its steps.
func (s *JPS) diagonalFrom(parent int32, x, y int, d movement.Dir, gc, gd, k int32, i int) {
	c, l := &diagConst[d>>1], &s.layer
	blk, deadAt, rule, bvh, bd := l.cells.blk, l.cells.dead, uint(s.mover.rule), c.bvh, c.bd
	di := c.dy*l.cells.w + c.dx
	tbl := &diagStep[s.mover.rule][d>>1]
	end, kg := s.diagEnd(x, y, c.dx, c.dy)
	end, freeDiag := min(end, s.rays.diagCap), s.rays.freeDiag
	runs, onGoal := l.diag.of(rule, d, s.opt.runsOff), noGoalSpan
	slow := s.goalLines(x, y, c, end)
	lim := min(end, s.rays.goalTry(kg)) // at lim < end, the ray tries the goal (see goalWay)
	if slow && runs != nil {
		onGoal = s.goalSteps(x, y, c)
	}
	for {
		for ; k < lim; k++ {
			i += di
			if runs != nil && runs[i] > 1 {
				// quiet cells before the goal lines and lim pass (no f limit: beginSearch)
				if m := min(int32(runs[i]), onGoal.before(k), lim-k); m > 1 {
					k, i = k+m-1, i+int(m-1)*di // steps k..k+m-1 pass: go on at k+m
					continue
				}
			}
			t := tbl[blk[i]]
			if t > 0xFF || k >= freeDiag {
				cx, cy := x+int(k)*c.dx, y+int(k)*c.dy
				if t == 0x100 { // not regular, or its chunk not copied in yet
					t = tbl[s.layerBlock(cx, cy)]
				}
				if t > 0xFF || (k >= freeDiag && s.st.cost(gc, gd+k)+s.heuristic(cx, cy) > s.rays.fLim) {
					s.spent.work += int(k)
					s.node(cx, cy, &arrival{parent: parent, dir: d, gc: gc, gd: gd + k})
					return
				}
			}
			succ := uint8(t)
			run := succ &^ (deadAt[i] >> rule & 0x55)
			if slow {
				run |= s.goalRays(x+int(k)*c.dx, y+int(k)*c.dy, succ)
			}
			if run&bvh != 0 {
				s.subs2(parent, x+int(k)*c.dx, y+int(k)*c.dy, d, run, gc, gd+k, k)
			}
			if succ&bd == 0 {
				s.spent.work += int(k)
				return
			}
		}
		if k == end {
			break
		}
		if s.goalWay(parent, x, y, d, c, gc, gd, k, end) {
			return
		}
		lim = end
	}
	// the goal square, the map's edge or the cap
	s.spent.work += int(k)
	s.node(x+int(k)*c.dx, y+int(k)*c.dy, &arrival{parent: parent, dir: d, gc: gc, gd: gd + k})
}

// diagRay is what a diagonal ray's loop needs of its direction: its
// offsets, its components' bits and its own.
type diagRay struct {
	dx, dy  int
	bvh, bd uint8
}

// diagConst is diagRay per diagonal (by Dir>>1).
var diagConst = func() (t [4]diagRay) {
	for i := range t {
		d := movement.Dir(2*i + 1)
		dx, dy := d.Offset()
		t[i] = diagRay{dx: dx, dy: dy, bvh: bit(d-1) | bit(d+1), bd: bit(d)}
	}
	return t
}()

// diagStep[rule][d>>1][nb] is a diagonal step's allowed natural and
// forced directions (jumpSucc) on a cell with block bits nb, with bit 8
// set where the ray stops there: nb 0 (the cell is not regular, or its
// chunk not copied in yet) or a forced direction.
var diagStep = func() (t [2][4][256]uint16) {
	for rule := range 2 {
		and := rule == 1
		for i := range 4 {
			d := movement.Dir(2*i + 1)
			nat := bit(d) | bit(d-1) | bit(d+1)
			t[rule][i][0] = 0x100
			for nb := 1; nb < 256; nb++ {
				succ := (nat | forcedDirs(uint8(nb), d, and)) & chunk.ApplyDiagonalRule(uint8(nb), and)
				t[rule][i][nb] = uint16(succ)
				if succ&^nat != 0 {
					t[rule][i][nb] |= 0x100
				}
			}
		}
	}
	return t
}()

// goalLines reports whether a diagonal ray from (x, y) crosses a line of
// the goal square (one of the sub-rays' slow lines) before step end.
func (s *JPS) goalLines(x, y int, c *diagRay, end int32) bool {
	vr, hr := &s.rays.subs[movement.North>>1], &s.rays.subs[movement.East>>1]
	xa, xb := x+c.dx, x+int(end)*c.dx
	ya, yb := y+c.dy, y+int(end)*c.dy
	return max(xa, xb) >= vr.slowLo && min(xa, xb) <= vr.slowHi || max(ya, yb) >= hr.slowLo && min(ya, yb) <= hr.slowHi
}

// goalRays is the straight rays of succ from (x, y) that cross the goal
// square's lines (scanned even when dead).
func (s *JPS) goalRays(x, y int, succ uint8) uint8 {
	var r uint8
	if v := &s.rays.subs[movement.North>>1]; x >= v.slowLo && x <= v.slowHi {
		r |= succ & (1<<movement.North | 1<<movement.South)
	}
	if h := &s.rays.subs[movement.East>>1]; y >= h.slowLo && y <= h.slowHi {
		r |= succ & (1<<movement.East | 1<<movement.West)
	}
	return r
}

// subs2 runs the sub-rays in run (a diagonal step's live components) from
// (x, y), the k-th cell of a diagonal ray in d from parent, reached at
// (gc, gd), and makes their nodes.
func (s *JPS) subs2(parent int32, x, y int, d movement.Dir, run uint8, gc, gd, k int32) {
	s.rays.g = s.st.cost(gc+1, gd)
	if run&(1<<movement.North|1<<movement.South) != 0 {
		cv, dy := movement.North, -1
		if run&(1<<movement.South) != 0 {
			cv, dy = movement.South, 1
		}
		if hy, ok := s.sub(&s.rays.subs[cv>>1], x, y+dy); ok {
			s.node(x, hy, &arrival{parent: parent, dir: cv, gc: gc + int32(absInt(hy-y)), gd: gd, bdir: d, bsteps: k})
		}
	}
	if run&(1<<movement.East|1<<movement.West) != 0 {
		ch, dx := movement.East, 1
		if run&(1<<movement.West) != 0 {
			ch, dx = movement.West, -1
		}
		if hx, ok := s.sub(&s.rays.subs[ch>>1], y, x+dx); ok {
			s.node(hx, y, &arrival{parent: parent, dir: ch, gc: gc + int32(absInt(hx-x)), gd: gd, bdir: d, bsteps: k})
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
	dead := l.cells.dead[y*l.cells.w+x] >> uint(s.mover.rule) & 0x55
	return dead &^ s.goalRays(x, y, 0x55)
}

// diagEnd is the first step k ≥ 1 of a diagonal ray from (x, y) by (dx,
// dy) that enters the goal square or leaves the map, and, when the goal
// square lies ahead on both axes, the first step in line with it (its
// rows or columns; else 0).
func (s *JPS) diagEnd(x, y, dx, dy int) (int32, int32) {
	ex, ey := s.layer.w-x, s.layer.h-y // steps to leave the map
	if dx < 0 {
		ex = x + 1
	}
	if dy < 0 {
		ey = y + 1
	}
	edge := min(ex, ey)
	// the steps that are in the goal square's columns, and rows
	xlo, xhi := (s.goal.x0-x)*dx, (s.goal.x1-x)*dx
	ylo, yhi := (s.goal.y0-y)*dy, (s.goal.y1-y)*dy
	kx, ky := min(xlo, xhi), min(ylo, yhi)
	lo := max(kx, ky, 1)
	if hi := min(max(xlo, xhi), max(ylo, yhi)); lo <= hi {
		edge = min(edge, lo)
	}
	return int32(max(edge, 1)), int32(max(min(kx, ky), 0))
}

// diagPlain is the first step of a diagonal ray from (x, y) in c's
// direction that may need more than the plain test of its block and dead
// bytes: its first step on a line of the goal square (where sub-rays are
// slow and the goal square may be entered), the step that leaves the map,
// the cap, the free run (past which the f limit applies) and, where the
// goal square lies ahead on both axes, the step at which the ray tries
// the way into it (goalTry). Before it, diagonalFrom's loop would take
// none of its other branches.
func (s *JPS) diagPlain(x, y int, c *diagRay) int32 {
	vr, hr := &s.rays.subs[movement.North>>1], &s.rays.subs[movement.East>>1]
	k := min(firstIn(x, c.dx, vr.slowLo, vr.slowHi), firstIn(y, c.dy, hr.slowLo, hr.slowHi))
	ex, ey := s.layer.w-x, s.layer.h-y // steps to leave the map
	if c.dx < 0 {
		ex = x + 1
	}
	if c.dy < 0 {
		ey = y + 1
	}
	p := min(int32(min(k, ex, ey)), s.rays.diagCap, s.rays.freeDiag)
	if g := &s.goal; (g.x0-x)*c.dx > 0 && (g.x1-x)*c.dx > 0 && (g.y0-y)*c.dy > 0 && (g.y1-y)*c.dy > 0 {
		p = min(p, s.rays.goalFrom)
	}
	return p
}

// firstIn is the first step k ≥ 1 at which v+k*dv (dv ±1) lies in lo..hi
// (1<<30: none).
func firstIn(v, dv, lo, hi int) int {
	if dv > 0 {
		if v+1 > hi {
			return 1 << 30
		}
		return max(lo-v, 1)
	}
	if v-1 < lo {
		return 1 << 30
	}
	return max(v-hi, 1)
}
