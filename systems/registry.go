package systems

import (
	"errors"
	"fmt"

	"github.com/mlange-42/arche/ecs"

	"github.com/shardcore/shardcore/world"
)

// Errors the Sim's calls wrap, so a caller can tell them apart with
// errors.Is.
var (
	// ErrUnknownMobile: no mobile of that id is on this map.
	ErrUnknownMobile = errors.New("no such mobile")
	// ErrUnknownItem: no item of that id is on this map.
	ErrUnknownItem = errors.New("no such item")
	// ErrOffMap: a point outside the map, or a Z outside the signed byte.
	ErrOffMap = errors.New("off the map")
	// ErrBadOrder: an order that cannot be carried out as given (an empty
	// route, a follow target on another map or the mobile itself, an
	// explicit id already in use).
	ErrBadOrder = errors.New("bad order")
)

// Ids. A mobile's or item's id is unique in the shard, whatever map it is
// on: the map that minted it is in its top bits (IDMapShift), items have
// itemIDBit set, and each map counts its own from 1. So map 0's mobiles
// are 1, 2, 3…, as a single-map shard's always were, and a mobile that
// moves to another map keeps its id.
const (
	IDMapShift = 40
	itemIDBit  = uint64(1) << (IDMapShift - 1)
	localMask  = itemIDBit - 1
)

// IsItemID reports whether id is an item's id (else a mobile's).
func IsItemID(id uint64) bool { return id&itemIDBit != 0 }

// registry maps the Sim's ids to its entities and holds its routes.
type registry struct {
	base     uint64 // this map's id space: its id << IDMapShift
	nextMob  uint64 // the next local mobile number
	nextItem uint64 // the next local item number
	byID     map[uint64]ecs.Entity
	items    map[uint64]ecs.Entity
	routes   [][]world.Point
	walks    [][]RouteCell
	walkOK   []walkTrust // per walked route (walk_trust.go)
}

func newRegistry(m world.MapID) registry {
	return registry{base: uint64(m) << IDMapShift, nextMob: 1, nextItem: 1,
		byID: map[uint64]ecs.Entity{}, items: map[uint64]ecs.Entity{}}
}

// claimMobile returns the id a new mobile gets: want when it is not 0 (an
// error when it is in use or an item's), else the next of this map's.
func (r *registry) claimMobile(want uint64) (uint64, error) {
	if want == 0 {
		id := r.base | r.nextMob
		r.nextMob++
		return id, nil
	}
	if IsItemID(want) {
		return 0, fmt.Errorf("%w: id %#x is an item's", ErrBadOrder, want)
	}
	if _, ok := r.byID[want]; ok {
		return 0, fmt.Errorf("%w: mobile %d already exists", ErrBadOrder, want)
	}
	if want&^localMask == r.base && want&localMask >= r.nextMob {
		r.nextMob = want&localMask + 1 // never mint it again
	}
	return want, nil
}

// claimItem returns the id a new item gets, as claimMobile does.
func (r *registry) claimItem(want uint64) (uint64, error) {
	if want == 0 {
		id := r.base | itemIDBit | r.nextItem
		r.nextItem++
		return id, nil
	}
	if !IsItemID(want) {
		return 0, fmt.Errorf("%w: id %#x is not an item's", ErrBadOrder, want)
	}
	if _, ok := r.items[want]; ok {
		return 0, fmt.Errorf("%w: item %#x already exists", ErrBadOrder, want)
	}
	if want&^localMask == r.base|itemIDBit && want&localMask >= r.nextItem {
		r.nextItem = want&localMask + 1
	}
	return want, nil
}

// ReserveMobileID makes sure this map never mints mobile id again (when
// it is one of this map's ids): for a mobile known to exist elsewhere
// though this map's restored state predates it (it left for another map,
// as a cluster's journal says). Call it between ticks.
func (s *Sim) ReserveMobileID(id uint64) {
	if !IsItemID(id) && id&^localMask == s.reg.base && id&localMask >= s.reg.nextMob {
		s.reg.nextMob = id&localMask + 1
	}
}

// mobile returns mobile id's entity.
func (s *Sim) mobile(id uint64) (ecs.Entity, error) {
	e, ok := s.reg.byID[id]
	if !ok || !s.w.Alive(e) {
		return ecs.Entity{}, fmt.Errorf("mobile %d: %w", id, ErrUnknownMobile)
	}
	return e, nil
}

// item returns item id's entity.
func (s *Sim) item(id uint64) (ecs.Entity, error) {
	e, ok := s.reg.items[id]
	if !ok || !s.w.Alive(e) {
		return ecs.Entity{}, fmt.Errorf("item %#x: %w", id, ErrUnknownItem)
	}
	return e, nil
}

// HasMobile reports whether mobile id is on this map.
func (s *Sim) HasMobile(id uint64) bool {
	_, err := s.mobile(id)
	return err == nil
}

// inMap checks that (x, y, z) is a cell of the map and z a signed byte.
func (s *Sim) inMap(x, y, z int) error {
	if !s.m.InBounds(x, y) {
		return fmt.Errorf("(%d,%d) on a %dx%d map: %w", x, y, s.m.Width, s.m.Height, ErrOffMap)
	}
	if z < -128 || z > 127 {
		return fmt.Errorf("z %d is outside -128..127: %w", z, ErrOffMap)
	}
	return nil
}

// AddRoute registers a looping waypoint route and returns its id.
func (s *Sim) AddRoute(r []world.Point) (int, error) {
	if len(r) == 0 {
		return 0, fmt.Errorf("systems: add route: %w: empty route", ErrBadOrder)
	}
	for i, p := range r {
		if !s.m.InBounds(p.X, p.Y) {
			return 0, fmt.Errorf("systems: add route: waypoint %d (%d,%d): %w", i, p.X, p.Y, ErrOffMap)
		}
	}
	s.reg.routes = append(s.reg.routes, append([]world.Point(nil), r...))
	return len(s.reg.routes) - 1, nil
}

// Route returns route id's waypoints (nil if unknown).
func (s *Sim) Route(id int) []world.Point {
	if id < 0 || id >= len(s.reg.routes) {
		return nil
	}
	return s.reg.routes[id]
}
