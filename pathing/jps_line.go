package pathing

import (
	"shardcore/movement"
	"shardcore/stepcache"
)

// tryLine is the jump search's straight-line fast path, the cache A*'s
// (see Cached.tryLine): a walk toward the goal on cache hits alone whose
// cost equals the heuristic at the start is optimal. On regular cells with
// no dynamics about, the step is answered by the state's record read from
// its chunk in place (the record a lookup would read) without a lookup.
func (s *JPS) tryLine(res *Result, budget int) bool {
	x, y, z := s.req.Start.X, s.req.Start.Y, s.req.StartZ
	// the walk toward the goal's centre enters the goal square after
	// exactly n steps, its Chebyshev distance
	n := max(s.gx0-x, x-s.gx1, s.gy0-y, y-s.gy1, 0)
	if n > budget {
		return false
	}
	res.Dirs, res.Zs = growDirs(res.Dirs, n), growZs(res.Zs, n)
	i, ok := 0, true
	// the walk reads records: in place on regular cells (lineRecords), by
	// a lookup elsewhere
	for ok && i < n {
		if s.useLayer {
			if x, y, z, i, ok = s.lineRecords(res, x, y, z, i); !ok || i == n {
				break
			}
		}
		d := dirToward[sign(s.req.Goal.Y-y)+1][sign(s.req.Goal.X-x)+1]
		var nz int
		if nz, ok = s.lineLookup(res, x, y, z, d); ok {
			dx, dy := d.Offset()
			x, y, z = x+dx, y+dy, nz
			res.Dirs[i], res.Zs[i] = d, int8(z)
			i++
		}
	}
	// the walk steps diagonally until it is level with the goal's centre
	// on one axis
	gd := int32(min(absInt(s.req.Goal.X-s.req.Start.X), absInt(s.req.Goal.Y-s.req.Start.Y), n))
	g := s.st.cost(int32(n)-gd, gd)
	if !ok || g > s.heuristic(s.req.Start.X, s.req.Start.Y)+1e-9 {
		res.Dirs, res.Zs = res.Dirs[:0], res.Zs[:0]
		return false
	}
	res.Found, res.Cost, res.Expansions = true, g, n
	s.jst.LineHits++
	return true
}

// lineRecords walks the line from step i at (x, y, z) while it is on
// regular cells (their canonical maps found them good: chunk resident, no
// multi near), answering each step by the state's record read from the
// chunk in place, the record a lookup would read. It returns where it
// stopped (the goal, or a cell that is not regular or whose record does
// not cover z, where a lookup takes the step) and false when a step is
// refused or a view is stale. Only on the flat layer (no dynamics).
func (s *JPS) lineRecords(res *Result, x, y, z, i int) (int, int, int, int, bool) {
	reg, sh := s.layer.reg, s.layer.sh
	gx, gy := s.req.Goal.X, s.req.Goal.Y
	sx, sy := sign(gx-x), sign(gy-y)
	var ch *stepcache.Chunk
	vx, vy := -1, -1
	for ; i < len(res.Dirs); i++ {
		if reg[(y+1)*sh+x>>6+1]>>uint(x&63)&1 == 0 && !s.layerRegular(x, y) {
			return x, y, z, i, true
		}
		if cx, cy := x>>4, y>>4; cx != vx || cy != vy {
			if ch, vx, vy = s.view(cx, cy).ch, cx, cy; ch == nil {
				return x, y, z, i, false
			}
		}
		ci := (y&15)*16 + x&15
		rec := &ch.Cells[ci]
		if int(rec.Z) != z || rec.Info&stepcache.InfoLiveOnly != 0 {
			if rec = ch.Record(ci, z); rec == nil {
				return x, y, z, i, true
			}
		}
		mask, zs := rec.Walk, &rec.WalkZ
		if s.set == stepcache.RuleWet {
			mask, zs = rec.Wet, &rec.SwimZ
		}
		d := dirToward[sy+1][sx+1]
		if stepcache.ApplyDiagonalRule(mask, s.and)&(1<<d) == 0 {
			return x, y, z, i, false
		}
		x, y, z = x+sx, y+sy, int(zs[d])
		res.Dirs[i], res.Zs[i] = d, int8(z)
		if x == gx {
			sx = 0
		}
		if y == gy {
			sy = 0
		}
	}
	return x, y, z, i, true
}

// lineLookup answers the line's step from (x, y, z) in d by a lookup: the
// arrival Z, or false when the cache does not answer it, refuses it, or
// dynamics could change it.
func (s *JPS) lineLookup(res *Result, x, y, z int, d movement.Dir) (int, bool) {
	if s.deferred.has(x, y) {
		return 0, false
	}
	sm := s.src.lookup(s.live.Map.ID, x, y, z, s.req.Mover.Caps)
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
