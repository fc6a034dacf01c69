package shard_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/shardcore/shardcore/config"
	"github.com/shardcore/shardcore/shard"
)

// exampleConfig is the built-in default world at 512×512 with nobody
// spawned, its files and caches under a temp dir. The examples open it
// with a deterministic search budget (Options.MaxSearchesPerTick), so
// their output does not depend on the machine's speed.
func exampleConfig() config.Config {
	cfg := config.Default()
	cfg.World.Size = "512x512"
	cfg.Shard.Population = config.Population{Seed: 1}
	dir, err := os.MkdirTemp("", "shardcore-example-*")
	if err != nil {
		panic(err)
	}
	cfg.Pathfinding.CacheDir = filepath.Join(dir, "cache")
	return cfg
}

// Places on the default world (seed 1, 512×512).
var (
	townGate  = shard.Location{X: 223, Y: 256}
	openGrass = shard.Point{X: 184, Y: 104}
)

// steps runs the shard n ticks.
func steps(s *shard.Shard, n int) {
	for i := 0; i < n; i++ {
		if err := s.Step(context.Background()); err != nil {
			panic(err)
		}
	}
}

// cheb is the Chebyshev distance between two locations.
func cheb(a, b shard.Location) int {
	return max(abs(a.X-b.X), abs(a.Y-b.Y))
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// Open a shard on the built-in default world.
func ExampleOpen() {
	cfg := exampleConfig()
	s, err := shard.Open(context.Background(), cfg, shard.Options{MaxSearchesPerTick: 8})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer s.Close()
	fmt.Println("maps", s.Maps(), "tick", s.Tick())
	// Output: maps [0] tick 0
}

// Spawn a player and a pet that follows it, and walk the player away: the
// pet keeps up.
func ExampleShard_Spawn() {
	s, _ := shard.Open(context.Background(), exampleConfig(), shard.Options{MaxSearchesPerTick: 8})
	defer s.Close()
	player, _ := s.Spawn(shard.Spawn{Location: townGate, Caps: shard.Caps{Player: true}, SpeedMs: 200})
	pet, _ := s.Spawn(shard.Spawn{Location: shard.Location{X: 224, Y: 257}, SpeedMs: 200,
		Order: shard.Follow{Target: player, Range: 2}})
	_ = s.Order(player, shard.MoveTo{X: 250, Y: 226})
	steps(s, 1000)
	p, _ := s.Mobile(player)
	q, _ := s.Mobile(pet)
	fmt.Println("player at", p.X, p.Y, "arrived", p.Arrived)
	fmt.Println("pet", q.Order, "of", q.Target == player, "within 2:", cheb(p.Location, q.Location) <= 2)
	// Output:
	// player at 250 226 arrived true
	// pet follow of true within 2: true
}

// Give an existing mobile a new order, and read the events it causes.
func ExampleShard_Order() {
	s, _ := shard.Open(context.Background(), exampleConfig(), shard.Options{MaxSearchesPerTick: 8, Events: shard.MaskOf(shard.EventArrived)})
	defer s.Close()
	npc, _ := s.Spawn(shard.Spawn{Location: townGate})
	_ = s.Order(npc, shard.MoveTo{X: openGrass.X, Y: openGrass.Y, Range: 1})
	var evs []shard.Event
	for len(evs) == 0 {
		steps(s, 1)
		evs = s.Events(evs[:0])
	}
	fmt.Println(evs[0].Kind, "within 1 of", evs[0].Goal)
	// Output: arrived within 1 of {184 104}
}

// Drain events without allocating: pass the same slice back each tick.
func ExampleShard_Events() {
	s, _ := shard.Open(context.Background(), exampleConfig(), shard.Options{MaxSearchesPerTick: 8, Events: shard.AllEvents})
	defer s.Close()
	npc, _ := s.Spawn(shard.Spawn{Location: townGate, Order: shard.Steps{Dirs: []shard.Dir{shard.East, shard.East, shard.South}}})
	buf := make([]shard.Event, 0, 64)
	for i := 0; i < 200; i++ {
		steps(s, 1)
		buf = s.Events(buf[:0])
		for _, ev := range buf {
			if shard.MobileID(ev.Mobile) == npc {
				fmt.Println(ev.Kind, ev.Dir, "to", ev.X, ev.Y)
			}
		}
	}
	// Output:
	// stepped E to 224 256
	// stepped E to 225 256
	// stepped S to 225 257
}

// Despawn a mobile: its id is gone, and a pet that followed it stops.
func ExampleShard_Despawn() {
	s, _ := shard.Open(context.Background(), exampleConfig(), shard.Options{MaxSearchesPerTick: 8})
	defer s.Close()
	owner, _ := s.Spawn(shard.Spawn{Location: townGate, Caps: shard.Caps{Player: true}})
	pet, _ := s.Spawn(shard.Spawn{Location: shard.Location{X: 224, Y: 256}, Order: shard.Follow{Target: owner, Range: 1}})
	fmt.Println(s.Despawn(owner))
	_, err := s.Mobile(owner)
	fmt.Println(err)
	p, _ := s.Mobile(pet)
	fmt.Println("pet", p.Order)
	// Output:
	// <nil>
	// server: mobile 1: no such mobile
	// pet stop
}

// Teleport a mobile: it stands there at once and says so.
func ExampleShard_Teleport() {
	s, _ := shard.Open(context.Background(), exampleConfig(), shard.Options{MaxSearchesPerTick: 8, Events: shard.MaskOf(shard.EventTeleported)})
	defer s.Close()
	id, _ := s.Spawn(shard.Spawn{Location: townGate})
	_ = s.Teleport(id, shard.Location{X: openGrass.X, Y: openGrass.Y})
	m, _ := s.Mobile(id)
	evs := s.Events(nil)
	fmt.Println(m.X, m.Y, evs[0].Kind)
	fmt.Println(s.Teleport(id, shard.Location{Map: 3, X: 10, Y: 10}))
	// Output:
	// 184 104 teleported
	// server: map 3: map not loaded (world.maps [0])
}

// Find a path now, and ask whether a step is open.
func ExampleShard_FindPath() {
	s, _ := shard.Open(context.Background(), exampleConfig(), shard.Options{MaxSearchesPerTick: 8})
	defer s.Close()
	p, _ := s.FindPath(townGate, shard.Point{X: 233, Y: 256}, 0, shard.Caps{})
	fmt.Println("found", p.Found, "steps", len(p.Dirs))
	_, ok, _ := s.CanStep(townGate, shard.Caps{}, shard.East)
	fmt.Println("east open", ok)
	// Output:
	// found true steps 10
	// east open true
}

// Place a door, close the way with it, and open it.
func ExampleShard_SetDoor() {
	s, _ := shard.Open(context.Background(), exampleConfig(), shard.Options{MaxSearchesPerTick: 8})
	defer s.Close()
	door, _ := s.PlaceItem(shard.Item{Location: shard.Location{X: 224, Y: 256}, Graphic: 0x06A5, Door: true})
	_, open, _ := s.CanStep(townGate, shard.Caps{}, shard.East)
	fmt.Println("closed door, step open:", open)
	_ = s.SetDoor(door, true)
	_, open, _ = s.CanStep(townGate, shard.Caps{}, shard.East)
	fmt.Println("open door, step open:", open)
	fmt.Println(s.RemoveItem(door))
	// Output:
	// closed door, step open: false
	// open door, step open: true
	// <nil>
}

// Save a shard and restore it: the restored shard goes on from the save.
func ExampleShard_Save() {
	cfg := exampleConfig()
	cfg.Shard.SaveFile = filepath.Join(cfg.Pathfinding.CacheDir, "shard.save")
	s, _ := shard.Open(context.Background(), cfg, shard.Options{MaxSearchesPerTick: 8})
	id, _ := s.Spawn(shard.Spawn{Location: townGate, Order: shard.Patrol{Route: []shard.Point{{X: 223, Y: 230}, {X: 223, Y: 256}}}})
	steps(s, 300)
	info, _ := s.Save("")
	fmt.Println("saved tick", info.Tick, "mobiles", info.Mobiles)
	before, _ := s.Mobile(id)
	_ = s.Close() // saves again at close: shard.saveFile is set

	r, _ := shard.Open(context.Background(), cfg, shard.Options{MaxSearchesPerTick: 8}) // shard.saveFile is there: restored
	defer r.Close()
	after, _ := r.Mobile(id)
	fmt.Println("restored tick", r.Tick(), "same place", before.Location == after.Location, after.Order)
	// Output:
	// saved tick 300 mobiles 1
	// restored tick 300 same place true patrol
}

// Let the shard own the loop: a hook runs after every tick.
func ExampleShard_Run() {
	s, _ := shard.Open(context.Background(), exampleConfig(), shard.Options{MaxSearchesPerTick: 8, Unpaced: true, Events: shard.MaskOf(shard.EventArrived)})
	npc, _ := s.Spawn(shard.Spawn{Location: townGate, Order: shard.MoveTo{X: 233, Y: 256}})
	buf := make([]shard.Event, 0, 16)
	err := s.Run(context.Background(), func(s *shard.Shard) error {
		buf = s.Events(buf[:0])
		for _, ev := range buf {
			if shard.MobileID(ev.Mobile) == npc {
				fmt.Println("arrived at tick", s.Tick() > 0, ev.X, ev.Y)
				return shard.ErrStop
			}
		}
		return nil
	})
	fmt.Println("run:", err)
	// Output:
	// arrived at tick true 233 256
	// run: <nil>
}
