package gen

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/uo"
)

// sameWorldFiles checks a map and tile table read back from files against
// the generated ones: land per block, statics per cell in order, every
// tiledata entry.
func sameWorldFiles(t *testing.T, w *World, m *world.Map, td *world.TileData) {
	t.Helper()
	if m.Width != w.Map.Width || m.Height != w.Map.Height {
		t.Fatalf("read back %dx%d, wrote %dx%d", m.Width, m.Height, w.Map.Width, w.Map.Height)
	}
	for b := 0; b < m.BlockCount(); b++ {
		if !bytes.Equal(m.LandBlock(b), w.Map.LandBlock(b)) {
			t.Fatalf("land block %d differs", b)
		}
	}
	for y := 0; y < m.Height; y++ {
		for x := 0; x < m.Width; x++ {
			a, b := w.Map.StaticsAt(x, y), m.StaticsAt(x, y)
			if len(a) != len(b) || (len(a) > 0 && !reflect.DeepEqual(a, b)) {
				t.Fatalf("statics of (%d,%d): wrote %v, read %v", x, y, a, b)
			}
		}
	}
	if td.Format != w.Tiles.Format || td.Land != w.Tiles.Land || !reflect.DeepEqual(td.Items, w.Tiles.Items) {
		t.Fatal("tiledata differs")
	}
}

func TestWriteFilesRoundTrip(t *testing.T) {
	w := testWorld(t)
	dir := t.TempDir()
	if err := WriteFiles(dir, w); err != nil {
		t.Fatal(err)
	}
	files, err := uo.Files(dir, world.Felucca)
	if err != nil {
		t.Fatal(err)
	}
	// uo.Open infers a facet's size from its UO dimensions; a generated
	// world of another size is read with its size given.
	m, err := files.ReadMap(world.Felucca, w.Map.Width, w.Map.Height)
	if err != nil {
		t.Fatal(err)
	}
	td, err := uo.ReadTileData(files.TileData)
	if err != nil {
		t.Fatal(err)
	}
	sameWorldFiles(t, w, m, td)
	defs, err := uo.OpenMultis(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(defs, w.Multis) {
		t.Fatalf("multis read back differ: %d defs, wrote %d", len(defs), len(w.Multis))
	}
	for _, name := range Files() {
		st, err := os.Stat(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%-13s %10d bytes", name, st.Size())
	}
}

func TestWriteFilesDeterministic(t *testing.T) {
	o := Options{Seed: 11, Width: 512, Height: 512}
	dirs := [2]string{t.TempDir(), t.TempDir()}
	for _, d := range dirs {
		w, err := Generate(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		if err := WriteFiles(d, w); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range Files() {
		a, err := os.ReadFile(filepath.Join(dirs[0], name))
		if err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(dirs[1], name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs between two runs of seed %d", name, o.Seed)
		}
	}
}

func TestWriteFilesLargeOpen(t *testing.T) {
	if testing.Short() {
		t.Skip("7168x4096 write and read skipped in -short")
	}
	w, err := Generate(context.Background(), Options{Seed: 1, Width: 7168, Height: 4096})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := WriteFiles(dir, w); err != nil {
		t.Fatal(err)
	}
	m, td, err := uo.Open(dir, world.Felucca)
	if err != nil {
		t.Fatal(err)
	}
	sameWorldFiles(t, w, m, td)
}

func TestWriteFilesErrors(t *testing.T) {
	if err := WriteFiles(t.TempDir(), &World{}); err == nil {
		t.Error("WriteFiles of an empty world succeeded")
	}
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := WriteFiles(filepath.Join(file, "sub"), testWorld(t)); err == nil {
		t.Error("WriteFiles under a regular file succeeded")
	}
}
