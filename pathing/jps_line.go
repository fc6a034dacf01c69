package pathing

import (
	"shardcore/movement"
	"shardcore/stepcache"
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
func (s *JPS) tryLine(res *Result, budget int) bool {
	x, y, z := s.start.X, s.start.Y, s.startZ
	ex, ey := s.goal.X-x, s.goal.Y-y
	ax, ay := absInt(ex), absInt(ey)
	n := max(max(ax, ay)-s.rng, 0)
	if n > budget {
		return false
	}
	gd := min(ax, ay, n)
	g := float64(n) // the uniform cost, which is the heuristic's: max(ax, ay)-rng
	if s.st.octile {
		// the octile cost; without a goal square gd is min(ax, ay) and the
		// cost is the heuristic's, with one the diagonal part may be longer
		g = s.st.cost(int32(n-gd), int32(gd))
		if s.rng > 0 && g > s.lineHeuristic()+1e-9 {
			return false
		}
	}
	sx, sy := (sign(ex)+1)&3, (sign(ey)+1)&3
	d1, d2 := lineToward[sy][sx], lineToward[1][sx]
	if ay > ax {
		d2 = lineToward[sy][1]
	}
	dirs := growDirs(res.Dirs, n)
	res.Dirs, res.Zs = dirs, growZs(res.Zs, n)
	i, stop := 0, stopIrregular
	if s.useLayer { // lineRun, its two parts called from here
		stop = stopEnd
		if gd > 0 {
			x, y, z, i, stop = s.lineSteps(res.Zs[:gd], x, y, z, 0, d1)
		}
		if stop == stopEnd && i < n {
			x, y, z, i, stop = s.lineSteps(res.Zs, x, y, z, i, d2)
		}
	}
	if stop != stopEnd {
		s.ln = lineWay{turn: gd, d: [2]movement.Dir{d1, d2}}
		if !s.lineWalk(res, x, y, z, i, n, stop) {
			res.Dirs, res.Zs = res.Dirs[:0], res.Zs[:0]
			return false
		}
	}
	for i := range dirs[:gd] {
		dirs[i] = d1
	}
	for i := gd; i < len(dirs); i++ {
		dirs[i] = d2
	}
	res.Found, res.Cost, res.Expansions = true, g, n
	s.jst.LineHits++
	return true
}

// lineHeuristic is the heuristic at the start, for the line probe (which
// runs before beginSearch sets the goal square).
func (s *JPS) lineHeuristic() float64 {
	s.goalSquare()
	return s.heuristic(s.start.X, s.start.Y)
}

// lineWay is the line's way: its steps before turn in d[0], the others
// in d[1]; need and flank are the step rule of the part being walked (see
// lineRule).
type lineWay struct {
	turn        int
	d           [2]movement.Dir
	need, flank uint8
}

// lineDir is the direction of the line's step i, and makes its rule the
// one lineRecord checks.
func (s *JPS) lineDir(i int) movement.Dir {
	d := s.ln.d[b2i(i >= s.ln.turn)]
	s.ln.need, s.ln.flank = lineRule(d, s.and)
	return d
}

// lineWalk takes the line's steps i..n-1 from (x, y, z) after lineRun
// stopped there for reason stop, writing each arrival Z into res.Zs: where
// lineRun cannot answer a step, by the record covering the state or by a
// lookup, and lineRun again after it. It reports false when a step is
// refused or not answered, or a view is stale.
func (s *JPS) lineWalk(res *Result, x, y, z, i, n, stop int) bool {
	for {
		if stop == stopEnd || i == n {
			return true
		}
		d := s.lineDir(i)
		switch stop {
		case stopIrregular:
			if ci := (y>>4)*s.layer.wide + x>>4; s.useLayer && s.layer.filled[ci>>6]&(1<<uint(ci&63)) == 0 {
				s.fill(x>>4, y>>4) // its regular bit was not copied in yet
				x, y, z, i, stop = s.lineRun(res, x, y, z, i, n)
				continue
			}
		case stopView:
			if s.view(x>>4, y>>4).ch == nil {
				return false
			}
			x, y, z, i, stop = s.lineRun(res, x, y, z, i, n)
			continue
		case stopRecord:
			nz, ok, found := s.lineRecord(x, y, z, d)
			if found && !ok {
				return false
			}
			if found {
				dx, dy := d.Offset()
				x, y, z = x+dx, y+dy, nz
				res.Zs[i] = int8(z)
				x, y, z, i, stop = s.lineRun(res, x, y, z, i+1, n)
				continue
			}
			// no record covers z: a lookup
		case stopRefused:
			return false
		}
		nz, ok := s.lineLookup(res, x, y, z, d)
		if !ok {
			return false
		}
		dx, dy := d.Offset()
		x, y, z = x+dx, y+dy, nz
		res.Zs[i] = int8(z)
		if i++; s.useLayer {
			x, y, z, i, stop = s.lineRun(res, x, y, z, i, n)
		}
	}
}

// Why lineRun stopped.
const (
	stopEnd       = iota // it took every step
	stopIrregular        // the cell is not regular, or its chunk not copied into the layer
	stopView             // the cell's chunk has no records (never: see lineRun)
	stopRecord           // the state is not at the cell's first record's Z
	stopRefused          // the record refuses the step
)

// lineRun takes the line's steps i..n-1 from (x, y, z) while they start on
// regular cells (their canonical maps found them good: chunk resident, no
// multi near) at their first record's Z, answering each by that record
// read from the chunk in place, the record a lookup would read, and
// writing its arrival Z into res.Zs. It makes no calls but lineSteps'
// (lineWalk deals with whatever stops it) and returns where it stopped and
// why. Only on the flat layer (no dynamics).
func (s *JPS) lineRun(res *Result, x, y, z, i, n int) (int, int, int, int, int) {
	if i < s.ln.turn { // the diagonal part
		var stop int
		if x, y, z, i, stop = s.lineSteps(res.Zs[:s.ln.turn], x, y, z, i, s.ln.d[0]); stop != stopEnd {
			return x, y, z, i, stop
		}
	}
	if i < n {
		return s.lineSteps(res.Zs[:n], x, y, z, i, s.ln.d[1])
	}
	return x, y, z, i, stopEnd
}

// lineSteps is lineRun over the steps i..len(zs)-1, all in d, their
// arrival Zs written into zs.
func (s *JPS) lineSteps(zs []int8, x, y, z, i int, d movement.Dir) (int, int, int, int, int) {
	ok := &lineOK[b2i(s.and)][d&7]
	dx, dy := d.Offset()
	l := &s.layer
	for ; i < len(zs); i++ {
		if l.reg[(y+1)*l.sh+x>>6+1]>>uint(x&63)&1 == 0 {
			return x, y, z, i, stopIrregular
		}
		// a regular cell's chunk is filled: its records are in the layer
		ch := l.chunks[(y>>4)*l.wide+x>>4]
		if ch == nil {
			return x, y, z, i, stopView // never: a regular cell's chunk is resident
		}
		c := &ch.Cells[(y&15)<<4|x&15]
		if int(c.Z) != z || c.Info&stepcache.InfoLiveOnly != 0 {
			return x, y, z, i, stopRecord
		}
		mask, nz := c.Walk, c.WalkZ[d&7]
		if s.set == stepcache.RuleWet {
			mask, nz = c.Wet, c.SwimZ[d&7]
		}
		if ok[mask>>6]>>(mask&63)&1 == 0 {
			return x, y, z, i, stopRefused
		}
		x, y, z = x+dx, y+dy, int(nz)
		zs[i] = nz
	}
	return x, y, z, i, stopEnd
}

// lineRecord answers the step in d from regular cell (x, y) at z by the
// record covering z (not its first): the arrival Z and whether the record
// allows it, and found false when no record covers z.
func (s *JPS) lineRecord(x, y, z int, d movement.Dir) (nz int, ok, found bool) {
	ci := (y&15)*16 + x&15
	rec := s.view(x>>4, y>>4).ch.Record(ci, z)
	if rec == nil {
		return 0, false, false
	}
	mask, to := rec.Walk, &rec.WalkZ
	if s.set == stepcache.RuleWet {
		mask, to = rec.Wet, &rec.SwimZ
	}
	if mask&s.ln.need != s.ln.need || mask&s.ln.flank == 0 {
		return 0, false, true
	}
	return int(to[d&7]), true, true
}

// lineLookup answers the line's step from (x, y, z) in d by a lookup: the
// arrival Z, or false when the cache does not answer it, refuses it, or
// dynamics could change it.
func (s *JPS) lineLookup(res *Result, x, y, z int, d movement.Dir) (int, bool) {
	if s.deferred.has(x, y) {
		return 0, false
	}
	s.beginLookups()
	sm := s.src.lookup(s.live.Map.ID, x, y, z, s.caps)
	res.Lookups[sm.Kind]++
	s.deferred.note(sm.Kind, x, y)
	if sm.Kind != stepcache.Hit || sm.Mask&(1<<d) == 0 || (s.dyn.active && s.lineDynamic(x, y, d)) {
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
		if affected[d]&(1<<a) != 0 {
			dx, dy := a.Offset()
			if s.dyn.occupied(&s.jst.dynStats, x+dx, y+dy) {
				return true
			}
		}
	}
	return false
}
