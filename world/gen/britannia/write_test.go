package britannia

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/uo"
)

// TestFolder writes two small maps as a client folder and reads each back
// through the client-file loader: the same land and statics, the manifest's
// sizes and houses, the profile's tile data and house multis.
func TestFolder(t *testing.T) {
	dir := t.TempDir()
	f, err := NewFolder(dir, 5)
	if err != nil {
		t.Fatal(err)
	}
	ws := []*World{smallWorld(t, world.Trammel), smallWorld(t, world.Tokuno)}
	for _, w := range ws {
		if err := f.Add(w); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	man, found, err := uo.ReadManifest(dir)
	if err != nil || !found || man.Profile != "britannia" || man.Seed != 5 {
		t.Fatalf("manifest %+v found %v: %v", man, found, err)
	}
	for _, w := range ws {
		m, td, err := uo.Open(dir, w.Map.ID)
		if err != nil {
			t.Fatal(err)
		}
		if d := sameMap(w.Map, m); d != "" {
			t.Fatalf("map %d read back with a different %s", w.Map.ID, d)
		}
		if td.Land != w.Tiles.Land {
			t.Fatal("tiledata land table differs")
		}
		if got := man.HousesOn(w.Map.ID); len(got) != len(w.Houses) {
			t.Fatalf("map %d: manifest has %d houses, generated %d", w.Map.ID, len(got), len(w.Houses))
		}
	}
	defs, err := uo.OpenMultis(dir)
	if err != nil || len(defs) != len(houseDefs()) {
		t.Fatalf("multis: %d defs, %v", len(defs), err)
	}
	if _, err := os.Stat(filepath.Join(dir, "map2.mul")); !os.IsNotExist(err) {
		t.Fatalf("map2.mul written though not added: %v", err)
	}
}
