package server

import (
	"context"
	"fmt"
	"strings"
	"testing"

	c "github.com/shardcore/shardcore/components"
	"github.com/shardcore/shardcore/config"
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/systems"
	"github.com/shardcore/shardcore/testkit/stations"
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/source"
)

// gateWorld is a folder of small britannia maps 0 and 1 with three
// stations on each (testkit/stations).
func gateWorld(t *testing.T) (string, map[world.MapID][]stations.Station) {
	t.Helper()
	dir := britanniaDir(t, 0, 1)
	out := map[world.MapID][]stations.Station{}
	for _, id := range []world.MapID{0, 1} {
		w, err := source.Load(t.Context(), source.Spec{DataDir: dir, MapID: id})
		if err != nil {
			t.Fatal(err)
		}
		out[id] = stations.Find(w.Map, w.Tiles, 3, 16, uint64(id)+1)
		if len(out[id]) < 3 {
			t.Fatalf("map %d: %d stations", id, len(out[id]))
		}
	}
	return dir, out
}

// gateTo is a moongate on cell g of map m sending to station s of map to.
func gateTo(m world.MapID, g world.Point, to world.MapID, s stations.Station) config.Moongate {
	return config.Moongate{Map: int(m), X: g.X, Y: g.Y, ToMap: int(to), ToX: s.X, ToY: s.Y, ToZ: s.Z}
}

// TestMoongatesInOneProcess: a player stepping onto a moongate goes to
// the gate's point on the other map with its pet, which follows it there;
// back through the other map's gate; a gate on its own map moves it
// there; a pet standing on a gate alone stays.
func TestMoongatesInOneProcess(t *testing.T) {
	dir, st := gateWorld(t)
	cfg := britanniaConfig(t, dir, 0, 1)
	cfg.Shard.Population = config.Population{Seed: 2}
	a, b := st[0], st[1]
	cfg.Shard.Moongates = []config.Moongate{
		gateTo(0, a[0].East(), 1, b[0]), gateTo(1, b[0].East(), 0, a[0]), gateTo(0, a[0].West(), 0, a[1]),
	}
	s, logs := newTestServer(t, cfg, Options{MaxSearchesPerTick: 8})
	defer s.Close()
	s.SetEvents(systems.MaskOf(systems.EventTeleported), 0)
	spawn := func(m world.MapID, at stations.Station, o systems.Order) uint64 {
		id, err := s.Spawn(m, systems.MobileSpec{X: at.X, Y: at.Y, Z: at.Z, Tags: c.Tags{Player: o.Follow == nil}, Speed: 100, Order: o})
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	player := spawn(0, a[0], systems.Order{})
	pet := spawn(0, a[0], systems.Order{Follow: &systems.FollowSpec{Target: player, Range: 1}})
	where := func(id uint64) (world.MapID, systems.MobileState) {
		m, ms, err := s.Mobile(id)
		if err != nil {
			t.Fatalf("mobile %d: %v\n%s", id, err, logs)
		}
		return m, ms
	}
	walk := func(d movement.Dir, want world.MapID, at stations.Station) {
		t.Helper()
		if err := s.SetOrder(player, systems.Order{Steps: []movement.Dir{d}}); err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 100; i++ {
			if err := s.Step(context.Background()); err != nil {
				t.Fatal(err)
			}
			if m, ms := where(player); m == want && ms.X == at.X && ms.Y == at.Y {
				return
			}
		}
		m, ms := where(player)
		t.Fatalf("the player stepped %v and is on map %d (%d,%d), want map %d (%d,%d)", d, m, ms.X, ms.Y, want, at.X, at.Y)
	}
	walk(movement.East, 1, b[0])
	if m, ms := where(pet); m != 1 || ms.Follow == nil || ms.Follow.Target != player {
		t.Fatalf("the pet is on map %d following %+v, want map 1 following %d", m, ms.Follow, player)
	}
	walk(movement.East, 0, a[0])
	walk(movement.West, 0, a[1])
	if m, _ := where(pet); m != 0 {
		t.Fatalf("the pet is on map %d, want 0 with its owner", m)
	}
	evs := s.Events(nil)
	if n := len(evs); n != 5 { // player and pet twice across maps, the player once on map 0
		t.Errorf("%d teleported events, want 5: %+v", n, evs)
	}

	// A pet standing on a gate alone does not take it.
	owner := spawn(0, a[2], systems.Order{})
	alone := spawn(0, a[2], systems.Order{Follow: &systems.FollowSpec{Target: owner, Range: 30}})
	g := a[0].East()
	if err := s.Teleport(alone, 0, g.X, g.Y, a[0].Z); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 5; i++ {
		if err := s.Step(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	if m, _ := where(alone); m != 0 {
		t.Fatalf("a pet alone on a gate went to map %d", m)
	}
	if strings.Contains(logs.String(), "moongate: mobile not sent") {
		t.Fatalf("a gate failed:\n%s", logs)
	}
}

// TestMoongateOffMap: a gate whose cell or point is off its map (the
// config knows only the largest map) fails New with a clear error.
func TestMoongateOffMap(t *testing.T) {
	cfg := testConfig(t.TempDir())
	cfg.Shard.Moongates = []config.Moongate{{Map: 0, X: 600, Y: 10, ToMap: 0, ToX: 5, ToY: 5}}
	if _, err := NewWithOptions(t.Context(), cfg, testLogger(&syncBuf{}), Options{}); err == nil || !strings.Contains(err.Error(), "off map 0") {
		t.Fatalf("a gate off the map: %v", err)
	}
	cfg.Shard.Moongates = []config.Moongate{{Map: 0, X: 6, Y: 10, ToMap: 0, ToX: 5, ToY: 900}}
	if _, err := NewWithOptions(t.Context(), cfg, testLogger(&syncBuf{}), Options{}); err == nil || !strings.Contains(err.Error(), "off map 0") {
		t.Fatalf("a gate to a point off the map: %v", err)
	}
}

// TestTeleportCommand: the console's teleport moves a mobile; bad
// arguments and a map not in the shard are refused with what is wrong.
func TestTeleportCommand(t *testing.T) {
	cfg := testConfig(t.TempDir())
	cfg.Shard.Population = config.Population{Seed: 1}
	s, _ := newTestServer(t, cfg, Options{})
	defer s.Close()
	id, err := s.Spawn(0, systems.MobileSpec{X: 100, Y: 100})
	if err != nil {
		t.Fatal(err)
	}
	out, err := s.Command(fmt.Sprintf("teleport %d 0 120 130 0", id))
	if err != nil || !strings.Contains(out, "sent to map 0 (120,130,0)") {
		t.Fatalf("teleport: %q, %v", out, err)
	}
	if _, ms, _ := s.Mobile(id); ms.X != 120 || ms.Y != 130 {
		t.Fatalf("the mobile is at (%d,%d)", ms.X, ms.Y)
	}
	for line, want := range map[string]string{
		"teleport 1 0 5":                          "want teleport MOBILE MAP X Y Z",
		"teleport x 0 1 2 3":                      "want teleport MOBILE MAP X Y Z",
		fmt.Sprintf("teleport %d 3 1 2 0", id):    "map not loaded",
		fmt.Sprintf("teleport %d 0 9999 2 0", id): "off the map",
		"teleport 999999 0 1 2 0":                 "no such mobile",
	} {
		if _, err := s.Command(line); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", line, err, want)
		}
	}
}
