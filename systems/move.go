package systems

import (
	"github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"

	c "github.com/shardcore/shardcore/components"
	"github.com/shardcore/shardcore/movement"
)

// mover is the movement system: it steps mobiles along their paths when
// their move timers come, lane by lane (move_lanes.go), and opens and
// closes doors. stepper checks the steps on the Sim's goroutine; movers,
// when set, are the west and east lanes' when they step at once.
type mover struct {
	doors   *generic.Filter3[c.Door, c.Position, spatialRef]
	due     []timer
	lanes   [numLanes]lane
	xs      []int32 // the due mobiles' columns (split; -1: dead)
	cols    []int32 // due mobiles per sector column (middle)
	stepper Stepper
	movers  []Stepper
	gate    helpGate // the east lane's helper (see run)
}

func newMover(w *ecs.World) mover {
	d := generic.NewFilter3[c.Door, c.Position, spatialRef]()
	d.Register(w)
	return mover{doors: d}
}

// update takes one step for each mobile whose move timer came, has a path
// and whose pace allows it (the west and east lanes at once when the Sim
// has move workers, then the border lane), applies what the steps set off
// in lane order, and then closes the doors whose time is up, unless a
// mobile stands in the doorway.
func (mv *mover) update(s *Sim) {
	mv.due = s.sch.moves.due(s.now, mv.due[:0])
	mv.split(s)
	mv.run(s)
	for i := range mv.lanes {
		mv.lanes[i].apply(s)
	}
	mv.closeDoors(s)
}

// take is a lane's step of one due timer: mobile e's next step unless the
// timer is stale, the path is walked or the pace holds it back (then its
// timer is set again).
func (l *lane) take(s *Sim, tm timer) {
	e := tm.e
	if !s.w.Alive(e) {
		return
	}
	sc := s.maps.sched.Get(e)
	if sc.moveAt != tm.at {
		return // stale: moved to another time
	}
	sc.moveAt = noTimer
	mob, path := s.maps.mob.Get(e), s.maps.path.Get(e)
	if path.Remaining() == 0 {
		return
	}
	if s.now < mob.NextMove {
		l.schedMove(s, e, sc, mob.NextMove)
		return
	}
	l.step(s, e, sc, mob, path)
}

// step takes mobile e's next step, checked by the lane's stepper (the step
// cache plus the dynamic pass, or the live rules; dynamics included); a
// step refused twice in a row (one step period apart) drops the path and
// asks for a new one to the same goal. CanOpenDoors mobiles open the doors
// of the cell they step onto. What the step sets off beyond the mobile and
// its cells (timers, touches, requests) is kept for apply.
func (l *lane) step(s *Sim, e ecs.Entity, sc *sched, mob *c.Mobile, path *c.PathState) {
	pos := s.maps.pos.Get(e)
	d := path.Steps[path.Next]
	m := movement.Mover{Caps: mob.Caps, Self: mob.ID}
	x, y, z := int(pos.X), int(pos.Y), int(pos.Z)
	nz, ok, live := l.check(s, sc.party, m, path, x, y, z, d)
	if live {
		l.n.stepsLive++
	}
	if s.opts.Observer != nil {
		l.ev = StepEvent{Tick: s.tick, MobileID: mob.ID, Mover: m, FromX: x, FromY: y, FromZ: z, Dir: d, NewZ: nz, OK: ok}
		s.opts.Observer.ObserveStep(&l.ev)
	}
	mob.NextMove = max(mob.NextMove+int64(mob.Speed), s.now)
	if !ok {
		l.n.blocked++
		if s.ev.wants(EventBlocked) {
			ev := s.event(EventBlocked, mob.ID, x, y, z)
			ev.Dir = d
			l.events = append(l.events, ev)
		}
		l.refused(s, e, sc, path, s.maps.req.Get(e))
		l.touches = append(l.touches, e)
	} else {
		dx, dy := d.Offset()
		s.playerMoved(mob.Caps, x, y, x+dx, y+dy)
		x, y = x+dx, y+dy
		pos.X, pos.Y, pos.Z = int16(x), int16(y), int8(nz)
		s.maps.facing.Get(e).Dir = d
		path.Next++
		s.idx.MoveMobile(s.maps.ref.Get(e).H, x, y, int8(nz))
		l.n.steps++
		if s.ev.wants(EventStepped) {
			ev := s.event(EventStepped, mob.ID, x, y, nz)
			ev.Dir = d
			l.events = append(l.events, ev)
		}
		if mob.Caps&movement.CanOpenDoors != 0 {
			l.openDoors(s, x, y)
		}
		l.stepped(s, e, sc, path.Remaining())
	}
	if path.Remaining() > 0 {
		l.schedMove(s, e, sc, mob.NextMove)
	}
}

// check answers mover m's step in d from (x, y, z), the next of path: on
// the word of the search that found the path where the spatial index
// allows it (trustStep) and the mover stands at the Z the search left it
// at, else through the lane's stepper, party's step.
func (l *lane) check(s *Sim, party uint64, m movement.Mover, path *c.PathState, x, y, z int, d movement.Dir) (nz int, ok, live bool) {
	if path.Trust != 0 && (path.Next == 0 || int(path.Zs[path.Next-1]) == z) && s.idx.trustStep(path.Trust, x, y, d) {
		l.n.trusted++
		return int(path.Zs[path.Next]), true, false
	}
	if w, ok := l.stepper.(WalkerStepper); ok {
		w.Walker(party, s.now)
	}
	return l.stepper.Step(m, x, y, z, d)
}

// refused handles a refused step of mobile e. Whoever stands in the way
// usually moves on: the first refusal waits one step and tries again (while
// a path is live, not Failed, RetryAt marks the step refused once); the
// second drops the path and re-plans: a walking player in walkAI (back onto
// its route, past whoever blocks it), anyone else to the same goal. A
// chasing follower's step refused asks for a search at once (chase.go).
func (l *lane) refused(s *Sim, e ecs.Entity, sc *sched, path *c.PathState, req *c.PathRequest) {
	if sc.chasing { // a chase step refused: search round what blocks it
		sc.chasing = false
		path.Clear()
		l.request(s, e, req, req.Goal, req.Range)
		l.chased = append(l.chased, e)
		return
	}
	if mark := -1 - int64(path.Next); !path.Failed && path.RetryAt != mark {
		path.RetryAt = mark
		return
	}
	path.Clear()
	if !req.Active && sc.intent != intentWalk && sc.intent != intentSteps && sc.intent != intentNone {
		l.request(s, e, req, req.Goal, req.Range)
	}
}

// openDoors opens the closed doors of (x, y).
func (l *lane) openDoors(s *Sim, x, y int) {
	l.refs = s.idx.ItemEntitiesAt(x, y, l.refs[:0])
	for _, r := range l.refs {
		if !s.maps.door.Has(r.Entity) {
			continue
		}
		d := s.maps.door.Get(r.Entity)
		if !d.Open {
			d.Open = true
			s.idx.SetItemHidden(r.Handle, true)
			l.n.doorsOpened++
		}
		if d.CloseAt != heldOpen {
			d.CloseAt = s.now + int64(s.opts.DoorOpenMs)
		}
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
