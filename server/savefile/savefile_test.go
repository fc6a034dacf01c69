package savefile

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"testing"
	"time"

	c "github.com/shardcore/shardcore/components"
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/systems"
	"github.com/shardcore/shardcore/world"
)

// simState runs a small Sim with every intent, a door and an item for a
// while and returns its state.
func simState(t testing.TB) *systems.State {
	t.Helper()
	td := world.NewTileData(world.TileFormatNew)
	td.Items[0x6A5] = world.ItemTile{Flags: world.FlagDoor | world.FlagImpassable, Height: 20}
	b, err := world.NewBuilder(2, 64, 64)
	if err != nil {
		t.Fatal(err)
	}
	for y := 0; y < 64; y++ {
		for x := 0; x < 64; x++ {
			b.SetLand(x, y, 3, int8((x+y)%5))
		}
	}
	m, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	s, err := systems.NewSim(m, td, systems.Options{Seed: 11, MaxSearchesPerTick: 3, SleepRadius: 1})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.SpawnItem(systems.ItemSpec{X: 30, Y: 30, ID: 0x6A5, Door: true}); err != nil {
		t.Fatal(err)
	}
	r, _ := s.AddRoute([]world.Point{{X: 5, Y: 5}, {X: 50, Y: 40}})
	wr, _ := s.AddWalkRoute([]systems.RouteCell{{X: 10, Y: 10, Z: 0}, {X: 11, Y: 10, Z: 1}, {X: 12, Y: 10, Z: 2}})
	spawn := func(sp systems.MobileSpec) uint64 {
		id, err := s.SpawnMobile(sp)
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	p := spawn(systems.MobileSpec{X: 10, Y: 10, Tags: c.Tags{Player: true}, Order: systems.Order{Walk: &systems.WalkSpec{Route: wr}}})
	spawn(systems.MobileSpec{X: 8, Y: 8, Order: systems.Order{Follow: &systems.FollowSpec{Target: p, Range: 2}}})
	spawn(systems.MobileSpec{X: 9, Y: 8, Order: systems.Order{Follow: &systems.FollowSpec{Target: p, Range: 3}}})
	spawn(systems.MobileSpec{X: 5, Y: 5, Tags: c.Tags{CanOpenDoors: true}, Order: systems.Order{Patrol: &systems.PatrolSpec{Route: r}}})
	spawn(systems.MobileSpec{X: 40, Y: 40, Order: systems.Order{Wander: &systems.WanderSpec{Home: world.Point{X: 40, Y: 40}, Radius: 6}}})
	spawn(systems.MobileSpec{X: 60, Y: 2, Order: systems.Order{GoTo: &systems.GoToSpec{Goal: world.Point{X: 2, Y: 60}}}})
	spawn(systems.MobileSpec{X: 33, Y: 3, Order: systems.Order{Steps: []movement.Dir{movement.South, movement.South}}})
	for i := 0; i < 150; i++ {
		s.Step()
	}
	st, err := s.State()
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func sampleFile(t testing.TB) *File {
	return &File{Tick: 150, GameMs: 1200, Saved: time.Date(2026, 12, 4, 1, 2, 3, 4, time.UTC),
		Maps: []Map{{ID: 2, Fingerprint: 0xABCDEF0123456789, State: simState(t)}}, Version: 1}
}

// sectionFile is sampleFile with two sections: a version 2 save.
func sectionFile(t testing.TB) *File {
	f := sampleFile(t)
	f.Version = 2
	f.Sections = []Section{{Name: "cluster", Data: []byte{1, 2, 3}}, {Name: "empty"}}
	return f
}

// TestRoundTrip: a save decodes to what was encoded, and WriteFile then
// ReadFile gives it back.
func TestRoundTrip(t *testing.T) {
	f := sampleFile(t)
	if len(f.Maps[0].State.Mobiles) != 7 || len(f.Maps[0].State.Items) != 1 {
		t.Fatalf("sample state: %d mobiles, %d items", len(f.Maps[0].State.Mobiles), len(f.Maps[0].State.Items))
	}
	got, err := Decode(Encode(f))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(f, got) {
		t.Fatalf("decoded save differs:\n%+v\n%+v", f.Maps[0].State.Mobiles[0], got.Maps[0].State.Mobiles[0])
	}
	path := filepath.Join(t.TempDir(), "saves", "shard.save")
	if err := WriteFile(path, f); err != nil {
		t.Fatal(err)
	}
	back, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(f, back) {
		t.Fatal("the file read back differs")
	}
	if maps, mobs, items := back.Counts(); maps != 1 || mobs != 7 || items != 1 {
		t.Fatalf("counts %d %d %d", maps, mobs, items)
	}
	left, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "*.tmp-*"))
	if len(left) != 0 {
		t.Fatalf("temp files left: %v", left)
	}
}

// TestRefusals: a foreign file, another version, every truncation and
// every flipped byte are refused with the right error, never a panic.
func TestRefusals(t *testing.T) {
	good := Encode(sampleFile(t))
	if _, err := Decode([]byte("PK\x03\x04 a zip file, not a save at all")); !errors.Is(err, ErrNotSave) {
		t.Errorf("foreign: %v", err)
	}
	for _, v := range []uint32{0, 3, 1 << 31} {
		b := bytes.Clone(good)
		binary.LittleEndian.PutUint32(b[8:], v)
		if _, err := Decode(b); !errors.Is(err, ErrVersion) {
			t.Errorf("version %d: %v", v, err)
		}
	}
	for n := len(Magic); n < len(good); n++ {
		if _, err := Decode(good[:n]); !errors.Is(err, ErrCorrupt) {
			t.Fatalf("cut to %d bytes: %v", n, err)
		}
	}
	for i := 0; i < len(good); i++ {
		b := bytes.Clone(good)
		b[i] ^= 0x40
		_, err := Decode(b)
		if err == nil {
			t.Fatalf("byte %d flipped: accepted", i)
		}
		if i >= headerSize && !errors.Is(err, ErrCorrupt) {
			t.Fatalf("body byte %d flipped: %v", i, err)
		}
	}
	extended := append(bytes.Clone(good), 0)
	if _, err := Decode(extended); !errors.Is(err, ErrCorrupt) {
		t.Errorf("a byte appended: %v", err)
	}
}

// TestReadFileRefusesNonRegular: a directory or a pipe in place of the
// save is refused before any read (a pipe would block).
func TestReadFileRefusesNonRegular(t *testing.T) {
	dir := t.TempDir()
	if _, err := ReadFile(dir); err == nil {
		t.Fatal("a directory was read as a save")
	}
	if _, err := ReadFile(filepath.Join(dir, "none")); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("missing: %v", err)
	}
}

// TestBodyDecodeBoundsCounts: a body whose counts claim more than it
// holds is refused without allocating for them.
func TestBodyDecodeBoundsCounts(t *testing.T) {
	e := &enc{}
	e.u(1)
	e.i(2)
	e.i(3)
	e.u(1 << 60) // maps
	if _, err := decodeBody(e.b, 1); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("huge count: %v", err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, _ = decodeBody(e.b, 1)
	runtime.ReadMemStats(&after)
	if n := after.TotalAlloc - before.TotalAlloc; n > 1<<16 {
		t.Fatalf("%d bytes allocated refusing a huge count", n)
	}
}

// FuzzDecode feeds whole files (the checksum stops most mutations early).
func FuzzDecode(f *testing.F) {
	f.Add(Encode(sampleFile(f)))
	f.Add([]byte(Magic))
	f.Fuzz(func(t *testing.T, b []byte) {
		file, err := Decode(b)
		if err != nil {
			return
		}
		again, err := Decode(Encode(file))
		if err != nil || !reflect.DeepEqual(file, again) {
			t.Fatalf("a save that decodes does not survive encoding again: %v", err)
		}
	})
}

// FuzzDecodeBody feeds bodies past the checksum, to the decoder itself.
func FuzzDecodeBody(f *testing.F) {
	f.Add(Encode(sampleFile(f))[headerSize:])
	f.Add(Encode(sectionFile(f))[headerSize:])
	f.Fuzz(func(t *testing.T, b []byte) {
		for version := 1; version <= Version; version++ {
			file, err := decodeBody(b, version)
			if err != nil {
				continue
			}
			again, err := decodeBody(Encode(file)[headerSize:], version)
			if err != nil || !reflect.DeepEqual(file, again) {
				t.Fatalf("a version %d body that decodes does not survive encoding again: %v", version, err)
			}
		}
	})
}

// TestSections: a save with sections is version 2 and gives them back in
// order; one without is version 1, as a build before sections wrote it.
// A version 2 body with no sections, or an unnamed or repeated one, is
// refused.
func TestSections(t *testing.T) {
	f := sectionFile(t)
	b := Encode(f)
	if v := binary.LittleEndian.Uint32(b[8:]); v != 2 {
		t.Fatalf("a save with sections is version %d", v)
	}
	got, err := Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(f, got) {
		t.Fatalf("sections: %+v, want %+v", got.Sections, f.Sections)
	}
	if d, ok := got.Section("cluster"); !ok || !bytes.Equal(d, []byte{1, 2, 3}) {
		t.Fatalf("Section(cluster) = %v, %v", d, ok)
	}
	if _, ok := got.Section("other"); ok {
		t.Fatal("Section(other) found")
	}
	plain := Encode(sampleFile(t))
	if v := binary.LittleEndian.Uint32(plain[8:]); v != 1 {
		t.Fatalf("a save without sections is version %d, want 1", v)
	}
	body := plain[headerSize:]
	for name, tail := range map[string][]byte{
		"no sections": {0},
		"unnamed":     {1, 0, 0},
		"twice":       {2, 1, 'a', 0, 1, 'a', 0},
		"cut":         {1, 1, 'a', 5, 1},
	} {
		if _, err := decodeBody(append(bytes.Clone(body), tail...), 2); !errors.Is(err, ErrCorrupt) {
			t.Errorf("%s: %v", name, err)
		}
	}
}
