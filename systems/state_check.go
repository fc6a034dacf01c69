package systems

import (
	"fmt"

	"github.com/shardcore/shardcore/movement"
)

// checkState reports what makes st unfit for s (nil: fit). s must be new:
// nothing spawned, no tick run.
func (s *Sim) checkState(st *State) error {
	if s.tick != 0 || len(s.reg.byID) != 0 || len(s.reg.items) != 0 || len(s.reg.routes) != 0 || len(s.reg.walks) != 0 {
		return badState("restore into a new Sim only (this one has run or spawned)")
	}
	if st.Map != s.m.ID {
		return badState("a state of map %d, not of this map %d", st.Map, s.m.ID)
	}
	if err := s.checkRoutes(st); err != nil {
		return err
	}
	mobs, err := s.checkMobiles(st)
	if err != nil {
		return err
	}
	if err := s.checkItems(st); err != nil {
		return err
	}
	return s.checkSchedules(st, mobs)
}

// badState returns an error wrapping ErrBadState.
func badState(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrBadState}, args...)...)
}

// checkRoutes checks the state's routes and walked routes.
func (s *Sim) checkRoutes(st *State) error {
	for i, r := range st.Routes {
		if len(r) == 0 {
			return badState("route %d is empty", i)
		}
		for _, p := range r {
			if !s.m.InBounds(p.X, p.Y) {
				return badState("route %d: waypoint (%d,%d) off the map", i, p.X, p.Y)
			}
		}
	}
	for i, w := range st.Walks {
		if len(w) < 2 {
			return badState("walked route %d has %d cells", i, len(w))
		}
		for _, p := range w {
			if s.inMap(p.X, p.Y, p.Z) != nil {
				return badState("walked route %d: cell (%d,%d,%d) off the map", i, p.X, p.Y, p.Z)
			}
		}
	}
	return nil
}

// checkMobiles checks every mobile and who follows whom, and returns the
// mobiles by id.
func (s *Sim) checkMobiles(st *State) (map[uint64]*MobileState, error) {
	mobs := make(map[uint64]*MobileState, len(st.Mobiles))
	for i := range st.Mobiles {
		ms := &st.Mobiles[i]
		if ms.ID == 0 || IsItemID(ms.ID) || mobs[ms.ID] != nil {
			return nil, badState("mobile id %d is zero, an item's or listed twice", ms.ID)
		}
		mobs[ms.ID] = ms
	}
	followed := map[uint64]uint64{} // follower -> the leader listing it
	for _, ms := range st.Mobiles {
		if err := s.checkMobileState(&ms, st, mobs); err != nil {
			return nil, badState("mobile %d: %v", ms.ID, err)
		}
		for _, f := range ms.Sched.Followers {
			fs := mobs[f]
			if fs == nil || fs.Follow == nil || fs.Follow.Target != ms.ID || followed[f] != 0 {
				return nil, badState("mobile %d lists %d as a follower, which does not follow it (or is listed twice)", ms.ID, f)
			}
			followed[f] = ms.ID
		}
	}
	for _, ms := range st.Mobiles {
		if ms.Follow != nil && followed[ms.ID] != ms.Follow.Target {
			return nil, badState("mobile %d follows %d, which does not list it", ms.ID, ms.Follow.Target)
		}
	}
	return mobs, nil
}

// checkItems checks the items.
func (s *Sim) checkItems(st *State) error {
	items := map[uint64]bool{}
	for _, it := range st.Items {
		if !IsItemID(it.Serial) || items[it.Serial] {
			return badState("item id %#x is not an item's or listed twice", it.Serial)
		}
		items[it.Serial] = true
		if err := s.inMap(it.X, it.Y, it.Z); err != nil {
			return badState("item %#x: %v", it.Serial, err)
		}
	}
	return nil
}

// checkSchedules checks that the timers, touched list, path queue and
// sleeping sectors name mobiles of the state.
func (s *Sim) checkSchedules(st *State, mobs map[uint64]*MobileState) error {
	known := func(what string, ids ...uint64) error {
		for _, id := range ids {
			if mobs[id] == nil {
				return badState("%s names mobile %d, which the state does not hold", what, id)
			}
		}
		return nil
	}
	for _, ws := range []*WheelState{&st.Moves, &st.Thinks} {
		for _, t := range ws.Timers {
			if err := known("a timer", t.ID); err != nil {
				return err
			}
			if t.At < ws.Next {
				return badState("a timer of mobile %d at %d ms, before its wheel's next %d", t.ID, t.At, ws.Next)
			}
		}
	}
	if err := known("the touched list", st.Touched...); err != nil {
		return err
	}
	if err := known("the path queue", st.Queue...); err != nil {
		return err
	}
	if st.Postponed != 0 {
		if err := known("the postponed request", st.Postponed); err != nil {
			return err
		}
	}
	for _, sec := range st.Asleep {
		if s.sch.sleep == nil {
			return badState("sleeping sectors in a state, and none in this Sim's options")
		}
		if sec.Sector < 0 || int(sec.Sector) >= len(s.sch.sleep.near) {
			return badState("sleeping sector %d is not one of the map's", sec.Sector)
		}
		if err := known("a sleeping sector", sec.IDs...); err != nil {
			return err
		}
	}
	return nil
}

// checkMobileState checks one mobile's state against the rest of st.
func (s *Sim) checkMobileState(ms *MobileState, st *State, mobs map[uint64]*MobileState) error {
	if err := s.inMap(ms.X, ms.Y, ms.Z); err != nil {
		return err
	}
	if ms.Speed == 0 || ms.Facing > 7 {
		return fmt.Errorf("speed %d or facing %d out of range", ms.Speed, ms.Facing)
	}
	p := &ms.Path
	if len(p.Steps) != len(p.Zs) || p.Next < 0 || p.Next > len(p.Steps) {
		return fmt.Errorf("path of %d steps, %d Zs, next %d", len(p.Steps), len(p.Zs), p.Next)
	}
	for _, d := range p.Steps {
		if d > 7 {
			return fmt.Errorf("path step %d is no direction", d)
		}
	}
	if !s.m.InBounds(ms.Request.Goal.X, ms.Request.Goal.Y) && (ms.Request.Active || ms.Request.Queued) {
		return fmt.Errorf("a pending request to (%d,%d), off the map", ms.Request.Goal.X, ms.Request.Goal.Y)
	}
	if err := checkIntent(ms, st, mobs); err != nil {
		return err
	}
	if ms.GoTo != nil && !s.m.InBounds(ms.GoTo.Goal.X, ms.GoTo.Goal.Y) {
		return fmt.Errorf("moves to (%d,%d), off the map", ms.GoTo.Goal.X, ms.GoTo.Goal.Y)
	}
	if ms.Caps&^movement.Caps(0xFF) != 0 {
		return fmt.Errorf("caps %#x has unknown bits", ms.Caps)
	}
	return nil
}

// checkIntent checks that mobile ms's intent has its state and that the
// state names what st holds.
func checkIntent(ms *MobileState, st *State, mobs map[uint64]*MobileState) error {
	set := 0
	for _, on := range []bool{ms.Follow != nil, ms.Patrol != nil, ms.Walk != nil, ms.Wander != nil, ms.GoTo != nil} {
		if on {
			set++
		}
	}
	want := map[uint8]bool{intentFollow: ms.Follow != nil, intentPatrol: ms.Patrol != nil, intentWalk: ms.Walk != nil,
		intentWander: ms.Wander != nil, intentGoTo: ms.GoTo != nil}
	i := ms.Sched.Intent
	switch {
	case i >= numIntents:
		return fmt.Errorf("intent %d is unknown", i)
	case i == intentNone || i == intentSteps:
		if set != 0 {
			return fmt.Errorf("intent %d with an intent's state", i)
		}
	case set != 1 || !want[i]:
		return fmt.Errorf("intent %d without its state", i)
	}
	switch {
	case ms.Follow != nil:
		if t := mobs[ms.Follow.Target]; t == nil || t.ID == ms.ID {
			return fmt.Errorf("follows %d, which the state does not hold", ms.Follow.Target)
		}
	case ms.Patrol != nil:
		if ms.Patrol.Route < 0 || ms.Patrol.Route >= len(st.Routes) || ms.Patrol.Index < 0 || ms.Patrol.Index >= len(st.Routes[ms.Patrol.Route]) {
			return fmt.Errorf("patrols route %d from waypoint %d, which the state does not hold", ms.Patrol.Route, ms.Patrol.Index)
		}
	case ms.Walk != nil:
		if w := ms.Walk; w.Route < 0 || w.Route >= len(st.Walks) || w.Cell < 0 || w.Cell >= len(st.Walks[w.Route]) ||
			w.Goal < -1 || w.Goal >= len(st.Walks[w.Route]) {
			return fmt.Errorf("walks route %d from cell %d, which the state does not hold", w.Route, w.Cell)
		}
	case ms.Wander != nil:
		if ms.Wander.Radius < 1 {
			return fmt.Errorf("wanders within radius %d", ms.Wander.Radius)
		}
	}
	return nil
}
