package shard_test

import (
	"context"
	"errors"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"github.com/shardcore/shardcore/config"
	"github.com/shardcore/shardcore/shard"
)

// TestCallsFromManyGoroutines: while Run runs, goroutines spawn, order,
// query, teleport, drain events and despawn at once, and the hook does too;
// every call runs between ticks (go test -race checks the contract).
func TestCallsFromManyGoroutines(t *testing.T) {
	cfg := exampleConfig()
	cfg.Shard.Population = config.Population{Pets: 4, Patrols: 4, Swimmers: 2, Seed: 2}
	s, err := shard.Open(t.Context(), cfg, shard.Options{Unpaced: true, Events: shard.AllEvents})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	hooks := 0
	running := make(chan struct{})
	done := make(chan error, 1)
	go func() {
		done <- s.Run(ctx, func(s *shard.Shard) error {
			if hooks++; hooks == 1 {
				close(running)
			}
			_, err := s.Mobile(1)
			return err
		})
	}()
	<-running
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var evs []shard.Event
			for i := 0; i < 25; i++ {
				id, err := s.Spawn(shard.Spawn{Location: shard.Location{X: 224 + g, Y: 250 + i%10}, Order: shard.Wander{Home: shard.Point{X: 224, Y: 256}, Radius: 6}})
				if err != nil {
					errs <- err
					return
				}
				if err := s.Order(id, shard.MoveTo{X: 230, Y: 256}); err != nil {
					errs <- err
				}
				if _, err := s.Mobile(id); err != nil {
					errs <- err
				}
				if err := s.Teleport(id, shard.Location{X: 226, Y: 256}); err != nil {
					errs <- err
				}
				evs = s.Events(evs[:0])
				if _, err := s.FindPath(shard.Location{X: 223, Y: 256}, shard.Point{X: 233, Y: 256}, 0, shard.Caps{}); err != nil {
					errs <- err
				}
				if i%3 == 0 {
					if err := s.Despawn(id); err != nil {
						errs <- err
					}
				}
			}
		}()
	}
	wg.Wait()
	before := s.Tick()
	for s.Tick() < before+5 {
		runtime.Gosched()
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if hooks == 0 {
		t.Fatal("the hook never ran")
	}
	if err := s.Close(); err != nil { // Run's end closed it: closing again does nothing
		t.Fatal(err)
	}
	if _, err := s.Mobile(1); !errors.Is(err, shard.ErrClosed) {
		t.Fatalf("a query to a closed shard: %v", err)
	}
}

// TestTeleportAcrossMaps: a player with a pet goes to another map of the
// shard; the pet comes along and keeps following there, both arrivals are
// events, and a point off the destination map moves nobody.
func TestTeleportAcrossMaps(t *testing.T) {
	if testing.Short() {
		t.Skip("generates two britannia maps")
	}
	cfg := config.Default()
	cfg.World.Profile = config.ProfileBritannia
	cfg.World.Maps = []int{4, 5}
	cfg.Shard.Population = config.Population{Pets: 2, Seed: 1, Maps: []config.MapShare{{ID: 4, Share: 0.5}, {ID: 5, Share: 0.5}}}
	cfg.Pathfinding.CacheDir = filepath.Join(t.TempDir(), "cache")
	s, err := shard.Open(t.Context(), cfg, shard.Options{MaxSearchesPerTick: 8, Events: shard.MaskOf(shard.EventTeleported)})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	// A standing place on each map: a population mobile's.
	var on4, on5 shard.Mobile
	for id := shard.MobileID(4<<40 | 1); id < 4<<40|10; id++ { // ids carry the map that minted them
		if m, err := s.Mobile(id); err == nil {
			on4 = m
			break
		}
	}
	for id := shard.MobileID(5<<40 | 1); id < 5<<40|10; id++ {
		if m, err := s.Mobile(id); err == nil {
			on5 = m
			break
		}
	}
	if on4.ID == 0 || on5.ID == 0 || on4.Map != 4 || on5.Map != 5 {
		t.Fatalf("no population mobiles to stand by: %+v %+v", on4, on5)
	}
	player, err := s.Spawn(shard.Spawn{Location: on4.Location, Caps: shard.Caps{Player: true}})
	if err != nil {
		t.Fatal(err)
	}
	pet, err := s.Spawn(shard.Spawn{Location: on4.Location, Order: shard.Follow{Target: player, Range: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Teleport(player, shard.Location{Map: 5, X: 99999, Y: 1}); !errors.Is(err, shard.ErrOffMap) {
		t.Fatalf("off the destination map: %v", err)
	}
	if err := s.Teleport(player, on5.Location); err != nil {
		t.Fatal(err)
	}
	p, err := s.Mobile(player)
	if err != nil || p.Map != 5 || p.Location != on5.Location {
		t.Fatalf("player after the teleport: %+v %v", p, err)
	}
	q, err := s.Mobile(pet)
	if err != nil || q.Map != 5 || q.Order != "follow" || q.Target != player {
		t.Fatalf("pet after the teleport: %+v %v", q, err)
	}
	evs := s.Events(nil)
	if len(evs) != 2 || evs[0].Map != 5 || evs[0].Mobile != uint64(player) || evs[1].Mobile != uint64(pet) {
		t.Fatalf("events %+v", evs)
	}
	for i := 0; i < 200; i++ {
		if err := s.Step(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	p, _ = s.Mobile(player)
	q, _ = s.Mobile(pet)
	if d := max(abs(p.X-q.X), abs(p.Y-q.Y)); d > 4 || q.Map != 5 {
		t.Fatalf("the pet is %d tiles from its owner on map %d", d, q.Map)
	}
	if _, err := s.Spawn(shard.Spawn{Location: shard.Location{Map: 3}}); !errors.Is(err, shard.ErrMapNotLoaded) {
		t.Fatalf("spawn on a map not loaded: %v", err)
	}
}
