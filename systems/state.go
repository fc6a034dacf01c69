package systems

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/mlange-42/arche/ecs"

	c "github.com/shardcore/shardcore/components"
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/world"
)

// State is a Sim's simulation state as plain data, ids in place of
// entities: what a save holds. Restored into a new Sim over the same map
// with the same options, it ticks on exactly as the Sim it was taken from
// (the same positions after any number of further ticks) wherever the
// Sim's own run is deterministic: under the deterministic budgets, or a
// time budget that never binds. What it leaves out changes no outcome:
// the statistics, the step cache, the cost estimates of the time budget,
// searches paused at a deadline (searched afresh), undrained events.
type State struct {
	Map      world.MapID
	Tick     uint64
	Now      int64  // game ms of the last tick
	Rand     []byte // the random stream's state (math/rand/v2 PCG)
	NextMob  uint64 // the next local mobile and item numbers
	NextItem uint64
	Routes   [][]world.Point
	Walks    [][]RouteCell
	Mobiles  []MobileState // in id order
	Items    []ItemState   // in id order
	// Round is the touch round; Touched the mobiles to think at the next
	// think stage, in order.
	Round   uint32
	Touched []uint64
	// Moves and Thinks are the timing wheels' timers, slot by slot in
	// each slot's order.
	Moves, Thinks WheelState
	// Queue is the path requests waiting, oldest first; Postponed the one
	// a capped search ran out of nodes on (0: none).
	Queue     []uint64
	Postponed uint64
	// Asleep is each sleeping sector's NPCs, in the order they fell asleep.
	Asleep []SleepingSector
}

// WheelState is a timing wheel's timers.
type WheelState struct {
	Next   int64
	Timers []TimerState
}

// TimerState is one timer: mobile ID is due at game ms At.
type TimerState struct {
	ID uint64
	At int64
}

// SleepingSector is one sleeping sector's NPCs.
type SleepingSector struct {
	Sector int32
	IDs    []uint64
}

// MobileState is one mobile's state.
type MobileState struct {
	ID       uint64
	X, Y, Z  int
	Facing   movement.Dir
	Speed    uint16
	Caps     movement.Caps
	NextMove int64
	Sched    SchedState
	Request  c.PathRequest
	Path     c.PathState
	// The intent's state: at most one is set, as Sched.Intent says.
	Follow *FollowState
	Patrol *c.Patrol
	Walk   *c.Walk
	Wander *c.Wander
	GoTo   *c.GoTo
}

// SchedState is a mobile's place in the schedules. Followers lists the
// mobiles following it, in the order they took it up.
type SchedState struct {
	MoveAt, ThinkAt int64
	Touched         uint32
	Intent          uint8
	Asleep, Chasing bool
	Party           uint64
	Followers       []uint64
}

// FollowState is a follower's state, its target by id.
type FollowState struct {
	Target     uint64
	Range      int
	NextRepath int64
	LastGoal   world.Point
}

// ItemState is one dynamic item's state.
type ItemState struct {
	Serial               uint64
	X, Y, Z              int
	ID                   uint16
	Door, Field, Movable bool
	Open                 bool
	CloseAt              int64
}

// State returns the Sim's state. Call it between ticks. A state of many
// mobiles is taken in a few large allocations (a save captures it between
// two ticks); its slices share them, so copy what is kept after changing.
func (s *Sim) State() (*State, error) {
	rnd, err := s.rnd.src.MarshalBinary()
	if err != nil {
		return nil, fmt.Errorf("systems: state: random stream: %w", err)
	}
	st := &State{Map: s.m.ID, Tick: s.tick, Now: s.now, Rand: rnd, NextMob: s.reg.nextMob, NextItem: s.reg.nextItem,
		Round: s.sch.round, Postponed: s.idOf(s.paths.postponed)}
	a := newStateArena()
	st.Routes = make([][]world.Point, 0, len(s.reg.routes))
	for _, r := range s.reg.routes {
		st.Routes = append(st.Routes, a.points.take(r))
	}
	for _, w := range s.reg.walks {
		st.Walks = append(st.Walks, slices.Clone(w))
	}
	ids := s.MobileIDs()
	st.Mobiles = make([]MobileState, len(ids))
	for i, id := range ids {
		s.mobileState(s.reg.byID[id], &st.Mobiles[i], a)
	}
	for _, e := range s.reg.items {
		if s.w.Alive(e) {
			st.Items = append(st.Items, s.itemState(e))
		}
	}
	slices.SortFunc(st.Items, func(a, b ItemState) int { return cmp.Compare(a.Serial, b.Serial) })
	st.Touched = s.idsOf(s.sch.touched)
	st.Queue = s.idsOf(s.paths.queue[s.paths.head:])
	st.Moves, st.Thinks = s.wheelState(s.sch.moves), s.wheelState(s.sch.thinks)
	if s.sch.sleep != nil {
		for si, list := range s.sch.sleep.asleep {
			st.Asleep = append(st.Asleep, SleepingSector{Sector: si, IDs: s.idsOf(list)})
		}
		slices.SortFunc(st.Asleep, func(a, b SleepingSector) int { return cmp.Compare(a.Sector, b.Sector) })
	}
	return st, nil
}

// stateArena hands out the many small parts of a state from a few large
// allocations.
type stateArena struct {
	points    slab[world.Point]
	dirs      slab[movement.Dir]
	zs        slab[int8]
	ids       slab[uint64]
	follows   slab[FollowState]
	patrols   slab[c.Patrol]
	walks     slab[c.Walk]
	wanders   slab[c.Wander]
	goTos     slab[c.GoTo]
	followers []ecs.Entity // scratch
	scratch   []uint64
}

// slabChunk is how many values a slab allocates at a time.
const slabChunk = 1 << 14

// newStateArena is the arena a whole state is taken with: its slabs
// allocate slabChunk values at a time.
func newStateArena() *stateArena {
	a := &stateArena{}
	a.points.chunk, a.dirs.chunk, a.zs.chunk, a.ids.chunk = slabChunk, slabChunk, slabChunk, slabChunk
	a.follows.chunk, a.patrols.chunk, a.walks.chunk, a.wanders.chunk, a.goTos.chunk = slabChunk, slabChunk, slabChunk, slabChunk, slabChunk
	return a
}

// slab hands out values and slices carved from chunks of chunk values (0:
// each allocation just large enough, for one mobile's state).
type slab[T any] struct {
	buf   []T
	chunk int
}

// take returns a copy of v carved from the slab (nil when v is empty).
func (s *slab[T]) take(v []T) []T {
	if len(v) == 0 {
		return nil
	}
	if len(v) > cap(s.buf)-len(s.buf) {
		s.buf = make([]T, 0, max(s.chunk, len(v)))
	}
	n := len(s.buf)
	s.buf = append(s.buf, v...)
	return s.buf[n:len(s.buf):len(s.buf)]
}

// one returns a pointer to a copy of v carved from the slab.
func (s *slab[T]) one(v T) *T {
	if len(s.buf) == cap(s.buf) {
		s.buf = make([]T, 0, max(s.chunk, 1))
	}
	s.buf = append(s.buf, v)
	return &s.buf[len(s.buf)-1]
}

// idOf returns live mobile e's id, 0 for none.
func (s *Sim) idOf(e ecs.Entity) uint64 {
	if e.IsZero() || !s.w.Alive(e) || !s.maps.mob.Has(e) {
		return 0
	}
	return s.maps.mob.Get(e).ID
}

// idsOf returns the ids of the live mobiles of es, in order.
func (s *Sim) idsOf(es []ecs.Entity) []uint64 {
	var out []uint64
	for _, e := range es {
		if id := s.idOf(e); id != 0 {
			out = append(out, id)
		}
	}
	return out
}

// wheelState returns w's live timers, slot by slot.
func (s *Sim) wheelState(w *wheel) WheelState {
	ws := WheelState{Next: w.next}
	for i := range w.slots {
		for _, tm := range w.slots[i] {
			if id := s.idOf(tm.e); id != 0 {
				ws.Timers = append(ws.Timers, TimerState{ID: id, At: tm.at})
			}
		}
	}
	return ws
}

// mobileState fills ms with mobile e's state, its parts from a.
func (s *Sim) mobileState(e ecs.Entity, ms *MobileState, a *stateArena) {
	pos, mob, sc := s.maps.pos.Get(e), s.maps.mob.Get(e), s.maps.sched.Get(e)
	path := s.maps.path.Get(e)
	*ms = MobileState{ID: mob.ID, X: int(pos.X), Y: int(pos.Y), Z: int(pos.Z), Facing: s.maps.facing.Get(e).Dir,
		Speed: mob.Speed, Caps: mob.Caps, NextMove: mob.NextMove, Request: *s.maps.req.Get(e),
		Path: c.PathState{Steps: a.dirs.take(path.Steps), Zs: a.zs.take(path.Zs), Next: path.Next, Repath: path.Repath,
			Failed: path.Failed, RetryAt: path.RetryAt},
		Sched: SchedState{MoveAt: sc.moveAt, ThinkAt: sc.thinkAt, Touched: sc.touched, Intent: sc.intent,
			Asleep: sc.asleep, Chasing: sc.chasing, Party: sc.party},
	}
	if sc.leads {
		a.followers = s.followersOf(e, a.followers[:0])
		a.scratch = a.scratch[:0]
		for _, f := range a.followers {
			if id := s.idOf(f); id != 0 {
				a.scratch = append(a.scratch, id)
			}
		}
		ms.Sched.Followers = a.ids.take(a.scratch)
	}
	switch sc.intent {
	case intentFollow:
		f := s.maps.follow.Get(e)
		ms.Follow = a.follows.one(FollowState{Target: s.idOf(f.Target), Range: f.Range, NextRepath: f.NextRepath, LastGoal: f.LastGoal})
	case intentPatrol:
		ms.Patrol = a.patrols.one(*s.maps.patrol.Get(e))
	case intentWalk:
		ms.Walk = a.walks.one(*s.maps.walk.Get(e))
	case intentWander:
		ms.Wander = a.wanders.one(*s.maps.wander.Get(e))
	case intentGoTo:
		ms.GoTo = a.goTos.one(*s.maps.goTo.Get(e))
	}
}

// Mobile returns mobile id's state: where it stands, its capabilities,
// pace, order (its intent's state), pending request and path.
func (s *Sim) Mobile(id uint64) (MobileState, error) {
	e, err := s.mobile(id)
	if err != nil {
		return MobileState{}, fmt.Errorf("systems: %w", err)
	}
	var ms MobileState
	s.mobileState(e, &ms, &stateArena{})
	return ms, nil
}

// itemState returns item e's state.
func (s *Sim) itemState(e ecs.Entity) ItemState {
	pos, it := s.maps.pos.Get(e), s.maps.item.Get(e)
	is := ItemState{Serial: it.Serial, X: int(pos.X), Y: int(pos.Y), Z: int(pos.Z), ID: it.ID,
		Door: s.maps.door.Has(e), Field: s.w.Has(e, s.ids.field), Movable: s.w.Has(e, s.ids.movable)}
	if is.Door {
		d := s.maps.door.Get(e)
		is.Open, is.CloseAt = d.Open, d.CloseAt
	}
	return is
}

// OrderName names the mobile's order: "follow", "patrol", "walk_route",
// "wander", "move_to", "steps" or "stop".
func (ms *MobileState) OrderName() string {
	switch ms.Sched.Intent {
	case intentFollow:
		return "follow"
	case intentPatrol:
		return "patrol"
	case intentWalk:
		return "walk_route"
	case intentWander:
		return "wander"
	case intentGoTo:
		return "move_to"
	case intentSteps:
		return "steps"
	}
	return "stop"
}
