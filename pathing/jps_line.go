package pathing

import (
	"shardcore/movement"
	"shardcore/stepcache"
)

// tryLine is the jump search's straight-line fast path, the cache A*'s
// (see Cached.tryLine): a walk toward the goal on cache hits alone whose
// cost equals the heuristic at the start is optimal. Where the walk is on
// a regular cell's canonical state with no dynamics about, the grid rule
// over its canonical map answers the step (the same answer, proven by the
// map) without a lookup.
func (s *JPS) tryLine(res *Result, budget int) bool {
	x, y, z := s.req.Start.X, s.req.Start.Y, s.req.StartZ
	h := s.heuristic(x, y)
	var gc, gd int32
	dirs, zs := res.Dirs[:0], res.Zs[:0]
	// once off the grid (a lookup answered a step) the walk stays on
	// lookups: it is short, and most often in a place the grid is not
	canon := s.useLayer && s.isCanonZ(x, y, z)
	var v *chunkView // the chunk of the last canonical Z read
	vx, vy := -1, -1
	for steps := 0; !s.isGoal(x, y); steps++ {
		d := dirToward[sign(s.req.Goal.Y-y)+1][sign(s.req.Goal.X-x)+1]
		ok := steps < budget
		if canon {
			// a regular cell's canonical state: the grid rule answers
			var nb uint8
			if nb, canon = s.layerCell(x, y); canon {
				ok = ok && allowedDirs[s.rule][nb]&bit(d) != 0
			}
		}
		nz := z
		if ok && !canon {
			nz, ok = s.lineLookup(res, x, y, z, d)
		}
		if !ok {
			res.Dirs, res.Zs = dirs[:0], zs[:0]
			return false
		}
		if d.Diagonal() {
			gd++
		} else {
			gc++
		}
		dx, dy := d.Offset()
		x, y = x+dx, y+dy
		if canon {
			// the step from a regular cell lands on the canonical state
			if cx, cy := x>>4, y>>4; cx != vx || cy != vy {
				v, vx, vy = s.view(cx, cy), cx, cy
			}
			if v.ch == nil { // a stale view: give the search the query
				res.Dirs, res.Zs = dirs[:0], zs[:0]
				return false
			}
			nz = int(stepcache.CanonRecord(v.ch, (y&15)*16+x&15, s.set).Z)
		}
		z = nz
		dirs, zs = append(dirs, d), append(zs, int8(z))
	}
	g := s.st.cost(gc, gd)
	if g > h+1e-9 {
		res.Dirs, res.Zs = dirs[:0], zs[:0]
		return false
	}
	res.Dirs, res.Zs = dirs, zs
	res.Found, res.Cost, res.Expansions = true, g, len(dirs)
	s.jst.LineHits++
	return true
}

// lineLookup answers the line's step from (x, y, z) in d by a lookup: the
// arrival Z, or false when the cache does not answer it, refuses it, or
// dynamics could change it.
func (s *JPS) lineLookup(res *Result, x, y, z int, d movement.Dir) (int, bool) {
	if s.isDeferred(x, y) {
		return 0, false
	}
	sm := s.src.lookup(s.live.Map.ID, x, y, z, s.req.Mover.Caps)
	res.Lookups[sm.Kind]++
	s.deferIfNotBuilt(sm.Kind, x, y)
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
