package systems

import "shardcore/movement"

// moveSystem takes one step per mobile whose pace allows it, re-checking
// the step with the live rules (dynamics included); a step refused twice in
// a row (one step period apart) drops the path and asks for a new one to
// the same goal. CanOpenDoors mobiles
// open the doors of the cell they step onto. Then doors whose time is up
// close, unless a mobile stands in the doorway.
func (s *Sim) moveSystem() {
	q := s.filters.move.Query(&s.w)
	for q.Next() {
		mob, pos, path, req, face, ref := q.Get()
		if path.Remaining() == 0 || s.now < mob.NextMove {
			continue
		}
		d := path.Steps[path.Next]
		mv := movement.Mover{Caps: mob.Caps, Self: mob.ID}
		x, y, z := int(pos.X), int(pos.Y), int(pos.Z)
		nz, ok := s.rules.CheckMovement(mv, x, y, z, d)
		if s.opts.Observer != nil {
			s.ev = StepEvent{Tick: s.tick, MobileID: mob.ID, Mover: mv, FromX: x, FromY: y, FromZ: z, Dir: d, NewZ: nz, OK: ok}
			s.opts.Observer.ObserveStep(&s.ev)
		}
		mob.NextMove = max(mob.NextMove+int64(mob.Speed), s.now)
		if !ok {
			s.st.blocked++
			// Whoever stands in the way usually moves on: wait one step
			// and try again before re-planning. While a path is live (not
			// Failed) RetryAt marks the step that was refused once.
			if mark := -1 - int64(path.Next); !path.Failed && path.RetryAt != mark {
				path.RetryAt = mark
				continue
			}
			path.Clear()
			// A walking player re-plans in walkAI (back onto its route,
			// past whoever blocks it); anyone else to the same goal.
			if !req.Active && !s.maps.walk.Has(q.Entity()) {
				s.request(req, req.Goal, req.Range)
			}
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
			s.openDoors(x, y)
		}
	}
	s.closeDoors()
}

// openDoors opens the closed doors of (x, y).
func (s *Sim) openDoors(x, y int) {
	s.refs = s.idx.ItemEntitiesAt(x, y, s.refs[:0])
	for _, r := range s.refs {
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
func (s *Sim) closeDoors() {
	q := s.filters.door.Query(&s.w)
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
