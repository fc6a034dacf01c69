package systems

import (
	"github.com/mlange-42/arche/ecs"

	c "github.com/shardcore/shardcore/components"
	"github.com/shardcore/shardcore/movement"
)

// walkTrust is what a walked route's steps are on their own word: ok[i]
// says the step from cell i to the next (the route's cells one step apart,
// the closing repeat skipped) lands at the next cell's Z under the static
// world for a walkCaps walker, as checked when the route was registered
// (stamp: the spatial index's TrustStamp then). A walking player handed
// steps that are all ok, from the Z of its cell, has them taken on the
// route's word (PathState.Trust = stamp) wherever the spatial index allows
// (trustStep), as a searched path's are: the stepper's answer is the
// static world's there, and mobiles only refuse a step.
type walkTrust struct {
	stamp uint32
	ok    []bool
}

// walkCaps is the capability set a walked route is checked for: the
// players that walk routes.
const walkCaps = movement.Player

// checkWalk checks route cells' steps under the static world (the map and
// its multis now) for a walkCaps walker.
func (s *Sim) checkWalk(cells []RouteCell) walkTrust {
	r := s.rules.Clone()
	r.Dyn, r.StaticOnly = nil, true
	wt := walkTrust{stamp: s.idx.TrustStamp(), ok: make([]bool, len(cells))}
	mv := movement.Mover{Caps: walkCaps}
	for i, cur := range cells {
		next := cells[(i+1)%len(cells)]
		if next.X == cur.X && next.Y == cur.Y {
			wt.ok[i] = next.Z == cur.Z // the closing repeat: no step (handSteps skips it)
			continue
		}
		d, ok := stepDir(cur, next)
		if !ok {
			continue
		}
		nz, ok := r.CheckMovement(mv, cur.X, cur.Y, cur.Z, d)
		wt.ok[i] = ok && nz == next.Z
	}
	return wt
}

// trustWalk stamps walker e's path, just handed from route cell from of
// walked route id while e stands at z, with the route's stamp when every
// handed step is ok for e's caps from that cell's Z (and steps may go on
// their word: Options.CheckEveryStep off).
func (s *Sim) trustWalk(e ecs.Entity, id, from, z int, path *c.PathState) {
	if s.opts.CheckEveryStep || id < 0 || id >= len(s.reg.walkOK) {
		return
	}
	wt, route := &s.reg.walkOK[id], s.reg.walks[id]
	if s.maps.mob.Get(e).Caps != walkCaps || route[from].Z != z {
		return
	}
	k, n, handed := from, len(route), 0
	for i := 0; i < n && handed < len(path.Steps); i++ { // as handSteps walks the route
		if !wt.ok[k] {
			return
		}
		if next := route[(k+1)%n]; next.X != route[k].X || next.Y != route[k].Y {
			handed++
		}
		k = (k + 1) % n
	}
	if handed < len(path.Steps) {
		return
	}
	path.Trust = wt.stamp
}
