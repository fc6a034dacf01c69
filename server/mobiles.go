package server

import (
	"errors"
	"fmt"

	"github.com/shardcore/shardcore/config"
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/pathing"
	"github.com/shardcore/shardcore/systems"
	"github.com/shardcore/shardcore/world"
)

// The shard's mobiles, items and queries for an embedding game server.
// Every method here is safe from any goroutine: it waits for the running
// tick, if any, and runs between ticks (a Hook of RunHook runs between
// ticks already). Each map's simulation is reached on the map's own
// goroutine while Run or Step runs, inline otherwise.

// Errors of the shard's calls.
var (
	// ErrMapNotLoaded: a map that is not one of world.maps.
	ErrMapNotLoaded = errors.New("map not loaded")
	// ErrClosed: the shard was closed (or its Run ended).
	ErrClosed = errors.New("shard closed")
)

// usable returns ErrClosed once the shard is closed (holding mu).
func (s *Server) usable() error {
	if s.closed {
		return fmt.Errorf("server: %w", ErrClosed)
	}
	return nil
}

// mapOf returns map id's entry.
func (s *Server) mapOf(id world.MapID) (*mapEntry, error) {
	if me := s.entry(id); me != nil {
		return me, nil
	}
	return nil, fmt.Errorf("server: map %d: %w (world.maps %v)", id, ErrMapNotLoaded, s.MapIDs())
}

// locate returns the map mobile id is on: the map that minted it first,
// then the others.
func (s *Server) locate(id uint64) (*mapEntry, error) {
	if me := s.entry(world.MapID(id >> systems.IDMapShift)); me != nil && me.sim.HasMobile(id) {
		return me, nil
	}
	for _, me := range s.maps {
		if me.sim.HasMobile(id) {
			return me, nil
		}
	}
	return nil, fmt.Errorf("server: mobile %d: %w", id, systems.ErrUnknownMobile)
}

// locateItem returns the map item id is on.
func (s *Server) locateItem(id uint64) (*mapEntry, error) {
	if !systems.IsItemID(id) {
		return nil, fmt.Errorf("server: item %#x: %w", id, systems.ErrUnknownItem)
	}
	if me := s.entry(world.MapID(id >> systems.IDMapShift)); me != nil {
		return me, nil
	}
	return nil, fmt.Errorf("server: item %#x: %w", id, systems.ErrUnknownItem)
}

// onMapErr runs fn on map me's goroutine (inline when the maps' goroutines
// do not run) and returns its error.
func (s *Server) onMapErr(me *mapEntry, fn func() error) error {
	var err error
	s.onMap(me, func() { err = fn() })
	return err
}

// Spawn spawns a mobile on map m and returns its id (unique in the shard).
func (s *Server) Spawn(m world.MapID, sp systems.MobileSpec) (uint64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.usable(); err != nil {
		return 0, err
	}
	me, err := s.mapOf(m)
	if err != nil {
		return 0, err
	}
	var id uint64
	err = s.onMapErr(me, func() (err error) { id, err = me.sim.SpawnMobile(sp); return err })
	return id, err
}

// Despawn removes mobile id from the shard; its followers stop.
func (s *Server) Despawn(id uint64) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.usable(); err != nil {
		return err
	}
	me, err := s.locate(id)
	if err != nil {
		return err
	}
	return s.onMapErr(me, func() error { return me.sim.DespawnMobile(id) })
}

// SetOrder replaces mobile id's order (the zero Order stops it).
func (s *Server) SetOrder(id uint64, o systems.Order) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.usable(); err != nil {
		return err
	}
	me, err := s.locate(id)
	if err != nil {
		return err
	}
	return s.onMapErr(me, func() error { return me.sim.SetOrder(id, o) })
}

// Mobile returns mobile id's map and state.
func (s *Server) Mobile(id uint64) (world.MapID, systems.MobileState, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.usable(); err != nil {
		return 0, systems.MobileState{}, err
	}
	me, err := s.locate(id)
	if err != nil {
		return 0, systems.MobileState{}, err
	}
	var ms systems.MobileState
	err = s.onMapErr(me, func() (err error) { ms, err = me.sim.Mobile(id); return err })
	return me.id, ms, err
}

// Teleport puts mobile id at (x, y, z) of map m. On its own map it is moved
// at once (Sim.TeleportMobile). To another map it travels with the mobiles
// following it (and theirs): all are removed from their map and spawned on
// m at (x, y, z) with their ids, capabilities and pace; the followers keep
// following, the mobile's own order goes only when it is a follow order
// whose target is on m (else it stands still there). Each arrival is an
// EventTeleported on m. To a map another process of the shard runs
// ([cluster]) they leave through the Transit and arrive there once it has
// them. A point off m is refused before anything moves (off another
// process's map: they arrive at its nearest cell).
func (s *Server) Teleport(id uint64, m world.MapID, x, y, z int) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.usable(); err != nil {
		return err
	}
	return s.teleport(id, m, x, y, z)
}

// teleport is Teleport, holding mu.
func (s *Server) teleport(id uint64, m world.MapID, x, y, z int) error {
	dst := s.entry(m)
	remote := dst == nil && s.opts.Transit != nil && s.opts.Transit.Remote(m)
	if dst == nil && !remote {
		_, err := s.mapOf(m)
		return err
	}
	src, err := s.locate(id)
	if err != nil {
		return err
	}
	switch {
	case remote:
		return s.departRemote(src, id, m, x, y, z)
	case src == dst:
		return s.onMapErr(src, func() error { return src.sim.TeleportMobile(id, x, y, z) })
	case !dst.w.Map.InBounds(x, y) || z < -128 || z > 127:
		return fmt.Errorf("server: teleport mobile %d to map %d (%d,%d,%d): %w", id, m, x, y, z, systems.ErrOffMap)
	}
	mobs, err := s.depart(src, id)
	if err != nil {
		return err
	}
	_, err = Seam{s}.Arrive(Party{From: src.id, To: m, X: x, Y: y, Z: z, Mobiles: mobs})
	return err
}

// party returns mobile id's state and those of the mobiles following it
// and theirs, leaders before their followers.
func (s *Server) party(me *mapEntry, id uint64) ([]systems.MobileState, error) {
	var out []systems.MobileState
	err := s.onMapErr(me, func() error {
		queue := []uint64{id}
		for len(queue) > 0 && len(out) < 1<<16 {
			ms, err := me.sim.Mobile(queue[0])
			if err != nil {
				return err
			}
			queue = queue[1:]
			out = append(out, ms)
			queue = append(queue, ms.Sched.Followers...)
		}
		return nil
	})
	return out, err
}

// PlaceItem places a dynamic item (a door, a field, a crate) on map m and
// returns its id.
func (s *Server) PlaceItem(m world.MapID, it systems.ItemSpec) (uint64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.usable(); err != nil {
		return 0, err
	}
	me, err := s.mapOf(m)
	if err != nil {
		return 0, err
	}
	var id uint64
	err = s.onMapErr(me, func() (err error) { id, err = me.sim.SpawnItem(it); return err })
	return id, err
}

// RemoveItem removes item id.
func (s *Server) RemoveItem(id uint64) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.usable(); err != nil {
		return err
	}
	me, err := s.locateItem(id)
	if err != nil {
		return err
	}
	return s.onMapErr(me, func() error { return me.sim.RemoveItem(id) })
}

// SetDoor opens or closes door id (opened so, it stays open until closed).
func (s *Server) SetDoor(id uint64, open bool) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.usable(); err != nil {
		return err
	}
	me, err := s.locateItem(id)
	if err != nil {
		return err
	}
	return s.onMapErr(me, func() error { return me.sim.SetDoor(id, open) })
}

// FindPath searches map m for a path now, as the shard's searches do (its
// search over the step cache, the live rules' dynamics: doors, fields,
// mobiles; req.MaxNodes 0: pathfinding.maxNodes). The path is res.Dirs
// (copy it to keep it past the next call).
func (s *Server) FindPath(m world.MapID, req *pathing.Request, res *pathing.Result) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.usable(); err != nil {
		return err
	}
	me, err := s.mapOf(m)
	if err != nil {
		return err
	}
	mp := me.w.Map
	if !mp.InBounds(req.Start.X, req.Start.Y) || !mp.InBounds(req.Goal.X, req.Goal.Y) || req.StartZ < -128 || req.StartZ > 127 {
		return fmt.Errorf("server: find path on map %d from %v to %v: %w", m, req.Start, req.Goal, systems.ErrOffMap)
	}
	if req.MaxNodes <= 0 {
		req.MaxNodes = s.cfg.Pathfinding.MaxNodes
	}
	req.NowMs, req.Clock = me.sim.Now(), nil
	if req.Party == 0 {
		req.Party = req.Mover.Self
	}
	return s.onMapErr(me, func() error {
		if me.finder == nil {
			me.finder = s.newFinder(me)
		}
		me.finder.Find(req, res)
		return nil
	})
}

// newFinder is the finder FindPath searches map me with: the shard's
// search over its step cache (classic A* with pathfinding.enabled off),
// over the map's live rules with its dynamics.
func (s *Server) newFinder(me *mapEntry) pathing.Finder {
	r := me.sim.Rules().Clone()
	switch {
	case !s.cfg.Pathfinding.Enabled:
		return pathing.NewClassic(r)
	case s.cfg.Pathfinding.Search == systems.SearchJPS:
		return pathing.NewJPS(me.cache, r)
	}
	return pathing.NewCached(me.cache, r)
}

// CanStep reports whether a mover with capabilities caps standing at
// (x, y, z) of map m may step in d now (the live rules, dynamics
// included), and the Z it would arrive at.
func (s *Server) CanStep(m world.MapID, caps movement.Caps, x, y, z int, d movement.Dir) (newZ int, ok bool, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.usable(); err != nil {
		return 0, false, err
	}
	me, err := s.mapOf(m)
	if err != nil {
		return 0, false, err
	}
	if !me.w.Map.InBounds(x, y) || z < -128 || z > 127 || d > 7 {
		return 0, false, fmt.Errorf("server: can step on map %d from (%d,%d,%d) dir %d: %w", m, x, y, z, d, systems.ErrOffMap)
	}
	err = s.onMapErr(me, func() error {
		newZ, ok = me.sim.Rules().CheckMovement(movement.Mover{Caps: caps}, x, y, z, d)
		return nil
	})
	return newZ, ok, err
}

// SetEvents selects the event kinds every map keeps (0: none, the
// default) and how many each keeps undrained (0: systems.DefaultEventCap).
func (s *Server) SetEvents(mask systems.EventMask, capacity int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, me := range s.maps {
		s.onMap(me, func() { me.sim.SetEvents(mask, capacity) })
	}
}

// Events appends the events of the ticks since the last call to dst (map
// by map in world.maps order, each map's oldest first) and forgets them.
// Passing the same slice back (dst[:0]) drains without allocating once warm.
func (s *Server) Events(dst []systems.Event) []systems.Event {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, me := range s.maps {
		dst = me.sim.Events(dst) // between ticks: the maps' goroutines are idle
	}
	return dst
}

// Ticks returns the ticks the shard has run (a restored shard's count
// goes on from its save).
func (s *Server) Ticks() uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.ticks.n
}

// PositionsHash hashes every map's mobiles' ids and positions (map by map):
// two shards that ended in the same state have the same hash.
func (s *Server) PositionsHash() uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	h := uint64(14695981039346656037)
	for _, me := range s.maps {
		h ^= uint64(me.id)
		h *= 1099511628211
		h ^= me.sim.PositionsHash()
		h *= 1099511628211
	}
	return h
}

// Config returns the shard's configuration.
func (s *Server) Config() config.Config { return s.cfg }
