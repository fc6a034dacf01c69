package systems

import (
	"github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"

	c "shardcore/components"
	"shardcore/movement"
)

// mover is the movement system: it steps mobiles along their paths and
// opens and closes doors.
type mover struct {
	filter *generic.Filter6[c.Mobile, c.Position, c.PathState, c.PathRequest, c.Facing, spatialRef]
	doors  *generic.Filter3[c.Door, c.Position, spatialRef]
	ev     StepEvent
	refs   []ItemRef
}

func newMover(w *ecs.World) mover {
	f := generic.NewFilter6[c.Mobile, c.Position, c.PathState, c.PathRequest, c.Facing, spatialRef]()
	d := generic.NewFilter3[c.Door, c.Position, spatialRef]()
	f.Register(w)
	d.Register(w)
	return mover{filter: f, doors: d}
}

// update takes one step per mobile whose pace allows it, re-checking the
// step with the live rules (dynamics included); a step refused twice in a
// row (one step period apart) drops the path and asks for a new one to the
// same goal. CanOpenDoors mobiles open the doors of the cell they step
// onto. Then doors whose time is up close, unless a mobile stands in the
// doorway.
func (mv *mover) update(s *Sim) {
	q := mv.filter.Query(&s.w)
	for q.Next() {
		mob, pos, path, req, face, ref := q.Get()
		if path.Remaining() == 0 || s.now < mob.NextMove {
			continue
		}
		d := path.Steps[path.Next]
		m := movement.Mover{Caps: mob.Caps, Self: mob.ID}
		x, y, z := int(pos.X), int(pos.Y), int(pos.Z)
		nz, ok := s.rules.CheckMovement(m, x, y, z, d)
		if s.opts.Observer != nil {
			mv.ev = StepEvent{Tick: s.tick, MobileID: mob.ID, Mover: m, FromX: x, FromY: y, FromZ: z, Dir: d, NewZ: nz, OK: ok}
			s.opts.Observer.ObserveStep(&mv.ev)
		}
		mob.NextMove = max(mob.NextMove+int64(mob.Speed), s.now)
		if !ok {
			s.st.blocked++
			refused(s, q.Entity(), path, req)
			continue
		}
		dx, dy := d.Offset()
		x, y = x+dx, y+dy
		pos.X, pos.Y, pos.Z = int16(x), int16(y), int8(nz)
		face.Dir = d
		path.Next++
		s.idx.MoveMobile(ref.H, x, y, int8(nz))
		s.st.steps++
		if mob.Caps&movement.CanOpenDoors != 0 {
			mv.openDoors(s, x, y)
		}
	}
	mv.closeDoors(s)
}

// refused handles a refused step of mobile e. Whoever stands in the way
// usually moves on: the first refusal waits one step and tries again (while
// a path is live, not Failed, RetryAt marks the step refused once); the
// second drops the path and re-plans: a walking player in walkAI (back onto
// its route, past whoever blocks it), anyone else to the same goal.
func refused(s *Sim, e ecs.Entity, path *c.PathState, req *c.PathRequest) {
	if mark := -1 - int64(path.Next); !path.Failed && path.RetryAt != mark {
		path.RetryAt = mark
		return
	}
	path.Clear()
	if !req.Active && !s.maps.walk.Has(e) {
		s.request(req, req.Goal, req.Range)
	}
}

// openDoors opens the closed doors of (x, y).
func (mv *mover) openDoors(s *Sim, x, y int) {
	mv.refs = s.idx.ItemEntitiesAt(x, y, mv.refs[:0])
	for _, r := range mv.refs {
		if !s.maps.door.Has(r.Entity) {
			continue
		}
		d := s.maps.door.Get(r.Entity)
		if !d.Open {
			d.Open = true
			s.idx.SetItemHidden(r.Handle, true)
			s.st.doorsOpened++
		}
		d.CloseAt = s.now + int64(s.opts.DoorOpenMs)
	}
}

// closeDoors closes open doors whose time is up and whose doorway is empty.
func (mv *mover) closeDoors(s *Sim) {
	q := mv.doors.Query(&s.w)
	for q.Next() {
		d, pos, ref := q.Get()
		if !d.Open || s.now < d.CloseAt {
			continue
		}
		if s.Occupied(int(pos.X), int(pos.Y)) {
			d.CloseAt = s.now + 500
			continue
		}
		d.Open = false
		s.idx.SetItemHidden(ref.H, false)
	}
}
