package pathing

import (
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/chunk"
)

// dirToward[sy+1][sx+1] is the direction of the step (sx, sy), each -1..1.
var dirToward = [3][3]movement.Dir{
	{movement.NorthWest, movement.North, movement.NorthEast},
	{movement.West, movement.North, movement.East}, // centre unused
	{movement.SouthWest, movement.South, movement.SouthEast},
}

// sign returns -1, 0 or 1 as v is negative, zero or positive, without
// branches.
func sign(v int) int { return v>>63 | int(uint(-v)>>63) }

// tryLine is the straight-line fast path: it walks from the start toward
// the goal (diagonally while both axes differ, then straight), each step
// answered as the movement system's StepChecker answers it (the cache with
// the dynamic pass, the live rules where a lookup falls through or
// dynamics are near), and succeeds only when every step is allowed and
// the walk's cost equals the heuristic at the start. The heuristic is
// admissible, so such a path is optimal: the same cost as A* finds. Its
// outcome is the live rules', whatever the cache holds, so a search's
// path never depends on which chunks are resident. A line that fails
// costs at most h steps, where A* needs at least h expansions, so it is
// not capped. Anything else (a blocked step, a detour-free line that costs
// more) leaves res for the A* to fill.
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
		var sm chunk.StepMask
		if s.deferred.has(x, y) {
			sm.Kind = chunk.FallNotBuilt
		} else {
			s.look.LookupTo(&sm, s.live.Map.ID, x, y, z, mv.Caps)
			s.deferred.note(sm.Kind, x, y)
		}
		res.Lookups[sm.Kind]++
		nz, ok, _ := composeStep(&sm, &s.dyn, &s.st, s.live, mv, x, y, z, d)
		if !ok {
			return fail()
		}
		g += c.stepCost(d)
		dx, dy := d.Offset()
		x, y, z = x+dx, y+dy, nz
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
