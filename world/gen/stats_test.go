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
