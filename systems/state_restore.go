package systems

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/mlange-42/arche/ecs"

	c "github.com/shardcore/shardcore/components"
	"github.com/shardcore/shardcore/movement"
)

// ErrBadState: a State that does not describe a simulation of this map
// (wrong map, a point off it, an id used twice or not found, a route or
// intent that does not exist). Restore refuses it whole.
var ErrBadState = errors.New("bad state")

// Restore loads st into s, a Sim new from NewSim over st's map with
// nothing spawned. It checks the whole state first and changes nothing
// when it refuses it (an error wrapping ErrBadState).
func (s *Sim) Restore(st *State) error {
	if err := s.checkState(st); err != nil {
		return fmt.Errorf("systems: restore: %w", err)
	}
	src := &rand.PCG{}
	if err := src.UnmarshalBinary(st.Rand); err != nil {
		return fmt.Errorf("systems: restore: %w: random stream: %v", ErrBadState, err)
	}
	*s.rnd.src = *src
	s.tick, s.now = st.Tick, st.Now
	s.reg.nextMob, s.reg.nextItem = st.NextMob, st.NextItem
	s.reg.routes, s.reg.walks, s.reg.walkOK = nil, nil, nil
	for _, r := range st.Routes {
		s.reg.routes = append(s.reg.routes, append(r[:0:0], r...))
	}
	for _, w := range st.Walks {
		s.reg.walks = append(s.reg.walks, append(w[:0:0], w...))
		s.reg.walkOK = append(s.reg.walkOK, s.checkWalk(w))
	}
	for i := range st.Mobiles {
		s.restoreMobile(&st.Mobiles[i])
	}
	for i := range st.Mobiles {
		s.restoreLinks(&st.Mobiles[i])
	}
	for i := range st.Items {
		s.restoreItem(&st.Items[i])
	}
	s.sch.round = st.Round
	s.sch.touched = s.entities(st.Touched, s.sch.touched[:0])
	s.paths.queue, s.paths.head = s.entities(st.Queue, s.paths.queue[:0]), 0
	s.paths.postponed = s.reg.byID[st.Postponed]
	s.restoreWheel(s.sch.moves, &st.Moves)
	s.restoreWheel(s.sch.thinks, &st.Thinks)
	if z := s.sch.sleep; z != nil {
		for _, sec := range st.Asleep {
			z.asleep[sec.Sector] = s.entities(sec.IDs, nil)
		}
	}
	return nil
}

// entities appends the entities of mobile ids to dst.
func (s *Sim) entities(ids []uint64, dst []ecs.Entity) []ecs.Entity {
	for _, id := range ids {
		dst = append(dst, s.reg.byID[id])
	}
	return dst
}

// restoreMobile creates mobile ms with its components, but not yet its
// links to other mobiles (restoreLinks).
func (s *Sim) restoreMobile(ms *MobileState) {
	sp := MobileSpec{X: ms.X, Y: ms.Y, Z: ms.Z, Tags: c.TagsOf(ms.Caps)}
	var o Order
	switch ms.Sched.Intent {
	case intentFollow:
		o.Follow = &FollowSpec{}
	case intentPatrol:
		o.Patrol = &PatrolSpec{}
	case intentWalk:
		o.Walk = &WalkSpec{}
	case intentWander:
		o.Wander = &WanderSpec{}
	case intentGoTo:
		o.GoTo = &GoToSpec{}
	}
	sp.Order = o
	e := s.w.NewEntity(s.mobileComponents(sp)...)
	s.reg.byID[ms.ID] = e
	*s.maps.pos.Get(e) = c.Position{Map: s.m.ID, X: int16(ms.X), Y: int16(ms.Y), Z: int8(ms.Z)}
	s.maps.facing.Get(e).Dir = ms.Facing
	*s.maps.mob.Get(e) = c.Mobile{ID: ms.ID, Speed: ms.Speed, Caps: ms.Caps, NextMove: ms.NextMove}
	mm := movement.Mobile{ID: ms.ID, Z: int8(ms.Z), Dead: ms.Caps&movement.Dead != 0}
	s.maps.ref.Get(e).H = s.idx.AddMobile(e, ms.X, ms.Y, mm)
	sc := ms.Sched
	*s.maps.sched.Get(e) = sched{moveAt: sc.MoveAt, thinkAt: sc.ThinkAt, touched: sc.Touched, intent: sc.Intent,
		asleep: sc.Asleep, chasing: sc.Chasing, party: sc.Party}
	*s.maps.req.Get(e) = ms.Request
	p := s.maps.path.Get(e)
	*p = ms.Path
	p.Steps, p.Zs = append([]movement.Dir(nil), ms.Path.Steps...), append([]int8(nil), ms.Path.Zs...)
	p.Trust = 0 // another index's stamp: the steps are checked
	switch sc.Intent {
	case intentPatrol:
		*s.maps.patrol.Get(e) = *ms.Patrol
	case intentWalk:
		*s.maps.walk.Get(e) = *ms.Walk
	case intentWander:
		*s.maps.wander.Get(e) = *ms.Wander
	case intentGoTo:
		*s.maps.goTo.Get(e) = *ms.GoTo
	}
	if s.sch.sleep != nil && ms.Caps&movement.Player != 0 {
		s.sch.sleep.count(s.sch.sleep.sectorOf(ms.X, ms.Y), +1)
	}
}

// restoreLinks sets mobile ms's follow target and its followers.
func (s *Sim) restoreLinks(ms *MobileState) {
	e := s.reg.byID[ms.ID]
	if ms.Follow != nil {
		f := ms.Follow
		*s.maps.follow.Get(e) = c.Follow{Target: s.reg.byID[f.Target], Range: f.Range, NextRepath: f.NextRepath, LastGoal: f.LastGoal}
	}
	if fs := ms.Sched.Followers; len(fs) > 0 {
		sc := s.maps.sched.Get(e)
		sc.leads, sc.follower = true, s.reg.byID[fs[0]]
		if len(fs) > 1 {
			s.sch.followers[e] = s.entities(fs[1:], nil)
		}
	}
}

// restoreItem creates item is.
func (s *Sim) restoreItem(is *ItemState) {
	ids := []ecs.ID{s.ids.pos, s.ids.item, s.ids.ref}
	if is.Door {
		ids = append(ids, s.ids.door)
	}
	if is.Field {
		ids = append(ids, s.ids.field)
	}
	if is.Movable {
		ids = append(ids, s.ids.movable)
	}
	e := s.w.NewEntity(ids...)
	s.reg.items[is.Serial] = e
	flags, h := s.td.ItemFlagsHeight(is.ID)
	*s.maps.pos.Get(e) = c.Position{Map: s.m.ID, X: int16(is.X), Y: int16(is.Y), Z: int8(is.Z)}
	*s.maps.item.Get(e) = c.Item{ID: is.ID, Z: int8(is.Z), Height: uint8(min(max(h, 0), 255)), Flags: flags, Serial: is.Serial}
	ref := s.maps.ref.Get(e)
	ref.H = s.idx.AddItem(e, is.X, is.Y, movement.Item{ID: is.ID, Z: int8(is.Z), Movable: is.Movable})
	if is.Door {
		*s.maps.door.Get(e) = c.Door{Open: is.Open, CloseAt: is.CloseAt}
		if is.Open {
			s.idx.SetItemHidden(ref.H, true)
		}
	}
}

// restoreWheel puts ws's timers in w, which is empty.
func (s *Sim) restoreWheel(w *wheel, ws *WheelState) {
	w.next = ws.Next
	for _, t := range ws.Timers {
		w.add(s.reg.byID[t.ID], t.At)
	}
}
