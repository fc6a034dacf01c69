package uo

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/shardcore/shardcore/world"
)

// writeClientDir writes tiledata, a facet's mul files and multis into a new
// directory under the operators' mixed-case names.
func writeClientDir(t *testing.T, r *rand.Rand, id world.MapID, w, h int) (string, *world.Map, *world.TileData) {
	t.Helper()
	dir := t.TempDir()
	m := randomMap(t, r, id, w, h)
	td := randomTileData(r, world.TileFormatOld16K)
	writeTileDataFile(t, filepath.Join(dir, "TILEDATA.MUL"), td)
	if err := WriteMapFiles(dir, m); err != nil {
		t.Fatal(err)
	}
	mp, ip, sp := mapPaths(dir, id)
	for old, name := range map[string]string{mp: "Map%d.mul", ip: "StaIdx%d.MUL", sp: "Statics%d.mul"} {
		if err := os.Rename(old, filepath.Join(dir, sprintf(name, id))); err != nil {
			t.Fatal(err)
		}
	}
	return dir, m, td
}

func TestFilesCaseInsensitive(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	dir, m, td := writeClientDir(t, r, world.Ilshenar, 64, 48)
	f, err := Files(dir, world.Ilshenar)
	if err != nil {
		t.Fatal(err)
	}
	want := MapFiles{TileData: filepath.Join(dir, "TILEDATA.MUL"), Map: filepath.Join(dir, "Map2.mul"),
		Staidx: filepath.Join(dir, "StaIdx2.MUL"), Statics: filepath.Join(dir, "Statics2.mul")}
	if f != want {
		t.Fatalf("Files = %+v\nwant    %+v", f, want)
	}
	gm, gtd, err := openSized(dir, world.Ilshenar, 64, 48)
	if err != nil {
		t.Fatal(err)
	}
	sameMap(t, m, gm)
	if gtd.Land != td.Land {
		t.Fatal("tiledata differs")
	}

	// A .uop next to the .mul is preferred and Map is left empty.
	if err := WriteMapUOP(filepath.Join(dir, "MAP2LEGACYMUL.UOP"), m); err != nil {
		t.Fatal(err)
	}
	f, err = Files(dir, world.Ilshenar)
	if err != nil {
		t.Fatal(err)
	}
	if f.UOP != filepath.Join(dir, "MAP2LEGACYMUL.UOP") || f.Map != "" {
		t.Fatalf("with a .uop: %+v", f)
	}
	gm, err = f.ReadMap(world.Ilshenar, 64, 48)
	if err != nil {
		t.Fatal(err)
	}
	sameMap(t, m, gm)
	// Only the .uop: the same.
	if err := os.Remove(filepath.Join(dir, "Map2.mul")); err != nil {
		t.Fatal(err)
	}
	if f2, err := Files(dir, world.Ilshenar); err != nil || f2 != f {
		t.Fatalf("uop only: %+v, %v", f2, err)
	}

	// An exact lower-case name wins over another casing.
	if err := os.WriteFile(filepath.Join(dir, "tiledata.mul"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if f, _ = Files(dir, world.Ilshenar); f.TileData != filepath.Join(dir, "tiledata.mul") {
		t.Fatalf("tiledata resolved to %s", f.TileData)
	}
}

// openSized is Open with an explicit size (the test maps are small).
func openSized(dir string, id world.MapID, w, h int) (*world.Map, *world.TileData, error) {
	f, err := Files(dir, id)
	if err != nil {
		return nil, nil, err
	}
	td, err := ReadTileData(f.TileData)
	if err != nil {
		return nil, nil, err
	}
	m, err := f.ReadMap(id, w, h)
	return m, td, err
}

func TestFilesMissing(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "Statics0.mul"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Files(dir, world.Felucca)
	wantErr(t, err, dir, "tiledata.mul", "map0LegacyMUL.uop or map0.mul", "staidx0.mul")
	if err != nil && contains(err.Error(), "statics0.mul") {
		t.Fatalf("error names a present file: %v", err)
	}
	_, err = Files(filepath.Join(dir, "nope"), world.Felucca)
	wantErr(t, err, "nope")
	_, err = OpenMultis(dir)
	wantErr(t, err, dir, "multi.idx", "multi.mul")
	_, _, err = Open(dir, world.Felucca)
	wantErr(t, err, "tiledata.mul")
}

func TestOpenAndOpenMultis(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	dir, m, _ := writeClientDir(t, r, world.Tokuno, 1448, 1448)
	gm, gtd, err := Open(dir, world.Tokuno)
	if err != nil {
		t.Fatal(err)
	}
	sameMap(t, m, gm)
	if gtd.Format != world.TileFormatOld16K {
		t.Fatalf("format %d", gtd.Format)
	}
	defs := randomMultis(r, true)
	if err := WriteMultis(filepath.Join(dir, "Multi.IDX"), filepath.Join(dir, "MULTI.mul"), defs, true); err != nil {
		t.Fatal(err)
	}
	got, err := OpenMultis(dir)
	if err != nil {
		t.Fatal(err)
	}
	sameMultis(t, defs, got)
}
