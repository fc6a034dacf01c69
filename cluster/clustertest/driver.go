package clustertest

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"time"

	"github.com/shardcore/shardcore/config"
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/shard"
	"github.com/shardcore/shardcore/world"
)

// Driver keeps a process's leaders walking through the moongates: it
// spawns leaders with their pets on the stations of its maps (gate
// destinations), and each leader (a mobile that follows no one) that
// stands idle on a station it sends one step east or west onto a gate;
// arrivals are sent on at once, idle leaders found every 64 ticks. It runs
// in a shard's Run hook, on the tick goroutine; Stop and the counts are
// safe from any goroutine.
type Driver struct {
	stations map[world.MapID]map[world.Point]int // a map's stations and their Z
	leaders  int                                 // to spawn on each station at the first call
	pets     int                                 // each leader's
	rng      *rand.Rand
	stopped  atomic.Bool
	crossed  atomic.Int64 // arrivals (EventTeleported) seen here
	spawned  atomic.Int64
	evs      []shard.Event
	here     []movement.Mobile
	calls    uint64
	// rate, when positive, bounds the leaders sent per second (a token
	// bucket refilled by the wall clock): the rest wait on their stations
	// for a later sweep.
	rate   float64
	tokens float64
	last   time.Time
}

// Limit bounds the leaders the driver sends to perSecond (0: no bound).
func (d *Driver) Limit(perSecond float64) { d.rate = perSecond }

// NewDriver makes the driver of the process cfg configures: leaders
// leaders with pets pets each on every station of its maps (0: none, a
// process restarted from its save).
func NewDriver(cfg config.Config, leaders, pets int, seed uint64) *Driver {
	d := &Driver{stations: map[world.MapID]map[world.Point]int{}, leaders: leaders, pets: pets, rng: rand.New(rand.NewPCG(seed, 7))}
	for _, m := range cfg.World.Maps {
		d.stations[world.MapID(m)] = map[world.Point]int{}
	}
	for _, g := range cfg.Shard.Moongates {
		if st, ok := d.stations[world.MapID(g.ToMap)]; ok {
			st[world.Point{X: g.ToX, Y: g.ToY}] = g.ToZ
		}
	}
	return d
}

// ToSpawn returns how many mobiles the driver spawns at its first call.
func (d *Driver) ToSpawn() int {
	n := 0
	for _, st := range d.stations {
		n += len(st) * d.leaders * (1 + d.pets)
	}
	return n
}

// Stop ends the sending: leaders arriving from now on stay where they
// arrive.
func (d *Driver) Stop() { d.stopped.Store(true) }

// Crossed returns the arrivals seen here (mobiles, pets included).
func (d *Driver) Crossed() int64 { return d.crossed.Load() }

// Spawned returns the mobiles the driver spawned.
func (d *Driver) Spawned() int64 { return d.spawned.Load() }

// Hook is the driver's part of each tick: call it from a Run hook.
func (d *Driver) Hook(sh *shard.Shard) error {
	if d.calls == 0 && d.leaders > 0 {
		if err := d.spawn(sh); err != nil {
			return err
		}
	}
	d.calls++
	if now := time.Now(); d.rate > 0 {
		if !d.last.IsZero() {
			d.tokens = min(d.tokens+d.rate*now.Sub(d.last).Seconds(), max(d.rate, 1))
		}
		d.last = now
	}
	d.evs = sh.Events(d.evs[:0])
	for _, ev := range d.evs {
		if ev.Kind != shard.EventTeleported {
			continue
		}
		d.crossed.Add(1)
		if !d.stopped.Load() {
			d.kick(sh, shard.MobileID(ev.Mobile))
		}
	}
	if d.calls%64 == 0 && !d.stopped.Load() {
		d.sweep(sh)
	}
	return nil
}

// spawn puts the leaders and their pets on every station.
func (d *Driver) spawn(sh *shard.Shard) error {
	for _, m := range sh.Maps() {
		for _, p := range sortedPoints(d.stations[m]) {
			at := shard.Location{Map: m, X: p.X, Y: p.Y, Z: d.stations[m][p]}
			for range d.leaders {
				id, err := sh.Spawn(shard.Spawn{Location: at, Caps: shard.Caps{Player: true}, SpeedMs: 100})
				if err != nil {
					return fmt.Errorf("clustertest: spawn a leader: %w", err)
				}
				for range d.pets {
					if _, err := sh.Spawn(shard.Spawn{Location: at, SpeedMs: 100, Order: shard.Follow{Target: id, Range: 1}}); err != nil {
						return fmt.Errorf("clustertest: spawn a pet: %w", err)
					}
				}
				d.spawned.Add(int64(1 + d.pets))
				d.kick(sh, id)
			}
		}
	}
	// Saved at once: a process killed before its next save would restore
	// the save from before them (spawns are not journaled; transfers are).
	if _, err := sh.Save(""); err != nil {
		return fmt.Errorf("clustertest: save the leaders: %w", err)
	}
	return nil
}

// kick sends leader id, standing on a station, one step onto a gate.
func (d *Driver) kick(sh *shard.Shard, id shard.MobileID) {
	m, err := sh.Mobile(id)
	if err != nil || m.Order == "follow" {
		return
	}
	if _, ok := d.stations[m.Map][world.Point{X: m.X, Y: m.Y}]; !ok {
		return
	}
	if d.rate > 0 {
		if d.tokens < 1 {
			return
		}
		d.tokens--
	}
	dir := shard.East
	if d.rng.IntN(2) == 0 {
		dir = shard.West
	}
	_ = sh.Order(id, shard.Steps{Dirs: []shard.Dir{dir}})
}

// sweep kicks the leaders standing idle on stations (a step refused twice
// by a mobile in the way is dropped).
func (d *Driver) sweep(sh *shard.Shard) {
	for _, m := range sh.Maps() {
		parts, _ := sh.Server().Map(m) // between ticks: the map's goroutine is idle
		for p := range d.stations[m] {
			d.here = parts.Sim.Spatial().MobilesAt(m, p.X, p.Y, d.here[:0])
			for _, mob := range d.here {
				ms, err := parts.Sim.Mobile(mob.ID)
				if err == nil && ms.Follow == nil && ms.Path.Next >= len(ms.Path.Steps) && !ms.Request.Active {
					d.kick(sh, shard.MobileID(mob.ID))
				}
			}
		}
	}
}

// Status is the driver's and the shard's figures in one line: `status
// ticks N mobiles N in N out N inflight N crossed N spawned N`.
func (d *Driver) Status(sh *shard.Shard) string {
	in, out, flight, _ := sh.Transfers()
	return fmt.Sprintf("status ticks %d mobiles %d in %d out %d inflight %d crossed %d spawned %d",
		sh.Tick(), mobilesOf(sh), in, out, flight, d.Crossed(), d.Spawned())
}

// mobilesOf counts the mobiles on the shard's maps (between ticks).
func mobilesOf(sh *shard.Shard) int {
	n := 0
	for _, m := range sh.Maps() {
		parts, _ := sh.Server().Map(m)
		k, _ := parts.Sim.Spatial().Counts()
		n += k
	}
	return n
}

func sortedPoints(m map[world.Point]int) []world.Point {
	out := make([]world.Point, 0, len(m))
	for p := range m {
		out = append(out, p)
	}
	slices.SortFunc(out, func(a, b world.Point) int {
		if a.Y != b.Y {
			return a.Y - b.Y
		}
		return a.X - b.X
	})
	return out
}
