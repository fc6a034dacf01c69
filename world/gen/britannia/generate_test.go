package britannia

import (
	"bytes"
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/gen"
)

func TestOptions(t *testing.T) {
	for _, o := range []Options{{Map: 6}, {Map: 0, Width: 100, Height: 512}, {Map: 4, Width: 1450, Height: 1448}, {Map: 1, Width: 9000, Height: 512}} {
		if _, err := Generate(context.Background(), o); err == nil {
			t.Errorf("Generate(%+v) succeeded", o)
		}
	}
	if o := (Options{Map: 4}).withDefaults(); o.Width != 1448 || o.Height != 1448 || o.Seed != DefaultSeed {
		t.Errorf("defaults of map 4: %+v", o)
	}
	for in, want := range map[string]string{"1448x1448": "", "520X392": "", "100x512": "outside", "1444x1448": "multiple of 8", "big": "WIDTHxHEIGHT"} {
		_, _, err := ParseSize(in)
		if (err == nil) != (want == "") || (err != nil && !strings.Contains(err.Error(), want)) {
			t.Errorf("ParseSize(%q) = %v, want %q", in, err, want)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Generate(ctx, small(0)); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

// sameMap reports the first difference between two maps, or "".
func sameMap(a, b *world.Map) string {
	if a.Width != b.Width || a.Height != b.Height {
		return "size"
	}
	for i := 0; i < a.BlockCount(); i++ {
		if !bytes.Equal(a.LandBlock(i), b.LandBlock(i)) {
			return "land"
		}
		if !reflect.DeepEqual(a.BlockStatics(i), b.BlockStatics(i)) {
			return "statics"
		}
	}
	return ""
}

func TestDeterministic(t *testing.T) {
	o := small(1)
	a := smallWorld(t, 1)
	b, err := Generate(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	if d := sameMap(a.Map, b.Map); d != "" || !reflect.DeepEqual(a.Houses, b.Houses) || !reflect.DeepEqual(a.Features, b.Features) {
		t.Fatalf("same options, different %q (or houses, features)", d)
	}
	o.Seed++
	c, err := Generate(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	if sameMap(a.Map, c.Map) == "" {
		t.Fatal("seeds 5 and 6 gave the same map")
	}
	// Trammel is Felucca's world under its own id, as the client ships them.
	o.Seed, o.Map = small(1).Seed, world.Felucca
	f, err := Generate(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	if d := sameMap(a.Map, f.Map); d != "" || f.Map.ID != world.Felucca || !reflect.DeepEqual(a.Houses, f.Houses) {
		t.Fatalf("map 0 of Trammel's options differs in %q (or id %d, houses)", d, f.Map.ID)
	}
}

// TestEveryMap generates the six small maps and checks each holds what its
// character promises, every tile is in the palette and every Z fits.
func TestEveryMap(t *testing.T) {
	for _, s := range Maps() {
		w := smallWorld(t, s.ID)
		f := w.Features
		got := map[string]int{"towns": len(f.Towns), "doors": len(f.DoorSpecs), "dungeons": len(f.Dungeons), "houses": len(w.Houses)}
		want := map[world.MapID]map[string]int{
			0: {"towns": 2, "doors": 20, "dungeons": 1, "houses": 6},
			1: {"towns": 2, "doors": 10, "dungeons": 1, "houses": 6},
			2: {"towns": 1, "doors": 5, "dungeons": 1},
			3: {"towns": 1, "doors": 10, "dungeons": 1, "houses": 2},
			4: {"towns": 1, "doors": 5, "houses": 2},
			5: {"towns": 1, "doors": 10, "dungeons": 1},
		}[s.ID]
		for k, n := range want {
			if got[k] < n {
				t.Errorf("map %d: %d %s, want at least %d", s.ID, got[k], k, n)
			}
		}
		checkTiles(t, w)
		t.Logf("map %d %dx%d: %v, %d statics, %d bridges, %d docks", s.ID, w.Map.Width, w.Map.Height, got, w.Map.StaticCount(), len(f.Bridges), len(f.Docks))
	}
}

// checkTiles checks every land and static id is named in the palette and
// every Z stays in range.
func checkTiles(t *testing.T, w *World) {
	t.Helper()
	m := w.Map
	for y := 0; y < m.Height; y++ {
		for x := 0; x < m.Width; x++ {
			c := m.Land(x, y)
			if w.Tiles.Land[c.ID].Name == "" || c.Z < -20 || c.Z > maxLandZ {
				t.Fatalf("map %d (%d,%d): land %#x z %d", m.ID, x, y, c.ID, c.Z)
			}
		}
	}
	for b := 0; b < m.BlockCount(); b++ {
		for _, s := range m.BlockStatics(b) {
			it := w.Tiles.Item(s.ID)
			if it.Name == "" || int(s.Z)+int(it.Height) >= 127 {
				t.Fatalf("map %d block %d: static %#x at z %d", m.ID, b, s.ID, s.Z)
			}
		}
	}
}

// TestFeaturesWalk checks the named features against the live rules: town
// streets, doorways (from the street through to the room), bridge decks,
// piers, dungeon entrances and ramps, forest clearings, shore spots (a
// swimmer floats there, beside land a walker stands on).
func TestFeaturesWalk(t *testing.T) {
	walker := movement.Mover{}
	for _, s := range Maps() {
		w := smallWorld(t, s.ID)
		r := staticRules(w)
		f := w.Features
		for _, tw := range f.Towns {
			if !standsAt(r, walker, tw.Street) {
				t.Errorf("map %d: town street %v", s.ID, tw.Street)
			}
		}
		for i, d := range f.DoorSpecs {
			if i >= 40 {
				break
			}
			if !throughDoor(r, walker, d.At.X, d.At.Y, int(d.Z)) {
				t.Errorf("map %d: doorway %v: no way from the street through it", s.ID, d.At)
			}
		}
		for _, sp := range append(append(f.Bridges, f.Docks...), f.Forests...) {
			if !standsAt(r, walker, sp) {
				t.Errorf("map %d: bridge, pier or forest cell %v: a walker does not stand at its Z", s.ID, sp)
			}
		}
		swimmer := movement.Mover{Caps: movement.CanSwim | movement.CantWalk}
		if waterless := s.ID == world.Malas || s.ID == world.TerMur; len(f.Shore) == 0 != waterless {
			t.Errorf("map %d: %d shore spots", s.ID, len(f.Shore))
		}
		for _, sp := range f.Shore {
			if !standsAt(r, swimmer, sp) || !besideLand(r, sp) {
				t.Errorf("map %d: shore spot %v: a swimmer does not float at its Z beside land a walker stands on", s.ID, sp)
			}
		}
		for _, d := range f.Dungeons {
			if !standsAt(r, walker, d.Entrance) {
				t.Errorf("map %d: dungeon entrance %v", s.ID, d.Entrance)
			}
			if d.Ramp[1] != d.Ramp[0] && !reach(r, walker, d.Ramp[0], d.Ramp[1], 6) {
				t.Errorf("map %d: dungeon ramp %v does not climb to %v", s.ID, d.Ramp[0], d.Ramp[1])
			}
		}
	}
}

// besideLand reports whether a walker can stand on a cell north, south,
// east or west of sp.
func besideLand(r *movement.Rules, sp gen.Spot) bool {
	for _, d := range [4][2]int{{0, -1}, {0, 1}, {1, 0}, {-1, 0}} {
		if _, ok := r.Enter(movement.Mover{}, sp.X+d[0], sp.Y+d[1], 127, 127, 127); ok {
			return true
		}
	}
	return false
}

// throughDoor reports whether a walker on one side of the doorway at (x, y)
// steps through it to the other side, in either north-south order.
func throughDoor(r *movement.Rules, mv movement.Mover, x, y, z int) bool {
	for _, d := range [2]movement.Dir{movement.North, movement.South} {
		back := (d + 4) & 7
		dx, dy := back.Offset()
		if z1, ok := r.CheckMovement(mv, x+dx, y+dy, z, d); ok && z1 == z {
			if _, ok := r.CheckMovement(mv, x, y, z1, d); ok {
				return true
			}
		}
	}
	return false
}

// TestManySeeds generates every map under many seeds and odd sizes: no
// seed or size may fail or panic (every random range is guarded), and each
// keeps its tiles in the palette.
func TestManySeeds(t *testing.T) {
	sizes := [][2]int{{256, 256}, {264, 400}, {400, 264}}
	for seed := int64(1); seed <= 8; seed++ {
		for _, s := range Maps() {
			wh := sizes[int(seed)%len(sizes)]
			w, err := Generate(context.Background(), Options{Seed: seed * 7919, Map: s.ID, Width: wh[0], Height: wh[1]})
			if err != nil {
				t.Fatalf("seed %d map %d %v: %v", seed*7919, s.ID, wh, err)
			}
			if seed == 1 {
				checkTiles(t, w)
			}
		}
	}
}
