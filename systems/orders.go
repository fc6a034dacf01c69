package systems

import (
	"fmt"

	"github.com/mlange-42/arche/ecs"

	c "github.com/shardcore/shardcore/components"
	"github.com/shardcore/shardcore/movement"
)

// goToMaxFails is how many failed searches give a move-to order up.
const goToMaxFails = 3

// goToAI walks mobiles with a move-to order to their goal.
type goToAI struct{}

// think sends a mobile to its goal: arrived (within range, its path
// walked) it stops and says so; with no path left it asks for one, waiting
// out a failed search's back-off, and gives up after goToMaxFails failed
// searches for the same goal.
func (goToAI) think(s *Sim, e ecs.Entity) {
	g, req := s.maps.goTo.Get(e), s.maps.req.Get(e)
	if g.Done || req.Active {
		return
	}
	pos, path := s.maps.pos.Get(e), s.maps.path.Get(e)
	id := s.maps.mob.Get(e).ID
	if cheb(pos.Point(), g.Goal) <= g.Range && path.Remaining() == 0 {
		g.Done = true
		ev := s.event(EventArrived, id, int(pos.X), int(pos.Y), int(pos.Z))
		ev.Goal = g.Goal
		s.ev.add(ev)
		return
	}
	if path.Remaining() > 0 {
		return
	}
	if path.Failed {
		path.Failed = false
		g.Fails++
		g.NextTry = path.RetryAt
		if g.Fails >= goToMaxFails {
			g.Done, g.GaveUp = true, true
			ev := s.event(EventGaveUp, id, int(pos.X), int(pos.Y), int(pos.Z))
			ev.Goal = g.Goal
			s.ev.add(ev)
			return
		}
	}
	if s.now < g.NextTry {
		s.schedThink(e, g.NextTry)
		return
	}
	s.request(e, req, g.Goal, g.Range)
}

// SetOrder replaces mobile id's order: its path and pending search are
// dropped and its AI thinks at the next tick under the new order (the zero
// Order stops it where it stands). Structural: call it between ticks.
func (s *Sim) SetOrder(id uint64, o Order) error {
	e, err := s.mobile(id)
	if err != nil {
		return fmt.Errorf("systems: set order: %w", err)
	}
	target, err := s.checkOrder(&o, id)
	if err != nil {
		return fmt.Errorf("systems: set order of mobile %d: %w", id, err)
	}
	if o.intent() == intentFollow && s.leadsTo(target, e) {
		return fmt.Errorf("systems: set order of mobile %d: %w: following %d would make a ring of followers", id, ErrBadOrder, o.Follow.Target)
	}
	s.dropOrder(e)
	if cid, ok := s.intentComponent(o.intent()); ok {
		s.w.Add(e, cid)
	}
	s.setIntent(e, &o, target)
	s.touch(e)
	return nil
}

// leadsTo reports whether following from f up its leaders reaches e.
func (s *Sim) leadsTo(f, e ecs.Entity) bool {
	for n := 0; s.w.Alive(f) && n < 1<<16; n++ {
		if f == e {
			return true
		}
		if !s.maps.follow.Has(f) {
			return false
		}
		f = s.maps.follow.Get(f).Target
	}
	return false
}

// dropOrder ends mobile e's order: its intent component goes (a follower
// leaves its leader's list), its path, pending search and chase are
// dropped, and it stands still (intentNone).
func (s *Sim) dropOrder(e ecs.Entity) {
	sc := s.maps.sched.Get(e)
	if sc.intent == intentFollow {
		s.unlink(s.maps.follow.Get(e).Target, e)
	}
	if cid, ok := s.intentComponent(sc.intent); ok {
		s.w.Remove(e, cid)
	}
	sc = s.maps.sched.Get(e) // a structural change moves the components
	sc.intent, sc.chasing = intentNone, false
	sc.party = s.maps.mob.Get(e).ID
	path := s.maps.path.Get(e)
	path.Clear()
	path.Failed, path.RetryAt = false, 0
	s.maps.req.Get(e).Active = false // a queued entry is dropped when served
}

// DespawnMobile removes mobile id. Its followers stop where they stand.
// Structural: call it between ticks.
func (s *Sim) DespawnMobile(id uint64) error {
	e, err := s.mobile(id)
	if err != nil {
		return fmt.Errorf("systems: despawn: %w", err)
	}
	s.stopFollowers(e)
	sc := s.maps.sched.Get(e)
	if sc.intent == intentFollow {
		s.unlink(s.maps.follow.Get(e).Target, e)
	}
	pos, mob := s.maps.pos.Get(e), s.maps.mob.Get(e)
	if s.sch.sleep != nil && mob.Caps&movement.Player != 0 {
		s.sch.sleep.player(s, s.sch.sleep.sectorOf(int(pos.X), int(pos.Y)), -1)
	}
	s.idx.RemoveMobile(s.maps.ref.Get(e).H)
	delete(s.reg.byID, id)
	s.w.RemoveEntity(e) // its timers, queue and touch entries are skipped as dead
	return nil
}

// stopFollowers stops every mobile following e.
func (s *Sim) stopFollowers(e ecs.Entity) {
	for _, f := range s.followersOf(e, nil) {
		s.dropOrder(f)
		s.touch(f)
	}
}

// followersOf appends the mobiles following e to dst.
func (s *Sim) followersOf(e ecs.Entity, dst []ecs.Entity) []ecs.Entity {
	sc := s.maps.sched.Get(e)
	if !sc.leads {
		return dst
	}
	dst = append(dst, sc.follower)
	return append(dst, s.sch.followers[e]...)
}

// Followers appends to dst the ids of the mobiles following mobile id, in
// the order they took it up.
func (s *Sim) Followers(id uint64, dst []uint64) ([]uint64, error) {
	e, err := s.mobile(id)
	if err != nil {
		return dst, fmt.Errorf("systems: followers: %w", err)
	}
	for _, f := range s.followersOf(e, nil) {
		dst = append(dst, s.maps.mob.Get(f).ID)
	}
	return dst, nil
}

// TeleportMobile puts mobile id at (x, y, z) of this map at once. Its
// path is dropped and a pending search asks again from there; the mobiles
// following it think again. Call it between ticks.
func (s *Sim) TeleportMobile(id uint64, x, y, z int) error {
	e, err := s.mobile(id)
	if err != nil {
		return fmt.Errorf("systems: teleport: %w", err)
	}
	if err := s.inMap(x, y, z); err != nil {
		return fmt.Errorf("systems: teleport mobile %d: %w", id, err)
	}
	pos, mob, sc := s.maps.pos.Get(e), s.maps.mob.Get(e), s.maps.sched.Get(e)
	s.playerMoved(mob.Caps, int(pos.X), int(pos.Y), x, y)
	pos.X, pos.Y, pos.Z = int16(x), int16(y), int8(z)
	s.idx.MoveMobile(s.maps.ref.Get(e).H, x, y, int8(z))
	path := s.maps.path.Get(e)
	path.Clear()
	path.Failed, path.RetryAt = false, 0
	sc.chasing = false
	if sc.intent == intentFollow {
		s.maps.follow.Get(e).LastGoal.X = -1
	}
	s.touch(e)
	for _, f := range s.followersOf(e, nil) {
		s.touch(f)
	}
	s.ev.add(s.event(EventTeleported, id, x, y, z))
	return nil
}

// SpawnItem creates a dynamic item and returns its id. Structural: call
// it between ticks.
func (s *Sim) SpawnItem(sp ItemSpec) (uint64, error) {
	if err := s.inMap(sp.X, sp.Y, sp.Z); err != nil {
		return 0, fmt.Errorf("systems: spawn item %#x: %w", sp.ID, err)
	}
	id, err := s.reg.claimItem(sp.Serial)
	if err != nil {
		return 0, fmt.Errorf("systems: spawn item %#x: %w", sp.ID, err)
	}
	ids := []ecs.ID{s.ids.pos, s.ids.item, s.ids.ref}
	if sp.Door {
		ids = append(ids, s.ids.door)
	}
	if sp.Field {
		ids = append(ids, s.ids.field)
	}
	if sp.Movable {
		ids = append(ids, s.ids.movable)
	}
	e := s.w.NewEntity(ids...)
	s.reg.items[id] = e
	flags, h := s.td.ItemFlagsHeight(sp.ID)
	*s.maps.pos.Get(e) = c.Position{Map: s.m.ID, X: int16(sp.X), Y: int16(sp.Y), Z: int8(sp.Z)}
	*s.maps.item.Get(e) = c.Item{ID: sp.ID, Z: int8(sp.Z), Height: uint8(min(max(h, 0), 255)), Flags: flags, Serial: id}
	s.maps.ref.Get(e).H = s.idx.AddItem(e, sp.X, sp.Y, movement.Item{ID: sp.ID, Z: int8(sp.Z), Movable: sp.Movable})
	return id, nil
}

// RemoveItem removes item id. Structural: call it between ticks.
func (s *Sim) RemoveItem(id uint64) error {
	e, err := s.item(id)
	if err != nil {
		return fmt.Errorf("systems: remove item: %w", err)
	}
	s.idx.RemoveItem(s.maps.ref.Get(e).H)
	delete(s.reg.items, id)
	s.w.RemoveEntity(e)
	return nil
}

// SetDoor opens or closes door id. A door opened here stays open until
// closed here (a door a mobile opens closes by itself).
func (s *Sim) SetDoor(id uint64, open bool) error {
	e, err := s.item(id)
	if err != nil {
		return fmt.Errorf("systems: set door: %w", err)
	}
	if !s.maps.door.Has(e) {
		return fmt.Errorf("systems: set door: item %#x: %w: not a door", id, ErrBadOrder)
	}
	d := s.maps.door.Get(e)
	d.Open, d.CloseAt = open, 0
	if open {
		d.CloseAt = heldOpen
	}
	s.idx.SetItemHidden(s.maps.ref.Get(e).H, open)
	return nil
}

// heldOpen is the CloseAt of a door held open by SetDoor.
const heldOpen int64 = 1<<63 - 1

// Receive spawns a mobile arriving from another map of the shard (its id
// kept) and says so with EventTeleported. Structural: call it between
// ticks.
func (s *Sim) Receive(sp MobileSpec) (uint64, error) {
	id, err := s.SpawnMobile(sp)
	if err != nil {
		return 0, err
	}
	s.ev.add(s.event(EventTeleported, id, sp.X, sp.Y, sp.Z))
	return id, nil
}

// OrderOf returns the order that gives mobile state ms's intent again
// (for a mobile moved to another map), and whether it has one that can
// go with it: a follow order (its target must be on the map it goes to);
// a patrol, walk, wander or move-to order names routes and cells of this
// map and does not go.
func OrderOf(ms *MobileState) (Order, bool) {
	if ms.Follow != nil {
		return Order{Follow: &FollowSpec{Target: ms.Follow.Target, Range: ms.Follow.Range}}, true
	}
	return Order{}, false
}
