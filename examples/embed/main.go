// Command embed is the smallest program that embeds shardcore: it spawns a
// player and a pet, orders the pet to follow, moves the player, teleports
// and despawns, and drains the events. The README's Embedding section
// shows it; TestSeparateModule builds it as a module of its own.
package main

import (
	"context"
	"fmt"
	"log"

	"github.com/shardcore/shardcore/config"
	"github.com/shardcore/shardcore/shard"
)

func main() {
	ctx := context.Background()
	cfg := config.Default()       // the built-in default world, as `shard run` without a server.toml
	cfg.Shard.Population.Pets = 0 // spawn nobody but ours
	cfg.Shard.Population.Patrols = 0
	cfg.Shard.Population.Swimmers = 0
	s, err := shard.Open(ctx, cfg, shard.Options{Events: shard.AllEvents.Without(shard.EventStepped)})
	if err != nil {
		log.Fatal(err)
	}
	defer s.Close()

	gate := shard.Location{X: 399, Y: 512} // the town's east gate
	player, err := s.Spawn(shard.Spawn{Location: gate, Caps: shard.Caps{Player: true}, SpeedMs: 200})
	if err != nil {
		log.Fatal(err)
	}
	pet, err := s.Spawn(shard.Spawn{Location: shard.Location{X: 400, Y: 513}, SpeedMs: 150})
	if err != nil {
		log.Fatal(err)
	}
	if err := s.Order(pet, shard.Follow{Target: player, Range: 2}); err != nil {
		log.Fatal(err)
	}
	if err := s.Order(player, shard.MoveTo{X: 430, Y: 512}); err != nil {
		log.Fatal(err)
	}

	events := make([]shard.Event, 0, 64)
	for arrived := false; !arrived; {
		if err := s.Step(ctx); err != nil { // one tick: 8 ms of game time
			log.Fatal(err)
		}
		events = s.Events(events[:0]) // drain into the same slice: no allocation once warm
		for _, ev := range events {
			fmt.Printf("tick %d: mobile %d %s at (%d,%d)\n", ev.Tick, ev.Mobile, ev.Kind, ev.X, ev.Y)
			arrived = arrived || (ev.Kind == shard.EventArrived && shard.MobileID(ev.Mobile) == player)
		}
	}
	p, _ := s.Mobile(pet)
	fmt.Printf("the pet is at (%d,%d), %s mobile %d\n", p.X, p.Y, p.Order, p.Target)

	if err := s.Teleport(player, shard.Location{X: 360, Y: 232}); err != nil { // the north of the map
		log.Fatal(err)
	}
	if err := s.Despawn(pet); err != nil {
		log.Fatal(err)
	}
	for _, ev := range s.Events(events[:0]) {
		fmt.Printf("mobile %d %s to (%d,%d)\n", ev.Mobile, ev.Kind, ev.X, ev.Y)
	}
	if _, err := s.Mobile(pet); err != nil {
		fmt.Println(err) // errors.Is(err, shard.ErrUnknownMobile)
	}
}
