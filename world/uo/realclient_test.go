package uo

import (
	"os"
	"testing"

	"github.com/shardcore/shardcore/world"
)

// TestRealClient reads a real client folder named by SHARDCORE_UO_DIR (never
// committed: the data is copyrighted). Every facet present is loaded, checked
// for plausible content, written with our writers and read back identical.
func TestRealClient(t *testing.T) {
	dir := os.Getenv("SHARDCORE_UO_DIR")
	if dir == "" {
		t.Skip("SHARDCORE_UO_DIR not set")
	}
	found := 0
	for _, info := range world.KnownMaps() {
		f, err := Files(dir, info.ID)
		if err != nil {
			t.Logf("%s: %v", info.Name, err)
			continue
		}
		found++
		m, td, err := Open(dir, info.ID)
		if err != nil {
			t.Fatalf("%s: %v", info.Name, err)
		}
		fp, err := Fingerprint(f)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %dx%d, %d statics, tiledata format %d, fingerprint %016x, files %+v",
			info.Name, m.Width, m.Height, m.StaticCount(), td.Format, fp, f)
		for b := 0; b < m.BlockCount(); b += 97 {
			blk := m.LandBlock(b)
			for c := 0; c < 64; c++ {
				if id := uint16(blk[4+c*3]) | uint16(blk[5+c*3])<<8; id >= world.LandTileCount {
					t.Fatalf("%s block %d cell %d: land id %#x past the land table", info.Name, b, c, id)
				}
			}
		}
		out := t.TempDir()
		if err := WriteMapFiles(out, m); err != nil {
			t.Fatal(err)
		}
		mp, ip, sp := mapPaths(out, info.ID)
		back, err := ReadMap(info.ID, mp, ip, sp, m.Width, m.Height)
		if err != nil {
			t.Fatal(err)
		}
		sameMap(t, m, back)
	}
	if found == 0 {
		t.Fatalf("no facet's files found in %s", dir)
	}
	if defs, err := OpenMultis(dir); err != nil {
		t.Logf("multis: %v", err)
	} else {
		n := 0
		for _, d := range defs {
			if d != nil {
				n++
			}
		}
		t.Logf("multis: %d ids, %d defined", len(defs), n)
	}
}
