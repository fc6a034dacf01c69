package gen

import "testing"

// TestUniformChunks counts the 16×16 chunks with one land tile and no
// statics: the ocean and plains must make most of the default world cheap.
func TestUniformChunks(t *testing.T) {
	w := testWorld(t)
	uniform, total := 0, 0
	for cy := 0; cy < w.Map.Height; cy += 16 {
		for cx := 0; cx < w.Map.Width; cx += 16 {
			total++
			if _, ok := uniformChunk(w, Spot{X: cx, Y: cy}); ok {
				uniform++
			}
		}
	}
	t.Logf("uniform chunks: %d of %d (%.1f%%), statics %d", uniform, total, 100*float64(uniform)/float64(total), w.Map.StaticCount())
	if uniform*10 < total*7 || uniform == total {
		t.Fatalf("%d of %d chunks uniform", uniform, total)
	}
}

// TestZRange checks land z stays in -5..60 and every item's top below 127.
func TestZRange(t *testing.T) {
	w := testWorld(t)
	m := w.Map
	for y := 0; y < m.Height; y++ {
		for x := 0; x < m.Width; x++ {
			if z := m.Land(x, y).Z; z < WaterZ || z > maxLandZ {
				t.Fatalf("land z %d at (%d,%d)", z, x, y)
			}
		}
	}
	hi := -128
	for b := 0; b < m.BlockCount(); b++ {
		for _, s := range m.BlockStatics(b) {
			_, h := w.Tiles.ItemFlagsHeight(s.ID)
			hi = max(hi, int(s.Z)+h)
			if w.Tiles.Items[s.ID].Name == "" {
				t.Fatalf("static 0x%04X is not in the palette", s.ID)
			}
		}
	}
	if hi >= 127 {
		t.Fatalf("an item top reaches %d", hi)
	}
	t.Logf("highest item top %d", hi)
}
