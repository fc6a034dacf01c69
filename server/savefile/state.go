package savefile

import (
	"math"

	c "github.com/shardcore/shardcore/components"
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/systems"
	"github.com/shardcore/shardcore/world"
)

// putState appends a map's simulation state.
func (e *enc) putState(st *systems.State) {
	e.n(int(st.Map))
	e.u(st.Tick)
	e.i(st.Now)
	e.bytes(st.Rand)
	e.u(st.NextMob)
	e.u(st.NextItem)
	e.u(uint64(len(st.Routes)))
	for _, r := range st.Routes {
		e.u(uint64(len(r)))
		for _, p := range r {
			e.n(p.X)
			e.n(p.Y)
		}
	}
	e.u(uint64(len(st.Walks)))
	for _, w := range st.Walks {
		e.u(uint64(len(w)))
		for _, p := range w {
			e.n(p.X)
			e.n(p.Y)
			e.n(p.Z)
		}
	}
	e.u(uint64(len(st.Mobiles)))
	for i := range st.Mobiles {
		e.putMobile(&st.Mobiles[i])
	}
	e.u(uint64(len(st.Items)))
	for _, it := range st.Items {
		e.u(it.Serial)
		e.n(it.X)
		e.n(it.Y)
		e.n(it.Z)
		e.n(int(it.ID))
		e.bool(it.Door)
		e.bool(it.Field)
		e.bool(it.Movable)
		e.bool(it.Open)
		e.i(it.CloseAt)
	}
	e.n(int(st.Round))
	e.ids(st.Touched)
	e.putWheel(&st.Moves)
	e.putWheel(&st.Thinks)
	e.ids(st.Queue)
	e.u(st.Postponed)
	e.u(uint64(len(st.Asleep)))
	for _, sec := range st.Asleep {
		e.i(int64(sec.Sector))
		e.ids(sec.IDs)
	}
}

func (e *enc) ids(v []uint64) {
	e.u(uint64(len(v)))
	for _, id := range v {
		e.u(id)
	}
}

func (e *enc) putWheel(w *systems.WheelState) {
	e.i(w.Next)
	e.u(uint64(len(w.Timers)))
	for _, t := range w.Timers {
		e.u(t.ID)
		e.i(t.At)
	}
}

func (e *enc) putMobile(m *systems.MobileState) {
	e.u(m.ID)
	e.n(m.X)
	e.n(m.Y)
	e.n(m.Z)
	e.n(int(m.Facing))
	e.n(int(m.Speed))
	e.n(int(m.Caps))
	e.i(m.NextMove)
	s := &m.Sched
	e.i(s.MoveAt)
	e.i(s.ThinkAt)
	e.n(int(s.Touched))
	e.n(int(s.Intent))
	e.bool(s.Asleep)
	e.bool(s.Chasing)
	e.u(s.Party)
	e.ids(s.Followers)
	r := &m.Request
	e.n(r.Goal.X)
	e.n(r.Goal.Y)
	e.n(r.Range)
	e.u(r.Since)
	e.bool(r.Active)
	e.bool(r.Queued)
	p := &m.Path
	e.u(uint64(len(p.Steps)))
	for i, d := range p.Steps {
		e.n(int(d))
		e.i(int64(p.Zs[i]))
	}
	e.n(p.Next)
	e.u(p.Repath)
	e.bool(p.Failed)
	e.i(p.RetryAt)
	e.putIntent(m)
}

// putIntent appends the state of mobile m's intent: a kind (0 none, 1
// follow, 2 patrol, 3 walk, 4 wander, 5 move-to) and its fields.
func (e *enc) putIntent(m *systems.MobileState) {
	switch {
	case m.Follow != nil:
		f := m.Follow
		e.n(1)
		e.u(f.Target)
		e.n(f.Range)
		e.i(f.NextRepath)
		e.n(f.LastGoal.X)
		e.n(f.LastGoal.Y)
	case m.Patrol != nil:
		p := m.Patrol
		e.n(2)
		e.n(p.Route)
		e.n(p.Index)
		e.n(p.Fails)
		e.n(p.Tolerance)
		e.i(p.NextTry)
	case m.Walk != nil:
		w := m.Walk
		e.n(3)
		e.n(w.Route)
		e.n(w.Cell)
		e.n(w.Goal)
		e.i(w.NextTry)
	case m.Wander != nil:
		w := m.Wander
		e.n(4)
		e.n(w.Home.X)
		e.n(w.Home.Y)
		e.n(w.Radius)
		e.i(w.NextTry)
	case m.GoTo != nil:
		g := m.GoTo
		e.n(5)
		e.n(g.Goal.X)
		e.n(g.Goal.Y)
		e.n(g.Range)
		e.n(g.Fails)
		e.i(g.NextTry)
		e.bool(g.Done)
		e.bool(g.GaveUp)
	default:
		e.n(0)
	}
}

// Decoding. Coordinates are read as int32, Zs and directions in their
// types' ranges; the Sim's Restore checks the rest against its map.

func (d *dec) coord(what string) int { return d.n(what, minInt32, maxInt32) }

func (d *dec) point(what string) world.Point {
	return world.Point{X: d.coord(what), Y: d.coord(what)}
}

func (d *dec) state() *systems.State {
	st := &systems.State{}
	st.Map = world.MapID(d.n("map", 0, 255))
	st.Tick = d.u("tick")
	st.Now = d.i("game time")
	st.Rand = d.bytes("random stream")
	st.NextMob = d.u("next mobile")
	st.NextItem = d.u("next item")
	st.Routes = make([][]world.Point, d.count("routes", 1))
	for i := range st.Routes {
		st.Routes[i] = make([]world.Point, d.count("route", 2))
		for j := range st.Routes[i] {
			st.Routes[i][j] = d.point("waypoint")
		}
	}
	st.Walks = make([][]systems.RouteCell, d.count("walked routes", 1))
	for i := range st.Walks {
		st.Walks[i] = make([]systems.RouteCell, d.count("walked route", 3))
		for j := range st.Walks[i] {
			st.Walks[i][j] = systems.RouteCell{X: d.coord("cell"), Y: d.coord("cell"), Z: d.n("cell z", -128, 127)}
		}
	}
	st.Mobiles = make([]systems.MobileState, d.count("mobiles", 30))
	for i := range st.Mobiles {
		d.mobile(&st.Mobiles[i])
	}
	st.Items = make([]systems.ItemState, d.count("items", 10))
	for i := range st.Items {
		it := &st.Items[i]
		it.Serial = d.u("item id")
		it.X, it.Y, it.Z = d.coord("item x"), d.coord("item y"), d.n("item z", -128, 127)
		it.ID = uint16(d.n("item tile", 0, math.MaxUint16))
		it.Door, it.Field, it.Movable, it.Open = d.bool("door"), d.bool("field"), d.bool("movable"), d.bool("open")
		it.CloseAt = d.i("close at")
	}
	st.Round = uint32(d.n("round", 0, math.MaxUint32))
	st.Touched = d.ids("touched")
	st.Moves = d.wheel("move timers")
	st.Thinks = d.wheel("think timers")
	st.Queue = d.ids("path queue")
	st.Postponed = d.u("postponed")
	st.Asleep = make([]systems.SleepingSector, d.count("sleeping sectors", 2))
	for i := range st.Asleep {
		st.Asleep[i] = systems.SleepingSector{Sector: int32(d.n("sector", 0, maxInt32)), IDs: d.ids("sleepers")}
	}
	return st
}

func (d *dec) ids(what string) []uint64 {
	n := d.count(what, 1)
	if n == 0 {
		return nil
	}
	v := make([]uint64, n)
	for i := range v {
		v[i] = d.u(what)
	}
	return v
}

func (d *dec) wheel(what string) systems.WheelState {
	w := systems.WheelState{Next: d.i(what)}
	if n := d.count(what, 2); n > 0 {
		w.Timers = make([]systems.TimerState, n)
		for i := range w.Timers {
			w.Timers[i] = systems.TimerState{ID: d.u(what), At: d.i(what)}
		}
	}
	return w
}

func (d *dec) mobile(m *systems.MobileState) {
	m.ID = d.u("mobile id")
	m.X, m.Y, m.Z = d.coord("x"), d.coord("y"), d.n("z", -128, 127)
	m.Facing = movement.Dir(d.n("facing", 0, 7))
	m.Speed = uint16(d.n("speed", 1, math.MaxUint16))
	m.Caps = movement.Caps(d.n("caps", 0, math.MaxUint16))
	m.NextMove = d.i("next move")
	s := &m.Sched
	s.MoveAt, s.ThinkAt = d.i("move at"), d.i("think at")
	s.Touched = uint32(d.n("touched", 0, math.MaxUint32))
	s.Intent = uint8(d.n("intent", 0, 255))
	s.Asleep, s.Chasing = d.bool("asleep"), d.bool("chasing")
	s.Party = d.u("party")
	s.Followers = d.ids("followers")
	m.Request = c.PathRequest{Goal: d.point("goal"), Range: d.coord("range"), Since: d.u("since"), Active: d.bool("active"), Queued: d.bool("queued")}
	p := &m.Path
	if n := d.count("path", 2); n > 0 {
		p.Steps, p.Zs = make([]movement.Dir, n), make([]int8, n)
		for i := range p.Steps {
			p.Steps[i] = movement.Dir(d.n("step", 0, 7))
			p.Zs[i] = int8(d.n("step z", -128, 127))
		}
	}
	p.Next = d.coord("path next")
	p.Repath = d.u("repath")
	p.Failed = d.bool("failed")
	p.RetryAt = d.i("retry at")
	switch d.n("intent state", 0, 5) {
	case 1:
		m.Follow = &systems.FollowState{Target: d.u("target"), Range: d.coord("range"), NextRepath: d.i("next repath"), LastGoal: d.point("last goal")}
	case 2:
		m.Patrol = &c.Patrol{Route: d.coord("route"), Index: d.coord("index"), Fails: d.coord("fails"), Tolerance: d.coord("tolerance"), NextTry: d.i("next try")}
	case 3:
		m.Walk = &c.Walk{Route: d.coord("route"), Cell: d.coord("cell"), Goal: d.coord("goal"), NextTry: d.i("next try")}
	case 4:
		m.Wander = &c.Wander{Home: d.point("home"), Radius: d.coord("radius"), NextTry: d.i("next try")}
	case 5:
		m.GoTo = &c.GoTo{Goal: d.point("goal"), Range: d.coord("range"), Fails: d.coord("fails"), NextTry: d.i("next try"),
			Done: d.bool("done"), GaveUp: d.bool("gave up")}
	}
}
