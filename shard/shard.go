package shard

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/rs/zerolog"

	"github.com/shardcore/shardcore/cluster"
	c "github.com/shardcore/shardcore/components"
	"github.com/shardcore/shardcore/config"
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/pathing"
	"github.com/shardcore/shardcore/server"
	"github.com/shardcore/shardcore/systems"
)

// Options are how a Shard runs beyond its config.
type Options struct {
	// Log receives the shard's log (nil: nothing is logged). server.NewLogger
	// makes one from the config's [log] table.
	Log *zerolog.Logger
	// Events selects the event kinds the shard keeps for Events (0: none).
	Events EventMask
	// EventCap is how many events each map keeps undrained before it drops
	// new ones (0: 65,536).
	EventCap int
	// Unpaced has Run tick back to back instead of at shard.tickMs (tests,
	// benchmarks, replays); paced or not, each tick counts shard.tickMs of
	// game time.
	Unpaced bool
	// MaxTicks ends Run after this many ticks (0: when its context ends).
	MaxTicks uint64
	// Console, when set, is read line by line for admin commands while Run
	// runs (type help); their replies and progress lines go to Out.
	Console io.Reader
	// Out receives admin command replies and progress lines (nil: none).
	Out io.Writer
	// ProgressEvery prints a progress line to Out this often (0: never).
	ProgressEvery time.Duration
	// Timeline, when set, receives a CSV line per map per tick: what each
	// map's tick took, stage by stage, and did (server.Options.Timeline).
	Timeline io.Writer
	// MaxSearchesPerTick, when positive, replaces the pathfinding time
	// budget (pathfinding.tickBudgetMs) with a deterministic one: at most
	// this many searches a tick on each map. The shard's outcome then does
	// not depend on the machine's speed or load: for tests and replays.
	MaxSearchesPerTick int
	// Cluster tunes how a shard with [cluster] talks to NATS (see package
	// cluster; the zero value: its defaults).
	Cluster cluster.Options
}

// Shard is a running shard: every map of its config, each with its world,
// step cache and simulation. See the package doc for who may call what.
type Shard struct {
	srv  *server.Server
	node *cluster.Node // [cluster]'s part of this process (nil: none)
}

// Open opens a shard from cfg (config.Default() is the built-in default
// world with a small population; set its Shard.Population to zero for an
// empty one): it loads every map of world.maps, opens or bakes their .swb
// files, and then restores shard.saveFile when that file is there, else
// spawns the configured population. ctx bounds loading and spawning.
//
// With [cluster] on (cluster.natsURL), the shard is this process's part of
// a shard over several processes: mobiles that travel to another
// process's map leave through NATS JetStream, those arriving for its maps
// come in the same way (package cluster), and shard.saveFile's journal
// replays what happened after the save. Open does not wait for NATS.
func Open(ctx context.Context, cfg config.Config, o Options) (*Shard, error) {
	log := zerolog.Nop()
	if o.Log != nil {
		log = *o.Log
	}
	so := server.Options{
		MaxTicks: o.MaxTicks, Unpaced: o.Unpaced, Stdin: o.Console, Out: o.Out, ProgressEvery: o.ProgressEvery,
		MaxSearchesPerTick: o.MaxSearchesPerTick, Timeline: o.Timeline,
	}
	var node *cluster.Node
	if cfg.Cluster.On() {
		n, err := cluster.New(cfg, log, o.Cluster)
		if err != nil {
			return nil, err
		}
		node, so.Transit = n, n
	}
	srv, err := server.NewWithOptions(ctx, cfg, log, so)
	if err != nil {
		if node != nil {
			err = errors.Join(err, node.Close())
		}
		return nil, err
	}
	if node != nil {
		if err := node.Start(); err != nil {
			return nil, errors.Join(err, srv.Close(), node.Close())
		}
	}
	if o.Events != 0 {
		srv.SetEvents(o.Events, o.EventCap)
	}
	return &Shard{srv: srv, node: node}, nil
}

// Server returns the shard's server: its maps' parts, the admin console,
// statistics and summary (see package server).
func (s *Shard) Server() *server.Server { return s.srv }

// Maps returns the shard's maps, in world.maps order.
func (s *Shard) Maps() []MapID { return s.srv.MapIDs() }

// Tick returns how many ticks the shard has run (a restored shard goes on
// counting from its save).
func (s *Shard) Tick() uint64 { return s.srv.Ticks() }

// Close ends the shard: a shard that Step ran is shut down as Run's end
// does (saved to shard.saveFile when set), and everything is released.
// Cancel Run's context to end a Run instead.
func (s *Shard) Close() error { return s.closeNode(s.srv.Close()) }

// closeNode closes the cluster's part (after the server's last save) and
// joins its error to err.
func (s *Shard) closeNode(err error) error {
	if s.node == nil {
		return err
	}
	return errors.Join(err, s.node.Close())
}

// Transfers returns a shard with [cluster]'s figures: the parties of
// mobiles received from other processes and sent to them since Open, and
// how many wait on the stream (sent and not yet stored, received and not
// yet acknowledged); ok is false without [cluster].
func (s *Shard) Transfers() (in, out, inFlight uint64, ok bool) {
	c, ok := s.srv.TransitCounts()
	return c.In, c.Out, c.InFlight, ok
}

// Step runs one tick now, for a caller that owns the loop.
func (s *Shard) Step(ctx context.Context) error { return s.srv.Step(ctx) }

// Run runs the tick loop, paced at shard.tickMs (Options.Unpaced: back to
// back), until ctx ends, Options.MaxTicks, the admin console's quit, or
// hook (nil: none) returns an error; hook runs after every tick, between
// ticks, on the tick goroutine (ErrStop from it ends Run with nil). Then the
// shard shuts down gracefully (saved to shard.saveFile when set) and is
// closed.
func (s *Shard) Run(ctx context.Context, hook func(*Shard) error) error {
	var h server.Hook
	if hook != nil {
		h = func() error { return hook(s) }
	}
	return s.closeNode(s.srv.RunHook(ctx, h))
}

// SetEvents selects the event kinds kept from now on (0: none) and how
// many each map keeps undrained (0: 65,536).
func (s *Shard) SetEvents(kinds EventMask, capacity int) { s.srv.SetEvents(kinds, capacity) }

// Events appends the events of the ticks since its last call to dst and
// forgets them: map by map in world.maps order, each map's oldest first.
// Pass the same slice back (dst[:0]) and, once it is large enough, draining
// allocates nothing.
func (s *Shard) Events(dst []Event) []Event { return s.srv.Events(dst) }

// Command runs an admin console command (help lists them) and returns its
// reply.
func (s *Shard) Command(line string) (string, error) { return s.srv.Command(line) }

// SaveInfo is what a save wrote.
type SaveInfo = server.SaveResult

// Save saves the shard to path ("": shard.saveFile) and waits for the file:
// versioned, checksummed, written to a temp file and renamed. Open with
// that file as shard.saveFile restores it.
func (s *Shard) Save(path string) (SaveInfo, error) { return s.srv.Save(path) }

// Spawn describes a mobile to spawn.
type Spawn struct {
	Location
	Caps Caps
	// SpeedMs is its pace: milliseconds per step (0: 400, a walk).
	SpeedMs int
	// Order is what it does first (nil: it stands still).
	Order Order
}

// Spawn spawns a mobile and returns its id.
func (s *Shard) Spawn(sp Spawn) (MobileID, error) {
	if sp.SpeedMs < 0 || sp.SpeedMs > 65535 {
		return 0, fmt.Errorf("shard: spawn: speed %d ms is not 0..65535: %w", sp.SpeedMs, ErrBadOrder)
	}
	id, err := s.srv.Spawn(sp.Map, systems.MobileSpec{X: sp.X, Y: sp.Y, Z: sp.Z, Tags: sp.Caps, Speed: uint16(sp.SpeedMs), Order: specOf(sp.Order)})
	return MobileID(id), err
}

// Despawn removes a mobile; the mobiles following it stop.
func (s *Shard) Despawn(id MobileID) error { return s.srv.Despawn(uint64(id)) }

// Order gives a mobile a new order (nil or Stop{}: stand still).
func (s *Shard) Order(id MobileID, o Order) error { return s.srv.SetOrder(uint64(id), specOf(o)) }

// Teleport puts a mobile at to at once. To another map it takes the
// mobiles following it along (they keep following); its own order goes
// with it only when it follows a mobile on that map, else it stands still
// there. To a map another process of the shard runs ([cluster]) they leave
// now and arrive once that process has them (a point off that map puts
// them at its nearest cell); Transfers counts them.
func (s *Shard) Teleport(id MobileID, to Location) error {
	return s.srv.Teleport(uint64(id), to.Map, to.X, to.Y, to.Z)
}

// Mobile is a mobile's state.
type Mobile struct {
	ID MobileID
	Location
	Caps    Caps
	SpeedMs int
	// Order names its order: "move_to", "follow", "patrol", "wander",
	// "walk_route", "steps" or "stop"; Goal is where a move-to order goes
	// (Arrived once there), Target whom a follow order follows.
	Order   string
	Goal    Point
	Arrived bool
	Target  MobileID
	// Path is the steps it has left on its current path; Searching says a
	// search for a new one is pending.
	Path      []Dir
	Searching bool
}

// Mobile returns a mobile's state.
func (s *Shard) Mobile(id MobileID) (Mobile, error) {
	m, ms, err := s.srv.Mobile(uint64(id))
	if err != nil {
		return Mobile{}, err
	}
	out := Mobile{ID: id, Location: Location{Map: m, X: ms.X, Y: ms.Y, Z: ms.Z}, Caps: c.TagsOf(ms.Caps), SpeedMs: int(ms.Speed),
		Searching: ms.Request.Active, Path: ms.Path.Steps[ms.Path.Next:]}
	out.Order = ms.OrderName()
	if ms.Follow != nil {
		out.Target = MobileID(ms.Follow.Target)
	}
	if ms.GoTo != nil {
		out.Goal, out.Arrived = ms.GoTo.Goal, ms.GoTo.Done && !ms.GoTo.GaveUp
	}
	return out, nil
}

// Path is a path FindPath found: its steps and the Z after each, its cost
// in steps and the search's expansions; Found false with Reason when there
// is none.
type Path struct {
	Found      bool
	Dirs       []Dir
	Zs         []int
	Cost       float64
	Expansions int
	Reason     FailReason
}

// FindPath searches a path now from from to within rng of to, for a mobile
// with caps, as the shard's own searches do (the step cache, doors, fields
// and mobiles as they stand; pathfinding.maxNodes nodes).
func (s *Shard) FindPath(from Location, to Point, rng int, caps Caps) (Path, error) {
	req := pathing.Request{Start: Point{X: from.X, Y: from.Y}, StartZ: from.Z, Goal: to, Range: max(rng, 0),
		Mover: movement.Mover{Caps: caps.Caps()}, Cost: pathing.Uniform}
	var res pathing.Result
	if err := s.srv.FindPath(from.Map, &req, &res); err != nil {
		return Path{}, err
	}
	p := Path{Found: res.Found, Dirs: append([]Dir(nil), res.Dirs...), Cost: res.Cost, Expansions: res.Expansions}
	for _, z := range res.Zs {
		p.Zs = append(p.Zs, int(z))
	}
	if mp, ok := s.srv.Map(from.Map); ok && !res.Found {
		p.Reason = systems.FailReasonOf(mp.World.Map, &req, &res)
	}
	return p, nil
}

// CanStep reports whether a mobile with caps standing at from may step in
// d now (the live rules, doors, fields and mobiles included) and the Z it
// would arrive at.
func (s *Shard) CanStep(from Location, caps Caps, d Dir) (z int, ok bool, err error) {
	return s.srv.CanStep(from.Map, caps.Caps(), from.X, from.Y, from.Z, d)
}

// Item describes a dynamic item to place: its tile (Graphic) at a
// location, and whether it is a door (closed; mobiles that can open doors
// open it as they pass), a spell field or movable (mobiles that can move
// over obstacles pass it).
type Item struct {
	Location
	Graphic              uint16
	Door, Field, Movable bool
}

// PlaceItem places a dynamic item and returns its id.
func (s *Shard) PlaceItem(it Item) (ItemID, error) {
	id, err := s.srv.PlaceItem(it.Map, systems.ItemSpec{X: it.X, Y: it.Y, Z: it.Z, ID: it.Graphic, Door: it.Door, Field: it.Field, Movable: it.Movable})
	return ItemID(id), err
}

// RemoveItem removes an item.
func (s *Shard) RemoveItem(id ItemID) error { return s.srv.RemoveItem(uint64(id)) }

// SetDoor opens or closes a door; opened so, it stays open until closed.
func (s *Shard) SetDoor(id ItemID, open bool) error { return s.srv.SetDoor(uint64(id), open) }
