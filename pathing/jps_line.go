package pathing

import (
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/chunk"
)

// tryLine is the jump search's straight-line fast path, the cache A*'s
// (see Cached.tryLine): a walk toward the goal on cache hits alone whose
// cost equals the heuristic at the start is optimal. The walk is n steps
// (the start's Chebyshev distance to the goal square): gd diagonal ones
// toward the goal's centre while both axes differ, then straight ones, so
// its cost is known before it starts and a walk that would cost more than
// the heuristic is not taken. On regular cells with no dynamics about, a
// step is answered by the state's record read from its chunk in place
// (the record a lookup would read) without a lookup.
func (s *JPS) tryLine(req *Request, res *Result, budget int) bool {
	x, y, z := req.Start.X, req.Start.Y, req.StartZ
	ex, ey := req.Goal.X-x, req.Goal.Y-y
	ax, ay := absInt(ex), absInt(ey)
	rng := max(req.Range, 0)
	n := max(max(ax, ay)-rng, 0)
	if n > budget {
		return false
	}
	gd := min(ax, ay, n)
	g := float64(n) // the uniform cost, which is the heuristic's: max(ax, ay)-rng
	if s.st.octile {
		// the octile cost; without a goal square gd is min(ax, ay) and the
		// cost is the heuristic's, with one the diagonal part may be longer
		g = s.st.cost(int32(n-gd), int32(gd))
		if rng > 0 && g > lineOctile(max(ax-rng, 0), max(ay-rng, 0))+1e-9 {
			return false
		}
	}
	sx, sy := (sign(ex)+1)&3, (sign(ey)+1)&3
	d1, d2 := lineToward[sy][sx], lineToward[1][sx]
	if ay > ax {
		d2 = lineToward[sy][1]
	}
	if cap(res.Dirs) < n || cap(res.Zs) < n {
		// again with room (a call here would keep every value above on the stack)
		res.Dirs, res.Zs = make([]movement.Dir, 0, 2*n), make([]int8, 0, 2*n)
		return s.tryLine(req, res, budget)
	}
	res.Dirs, res.Zs = res.Dirs[:n], res.Zs[:n] // the steps write both
	// field by field: a composite literal is built on the stack and copied
	w := &s.probe.ln
	w.x, w.y, w.z, w.turn, w.d[0], w.d[1] = x, y, z, gd, d1, d2
	// the answer, taken back if the walk fails (set before it: less to
	// keep across its calls)
	res.Cost, res.Expansions = g, n
	i, stop := 0, stopIrregular
	if s.layer.on { // lineRest, its two parts called from here
		stop = stopEnd
		if gd > 0 {
			i, stop = s.lineRun(res, gd, x, y, z, 0, d1)
		}
		if stop == stopEnd && i < len(res.Zs) {
			x, y, z = s.probe.ln.at(res.Zs, i)
			i, stop = s.lineRun(res, len(res.Zs), x, y, z, i, s.probe.ln.d[1])
		}
	}
	if stop != stopEnd && !s.lineWalk(req, res, i, stop) {
		res.Dirs, res.Zs, res.Cost, res.Expansions = res.Dirs[:0], res.Zs[:0], 0, 0
		return false
	}
	res.Found = true
	s.jst.LineHits++
	return true
}

// lineOctile is the octile heuristic (JPS.heuristic's) of a cell dx and
// dy cells off the goal square on its axes: the line probe's, before
// beginSearch sets the square.
func lineOctile(dx, dy int) float64 {
	lo, hi := min(dx, dy), max(dx, dy)
	return float64(hi-lo) + sqrt2*float64(lo)
}

// lineWay is the line: from (x, y, z), its steps before turn in d[0],
// the others in d[1].
type lineWay struct {
	x, y, z int
	turn    int
	d       [2]movement.Dir
}

// at is the line's state before its step i, zs holding the arrival Zs of
// the steps before.
func (w *lineWay) at(zs []int8, i int) (x, y, z int) {
	k := min(i, w.turn)
	dx, dy := w.d[0].Offset()
	ex, ey := w.d[1].Offset()
	x, y, z = w.x+k*dx+(i-k)*ex, w.y+k*dy+(i-k)*ey, w.z
	if i > 0 {
		z = int(zs[i-1])
	}
	return x, y, z
}

// lineWalk takes the line's steps i.. after lineRun stopped before step i
// for reason stop (stopIrregular when off the layer), writing them into
// res (direction and arrival Z): where lineRun cannot answer a step, by
// lineStep, and lineRun again after it. It reports whether it took them
// all.
func (s *JPS) lineWalk(req *Request, res *Result, i, stop int) bool {
	for stop != stopEnd && i < len(res.Zs) {
		if stop == stopRecord {
			if j, why := s.lineRecords(res, i); j > i {
				i, stop = s.lineRest(res, j)
				continue
			} else if why == stopRefused {
				return false
			}
		}
		x, y, z := s.probe.ln.at(res.Zs, i)
		d := s.probe.ln.d[b2i(i >= s.probe.ln.turn)]
		nz, took := s.lineStep(req, res, x, y, z, d, stop)
		if took == stepFailed {
			return false
		}
		if took == stepTaken {
			res.Dirs[i], res.Zs[i] = d, nz
			i++
		}
		if s.layer.on {
			i, stop = s.lineRest(res, i)
		}
	}
	return true
}

// Why lineRun stopped.
const (
	stopEnd       = iota // it took every step
	stopIrregular        // the cell is not regular, its chunk not copied into the layer, or no layer
	stopRecord           // the state or the step is for the state's record to answer (see lineRun)
	stopRefused          // the grid rule refuses the step
)

// What lineStep did.
const (
	stepTaken  = iota // it answered the step
	stepRetry         // it copied the cell's chunk into the layer: lineRun tries again
	stepFailed        // the step is refused or not answered
)

// lineRest is lineRun over the line's steps i.. (both parts).
func (s *JPS) lineRest(res *Result, i int) (int, int) {
	stop := stopEnd
	if i < s.probe.ln.turn {
		x, y, z := s.probe.ln.at(res.Zs, i)
		i, stop = s.lineRun(res, s.probe.ln.turn, x, y, z, i, s.probe.ln.d[0])
	}
	if stop == stopEnd && i < len(res.Zs) {
		x, y, z := s.probe.ln.at(res.Zs, i)
		i, stop = s.lineRun(res, len(res.Zs), x, y, z, i, s.probe.ln.d[1])
	}
	return i, stop
}

// lineRun takes the line's steps i..end-1 (i < end), all in d, from (x,
// y, z) while they start on regular cells copied into the flat layer, at
// their canonical state: the grid rule over the cell's block bits answers
// the step, which lands on the target's canonical state (Lemma 1,
// doc.go), whose Z the layer keeps when the target is such a cell too. It
// writes each step into res (its direction and arrival Z), makes no calls
// (lineWalk deals with whatever stops it) and returns the step it stopped
// before and why. Only on the flat layer (no dynamics).
func (s *JPS) lineRun(res *Result, end, x, y, z, i int, d movement.Dir) (int, int) {
	l := &s.layer
	zs := res.Zs[:end]
	dirs := res.Dirs[:len(zs)]
	if uint(x) >= uint(l.w) || uint(y) >= uint(l.h) {
		return i, stopIrregular // off the map (a step from a regular cell stays on it)
	}
	bi := y*l.cells.w + x
	b := l.cells.blk[bi] // not 0 only on a regular cell copied in (see layer.blk)
	if b == 0 {
		return i, stopIrregular
	}
	if z != int(l.cells.z[bi]) {
		return i, stopRecord // not the canonical state
	}
	blk, zAt, ok := l.cells.blk, l.cells.z, &lineOK[b2i(s.mover.and)][d&7]
	dx, dy := d.Offset()
	di := dy*l.cells.w + dx
	for ; i < len(zs); i++ {
		if !ok[b] {
			return i, stopRefused
		}
		if b = blk[bi+di]; b == 0 {
			return i, stopRecord // the target's Z is not in the layer: the record answers
		}
		bi += di
		zs[i], dirs[i] = zAt[bi], d
	}
	return i, stopEnd
}

// lineStep answers the line's step in d from (x, y, z) where lineRun
// could not (for reason why): a cell whose chunk is not copied into the
// layer yet is copied in for lineRun to try again, a state the first
// record does not cover is answered by the record that does, and the
// rest by a lookup. It returns the arrival Z and what it did.
func (s *JPS) lineStep(req *Request, res *Result, x, y, z int, d movement.Dir, why int) (int8, int) {
	switch why {
	case stopIrregular:
		l := &s.layer
		if !s.layer.on || uint(x) >= uint(l.w) || uint(y) >= uint(l.h) {
			break // no layer, or off the map: a lookup
		}
		if ci := (y>>4)*l.wide + x>>4; l.fills.filled[ci>>6]&(1<<uint(ci&63)) == 0 {
			s.fill(x>>4, y>>4) // its regular bit was not copied in yet
			return 0, stepRetry
		}
		if l.rows.reg[(y+1)*l.rows.stride+x>>6+1]>>uint(x&63)&1 == 0 {
			break // not regular: a lookup
		}
		fallthrough // regular with no open neighbour (its block byte 0)
	case stopRecord:
		nz, ok, found := s.lineRecord(x, y, z, d)
		if found && !ok {
			return 0, stepFailed
		}
		if found {
			return int8(nz), stepTaken
		}
		// no record covers z: a lookup
	case stopRefused:
		return 0, stepFailed
	}
	s.src.visit(req)
	nz, ok := s.lineLookup(res, x, y, z, d)
	if !ok {
		return 0, stepFailed
	}
	return int8(nz), stepTaken
}

// lineLookup answers the line's step from (x, y, z) in d by a lookup: the
// arrival Z, or false when the cache does not answer it, refuses it, or
// dynamics could change it.
func (s *JPS) lineLookup(res *Result, x, y, z int, d movement.Dir) (int, bool) {
	if s.deferred.has(x, y) {
		return 0, false
	}
	s.src.begin()
	var sm chunk.StepMask
	s.src.lookup(&sm, s.live.Map.ID, x, y, z, s.mover.caps)
	res.Lookups[sm.Kind]++
	s.deferred.note(sm.Kind, x, y)
	if sm.Kind != chunk.Hit || sm.Mask&(1<<d) == 0 || (s.dyn.active && s.lineDynamic(x, y, d)) {
		return 0, false
	}
	return int(sm.Z[d]), true
}

// lineDynamic reports whether dynamics could change the step from (x, y)
// in d: on the start cell, the target or a diagonal's flanks.
func (s *JPS) lineDynamic(x, y int, d movement.Dir) bool {
	if s.dyn.occupied(&s.jst.dynStats, x, y) {
		return true
	}
	for a := movement.Dir(0); a < 8; a++ {
		if d.Touches()&(1<<a) != 0 {
			dx, dy := a.Offset()
			if s.dyn.occupied(&s.jst.dynStats, x+dx, y+dy) {
				return true
			}
		}
	}
	return false
}
