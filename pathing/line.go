package pathing

import (
	"shardcore/movement"
	"shardcore/stepcache"
)

// dirToward[sy+1][sx+1] is the direction of the step (sx, sy), each -1..1.
var dirToward = [3][3]movement.Dir{
	{movement.NorthWest, movement.North, movement.NorthEast},
	{movement.West, movement.North, movement.East}, // centre unused
	{movement.SouthWest, movement.South, movement.SouthEast},
}

func sign(v int) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

// tryLine is the straight-line fast path: it walks from the start toward
// the goal (diagonally while both axes differ, then straight) on cache hits
// alone, and succeeds only when every step is allowed statically with no
// dynamics near it and the walk's cost equals the heuristic at the start.
// The heuristic is admissible, so such a path is optimal: the same cost as
// A* finds. A line that fails costs at most h lookups, where A* needs at
// least h expansions, so it is not capped. Anything else (a fallthrough, a blocked step, dynamics, a
// detour-free line that costs more) leaves res for the A* to fill.
func (s *Cached) tryLine(req *Request, res *Result, budget int) bool {
	c := &s.core
	x, y, z := req.Start.X, req.Start.Y, req.StartZ
	h := c.heuristic(x, y)
	mv := req.Mover
	g := 0.0
	dirs, zs := res.Dirs[:0], res.Zs[:0]
	fail := func() bool { // keep grown buffers, report nothing
		res.Dirs, res.Zs = dirs[:0], zs[:0]
		return false
	}
	for steps := 0; !c.isGoal(x, y); steps++ {
		if steps >= budget {
			return fail()
		}
		d := dirToward[sign(c.goal.Y-y)+1][sign(c.goal.X-x)+1]
		if s.isDeferred(x, y) {
			return fail()
		}
		sm := s.look.Lookup(s.live.Map.ID, x, y, z, mv.Caps)
		res.Lookups[sm.Kind]++
		if sm.Kind != stepcache.Hit {
			if sm.Kind == stepcache.FallNotBuilt && s.nDeferred < maxDeferred {
				s.deferred[s.nDeferred] = chunkOf(x, y)
				s.nDeferred++
			}
			return fail()
		}
		if sm.Mask&(1<<d) == 0 || (s.dyn.active && s.lineDynamic(x, y, d)) {
			return fail()
		}
		g += c.stepCost(d)
		dx, dy := d.Offset()
		x, y, z = x+dx, y+dy, int(sm.Z[d])
		dirs, zs = append(dirs, d), append(zs, int8(z))
	}
	if g > h+1e-9 {
		return fail()
	}
	res.Dirs, res.Zs = dirs, zs
	res.Found, res.Cost, res.Expansions = true, g, len(dirs)
	s.st.LineHits++
	return true
}

// lineDynamic reports whether dynamics could change the step from (x, y)
// in d: on the start cell, the target or a diagonal's flanks.
func (s *Cached) lineDynamic(x, y int, d movement.Dir) bool {
	if s.dyn.occupied(&s.st, x, y) {
		return true
	}
	for a := movement.Dir(0); a < 8; a++ {
		if affected[d]&(1<<a) != 0 {
			dx, dy := a.Offset()
			if s.dyn.occupied(&s.st, x+dx, y+dy) {
				return true
			}
		}
	}
	return false
}
