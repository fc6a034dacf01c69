package server

import (
	"bytes"
	"image"
	"image/png"
	"testing"
)

// TestRenderDrawsMapChunksAndPaths renders a small world after some ticks
// and checks the image size and that paths, mobiles, resident and uniform
// chunks all show.
func TestRenderDrawsMapChunksAndPaths(t *testing.T) {
	s, _ := newTestServer(t, testConfig(t.TempDir()), Options{TapPaths: true})
	defer s.Close()
	var buf bytes.Buffer
	if err := s.Render(t.Context(), &buf, RenderOptions{Ticks: 150, Paths: true, Scale: 2}); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if got := img.Bounds(); got != image.Rect(0, 0, 1024, 1024) {
		t.Fatalf("bounds %v, want 1024x1024 (512 cells at scale 2)", got)
	}
	counts := map[[3]uint8]int{}
	for y := 0; y < 1024; y++ {
		for x := 0; x < 1024; x++ {
			r, g, b, _ := img.At(x, y).RGBA()
			counts[[3]uint8{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8)}]++
		}
	}
	for name, c := range map[string][3]uint8{"path": {colPath.R, colPath.G, colPath.B}, "mobile": {colMobile.R, colMobile.G, colMobile.B},
		"resident outline": {colResident.R, colResident.G, colResident.B}, "uniform": {colUniform.R, colUniform.G, colUniform.B},
		"water": {colWater.R, colWater.G, colWater.B}} {
		if counts[c] < 20 {
			t.Errorf("%s: %d pixels", name, counts[c])
		}
	}
	var plain bytes.Buffer
	s2, _ := newTestServer(t, testConfig(t.TempDir()), Options{})
	defer s2.Close()
	if err := s2.Render(t.Context(), &plain, RenderOptions{Paths: true}); err == nil {
		t.Error("paths without TapPaths: want an error")
	}
}
