package pathing

import (
	"shardcore/movement"
	"shardcore/stepcache"
)

// tryLine is the jump search's straight-line fast path, the cache A*'s
// (see Cached.tryLine): a walk toward the goal on cache hits alone whose
// cost equals the heuristic at the start is optimal. Where the walk is on
// a regular cell's canonical state with no dynamics about, the grid rule
// over the flat layer's open bits answers the step (the same answer,
// proven by the canonical maps) without a lookup.
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
	if s.useLayer {
		if ch := s.view(x>>4, y>>4).ch; ch != nil && int(stepcache.CanonZ(ch, (y&15)*16+x&15, s.set)) == z {
			x, y, z, i, ok = s.lineGrid(res, x, y, z, ch)
		}
	}
	// once off the grid the walk reads records: in place on regular cells
	// (lineRecords), by a lookup elsewhere
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
	var gd int32
	for _, d := range res.Dirs {
		gd += int32(d & 1)
	}
	g := s.st.cost(int32(n)-gd, gd)
	if !ok || g > s.heuristic(s.req.Start.X, s.req.Start.Y)+1e-9 {
		res.Dirs, res.Zs = res.Dirs[:0], res.Zs[:0]
		return false
	}
	res.Found, res.Cost, res.Expansions = true, g, n
	s.jst.LineHits++
	return true
}

// lineGrid walks the line from (x, y, z), the canonical state of a cell
// of chunk ch, while it is on regular cells: the grid rule over the flat
// layer's open bits answers each step (the same answer, proven by the
// canonical maps) and the step lands on the next cell's canonical state.
// It writes the steps into res from step 0 and returns where it stopped
// (the goal, or a cell that is not regular, where the walk goes on by
// lookups) and how many steps it took; false when a step is refused or a
// view is stale.
func (s *JPS) lineGrid(res *Result, x, y, z int, ch *stepcache.Chunk) (int, int, int, int, bool) {
	l := &s.layer
	open, reg, sh := l.open, l.reg, l.sh
	dirs, zs := res.Dirs, res.Zs
	gx, gy := s.req.Goal.X, s.req.Goal.Y
	sx, sy := sign(gx-x), sign(gy-y)
	vx, vy := x>>4, y>>4
	for i := range dirs {
		if reg[(y+1)*sh+x>>6+1]>>uint(x&63)&1 == 0 && !s.layerRegular(x, y) {
			return x, y, z, i, true
		}
		tx, ty := x+sx, y+sy
		// the target open, and for a diagonal its flanks by the rule
		ok := openAt(open, sh, tx, ty)
		if sx != 0 && sy != 0 {
			a, b := openAt(open, sh, tx, y), openAt(open, sh, x, ty)
			ok = ok && (a && b || !s.and && (a || b))
		}
		if !ok {
			return x, y, z, i, false
		}
		x, y = tx, ty
		if cx, cy := x>>4, y>>4; cx != vx || cy != vy {
			ch, vx, vy = s.view(cx, cy).ch, cx, cy
			if ch == nil { // a stale view: give the search the query
				return x, y, z, i, false
			}
		}
		z = int(stepcache.CanonZ(ch, (y&15)*16+x&15, s.set))
		dirs[i], zs[i] = dirToward[sy+1][sx+1], int8(z)
		if x == gx {
			sx = 0
		}
		if y == gy {
			sy = 0
		}
	}
	return x, y, z, len(dirs), true
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
		rec := ch.Record((y&15)*16+x&15, z)
		if rec == nil {
			return x, y, z, i, true
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

// openAt is (x, y)'s open bit in the flat layer's rows open (stride sh);
// -1 ≤ x, y ≤ the map's size.
func openAt(open []uint64, sh, x, y int) bool {
	p := x + 64
	return open[(y+1)*sh+p>>6]>>uint(p&63)&1 != 0
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
