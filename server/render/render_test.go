package render

import (
	"bytes"
	"image"
	"image/png"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/world"
)

// grassMap is a w×h map of flat grass with a pond (land tile 0xA8, wet) in
// its bottom-right quarter.
func grassMap(t *testing.T, w, h int) (*world.Map, *world.TileData) {
	t.Helper()
	td := world.NewTileData(world.TileFormatNew)
	td.Land[0xA8].Flags = world.FlagWet | world.FlagImpassable
	b, err := world.NewBuilder(world.Felucca, w, h)
	if err != nil {
		t.Fatal(err)
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			id := uint16(3)
			if x >= w/2 && y >= h/2 {
				id = 0xA8
			}
			b.SetLand(x, y, id, 0)
		}
	}
	m, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return m, td
}

// TestPNGDrawsTheScene: a mobile's marker, its path (with Paths, and only
// then), a resident chunk's outline and water are drawn where the scene
// puts them (below the legend in the top-left corner).
func TestPNGDrawsTheScene(t *testing.T) {
	m, td := grassMap(t, 192, 192)
	sc := Scene{Map: m, Tiles: td,
		Resident: func(cx, cy int) bool { return cx == 1 && cy == 9 },
		Mobiles:  []Mobile{{X: 60, Y: 120, Path: []movement.Dir{movement.East, movement.East, movement.South}}}}
	const k = 2
	for _, paths := range []bool{false, true} {
		var buf bytes.Buffer
		if err := PNG(&buf, sc, Options{Paths: paths, Scale: k}); err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(&buf)
		if err != nil {
			t.Fatal(err)
		}
		if img.Bounds() != image.Rect(0, 0, 192*k, 192*k) {
			t.Fatalf("bounds %v", img.Bounds())
		}
		at := func(x, y int) Key {
			r, g, b, _ := img.At(x, y).RGBA()
			for key := range numKeys {
				c := key.Colour()
				if uint8(r>>8) == c.R && uint8(g>>8) == c.G && uint8(b>>8) == c.B {
					return key
				}
			}
			return -1
		}
		if got := at(60*k+1, 120*k+1); got != Mobiles {
			t.Errorf("mobile's cell: key %d", got)
		}
		for _, c := range [][2]int{{62, 120}, {62, 121}} { // the cell after the first step is under the marker
			if got := at(c[0]*k, c[1]*k); (got == Path) != paths {
				t.Errorf("paths %v: path cell %v has key %d", paths, c, got)
			}
		}
		if got := at(1*16*k, 9*16*k+5); got != Resident {
			t.Errorf("resident chunk's outline: key %d", got)
		}
		if got := at(150*k, 150*k); got != Water {
			t.Errorf("pond: key %d", got)
		}
	}
	if err := (Options{Scale: 1 << 8}).CheckSize(m); err == nil {
		t.Error("a 49152-pixel-wide image: want an error")
	}
}
