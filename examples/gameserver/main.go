// Command gameserver is a small game-server loop that embeds shardcore: it
// opens a shard on the built-in default world, spawns a player with a pet
// that follows it and a guard on patrol, sends the player round the town
// one waypoint after another as a game server sends a client's moves, and
// prints what happens. It owns its loop: one Step per tick, at the shard's
// pace, draining the tick's events into the same slice each time.
//
//	go run ./examples/gameserver [--ticks N]
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"

	"github.com/shardcore/shardcore/config"
	"github.com/shardcore/shardcore/shard"
)

func main() {
	ticks := flag.Int("ticks", 3000, "ticks to run (8 ms of game time each)")
	paced := flag.Bool("paced", false, "sleep between ticks as a live server does (else run them back to back)")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, os.Stdout, *ticks, *paced); err != nil {
		fmt.Fprintln(os.Stderr, "gameserver:", err)
		os.Exit(1)
	}
}

// waypoints are the player's errands on the default world (seed 1,
// 512×512): out of the town's east gate, up the road, and back.
var waypoints = []shard.Point{{X: 240, Y: 256}, {X: 250, Y: 226}, {X: 240, Y: 256}, {X: 224, Y: 256}}

// game is the game server's side: the shard, where it prints, its
// player and pet, and the player's next errand.
type game struct {
	s           *shard.Shard
	out         io.Writer
	player, pet shard.MobileID
	next        int
}

// run runs the game server for ticks ticks, printing to out.
func run(ctx context.Context, out io.Writer, ticks int, paced bool) error {
	cfg := config.Default()
	cfg.World.Size = "512x512"
	cfg.Shard.Population = config.Population{Seed: 1} // nobody but ours
	dir, err := os.MkdirTemp("", "gameserver-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	cfg.Pathfinding.CacheDir = dir
	s, err := shard.Open(ctx, cfg, shard.Options{Events: shard.AllEvents.Without(shard.EventStepped)})
	if err != nil {
		return err
	}
	defer s.Close()
	g := &game{s: s, out: out}
	var guard shard.MobileID
	if g.player, g.pet, guard, err = spawn(s); err != nil {
		return err
	}
	fmt.Fprintf(out, "player %d, pet %d, guard %d\n", g.player, g.pet, guard)
	if err := g.errand(); err != nil {
		return err
	}
	tick := time.NewTicker(8 * time.Millisecond) // shard.tickMs
	defer tick.Stop()
	events := make([]shard.Event, 0, 256)
	for i := 0; i < ticks && ctx.Err() == nil; i++ {
		if paced {
			<-tick.C
		}
		if err := s.Step(ctx); err != nil {
			return err
		}
		events = s.Events(events[:0]) // the same slice every tick: no allocation once warm
		for _, ev := range events {
			if err := g.handle(ev); err != nil {
				return err
			}
		}
	}
	p, _ := s.Mobile(g.player)
	q, _ := s.Mobile(g.pet)
	fmt.Fprintf(out, "after %d ticks: player at (%d,%d), pet at (%d,%d) %s\n", s.Tick(), p.X, p.Y, q.X, q.Y, q.Order)
	return nil
}

// errand sends the player to its next waypoint.
func (g *game) errand() error {
	wp := waypoints[g.next%len(waypoints)]
	g.next++
	return g.s.Order(g.player, shard.MoveTo{X: wp.X, Y: wp.Y})
}

// handle prints an event; the player's arrival sends it on its next
// errand, until it has run them all.
func (g *game) handle(ev shard.Event) error {
	switch ev.Kind {
	case shard.EventArrived:
		fmt.Fprintf(g.out, "tick %d: mobile %d arrived at (%d,%d)\n", ev.Tick, ev.Mobile, ev.X, ev.Y)
		if shard.MobileID(ev.Mobile) == g.player && g.next < len(waypoints) {
			return g.errand()
		}
	case shard.EventPathFailed, shard.EventGaveUp:
		fmt.Fprintf(g.out, "tick %d: mobile %d %s going to %v (%s)\n", ev.Tick, ev.Mobile, ev.Kind, ev.Goal, ev.Reason)
	}
	return nil
}

// spawn spawns the player, its pet (following it) and a guard patrolling
// the town's main street through its doors.
func spawn(s *shard.Shard) (player, pet, guard shard.MobileID, err error) {
	player, err = s.Spawn(shard.Spawn{Location: shard.Location{X: 223, Y: 256}, Caps: shard.Caps{Player: true}, SpeedMs: 200})
	if err != nil {
		return 0, 0, 0, err
	}
	pet, err = s.Spawn(shard.Spawn{Location: shard.Location{X: 222, Y: 257}, SpeedMs: 150, Order: shard.Follow{Target: player, Range: 2}})
	if err != nil {
		return 0, 0, 0, err
	}
	guard, err = s.Spawn(shard.Spawn{Location: shard.Location{X: 176, Y: 254}, Caps: shard.Caps{CanOpenDoors: true},
		Order: shard.Patrol{Route: []shard.Point{{X: 176, Y: 254}, {X: 150, Y: 252}, {X: 190, Y: 252}}}})
	if err != nil {
		return 0, 0, 0, err
	}
	return player, pet, guard, nil
}
