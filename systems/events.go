package systems

import (
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/pathing"
	"github.com/shardcore/shardcore/world"
)

// EventKind names what happened to a mobile in an Event.
type EventKind uint8

// Event kinds.
const (
	// EventStepped: the mobile took a step (Dir) and now stands at X, Y, Z.
	EventStepped EventKind = iota + 1
	// EventBlocked: the movement system refused the mobile's step in Dir
	// (a mobile, a closed door or the terrain in the way); it stands at X, Y, Z.
	EventBlocked
	// EventArrived: the mobile's move-to order reached Goal (within its range).
	EventArrived
	// EventPathFailed: a search for the mobile found no path to Goal, for
	// Reason. Its AI backs off and asks again (a move-to order gives up
	// after a few: EventGaveUp).
	EventPathFailed
	// EventGaveUp: the mobile's move-to order was given up after repeated
	// failed searches for Goal.
	EventGaveUp
	// EventTeleported: the mobile was put at X, Y, Z (Teleport), from
	// another map when Map changed.
	EventTeleported
	numEventKinds
)

// String names the kind as logs and scenario files write it.
func (k EventKind) String() string {
	switch k {
	case EventStepped:
		return "stepped"
	case EventBlocked:
		return "blocked"
	case EventArrived:
		return "arrived"
	case EventPathFailed:
		return "path_failed"
	case EventGaveUp:
		return "gave_up"
	case EventTeleported:
		return "teleported"
	}
	return "unknown"
}

// EventMask selects event kinds: bit k for kind k.
type EventMask uint32

// AllEvents selects every kind; use Without to leave some out.
const AllEvents EventMask = 1<<numEventKinds - 2

// Has reports whether m selects kind k.
func (m EventMask) Has(k EventKind) bool { return m&(1<<k) != 0 }

// Without returns m without the kinds ks.
func (m EventMask) Without(ks ...EventKind) EventMask {
	for _, k := range ks {
		m &^= 1 << k
	}
	return m
}

// MaskOf returns the mask selecting the kinds ks.
func MaskOf(ks ...EventKind) EventMask {
	var m EventMask
	for _, k := range ks {
		m |= 1 << k
	}
	return m
}

// FailReason is why a search found no path.
type FailReason uint8

// Reasons a search found no path.
const (
	// ReasonUnreachable: the search ran out of cells to try: nothing
	// reachable from the start is within range of the goal (walls, water,
	// closed doors for a mobile that cannot open them, mobiles in the way).
	ReasonUnreachable FailReason = iota + 1
	// ReasonNodeBudget: the search used its whole node budget first (the
	// goal may be far, or crowded in).
	ReasonNodeBudget
	// ReasonNoSuchCell: the goal is not a cell of the map.
	ReasonNoSuchCell
)

// String names the reason.
func (r FailReason) String() string {
	switch r {
	case ReasonUnreachable:
		return "unreachable"
	case ReasonNodeBudget:
		return "node_budget"
	case ReasonNoSuchCell:
		return "no_such_cell"
	}
	return ""
}

// FailReasonOf classifies a search over map m that found no path.
func FailReasonOf(m *world.Map, req *pathing.Request, res *pathing.Result) FailReason {
	switch {
	case !m.InBounds(req.Goal.X, req.Goal.Y):
		return ReasonNoSuchCell
	case res.Expansions >= req.MaxNodes:
		return ReasonNodeBudget
	}
	return ReasonUnreachable
}

// Event is one thing that happened to a mobile in a tick. X, Y, Z is where
// the mobile stands after it; Dir is the step's (stepped, blocked); Goal
// the order's or the search's (arrived, path failed, gave up); Reason the
// failed search's.
type Event struct {
	Tick    uint64
	Mobile  uint64
	Kind    EventKind
	Map     world.MapID
	Dir     movement.Dir
	Reason  FailReason
	X, Y, Z int
	Goal    world.Point
}

// DefaultEventCap is how many events a Sim keeps undrained before it drops
// new ones (counted in Stats.EventsDropped).
const DefaultEventCap = 1 << 16

// eventLog is the events of the ticks since the last drain, the kinds kept
// and the count dropped when full.
type eventLog struct {
	mask    EventMask
	cap     int
	buf     []Event
	dropped uint64
}

// add keeps ev when its kind is selected and there is room.
func (l *eventLog) add(ev Event) {
	if !l.mask.Has(ev.Kind) {
		return
	}
	if len(l.buf) >= l.cap {
		l.dropped++
		return
	}
	l.buf = append(l.buf, ev)
}

// wants reports whether kind k is kept (so a caller can skip building it).
func (l *eventLog) wants(k EventKind) bool { return l.mask.Has(k) }

// SetEvents selects the event kinds the Sim keeps from now on (0: none,
// the default) and how many it keeps undrained before dropping new ones
// (0: DefaultEventCap).
func (s *Sim) SetEvents(mask EventMask, capacity int) {
	if capacity <= 0 {
		capacity = DefaultEventCap
	}
	s.ev.mask, s.ev.cap = mask, capacity
}

// Events appends the events kept since the last call to dst, oldest first,
// and forgets them. It allocates only when dst is too small, so a caller
// that passes the same slice back (dst[:0]) drains without allocating once
// warm. Call it between ticks.
func (s *Sim) Events(dst []Event) []Event {
	dst = append(dst, s.ev.buf...)
	clear(s.ev.buf)
	s.ev.buf = s.ev.buf[:0]
	return dst
}

// event returns an event of kind k for mobile id standing at pos, now.
func (s *Sim) event(k EventKind, id uint64, x, y, z int) Event {
	return Event{Tick: s.tick, Mobile: id, Kind: k, Map: s.m.ID, X: x, Y: y, Z: z}
}
