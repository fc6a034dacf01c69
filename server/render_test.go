package server

import (
	"bytes"
	"image"
	"image/png"
	"testing"

	"github.com/shardcore/shardcore/server/render"
)

// TestRenderDrawsMapChunksAndPaths renders a small world after some ticks
// and checks the image size and that paths, mobiles, resident and uniform
// chunks all show.
func TestRenderDrawsMapChunksAndPaths(t *testing.T) {
	s, _ := newTestServer(t, testConfig(t.TempDir()), Options{})
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
			counts[rgb(img, x, y)]++
		}
	}
	for name, c := range map[string][3]uint8{"path": {render.Path.Colour().R, render.Path.Colour().G, render.Path.Colour().B}, "mobile": {render.Mobiles.Colour().R, render.Mobiles.Colour().G, render.Mobiles.Colour().B},
		"resident outline": {render.Resident.Colour().R, render.Resident.Colour().G, render.Resident.Colour().B}, "uniform": {render.Uniform.Colour().R, render.Uniform.Colour().G, render.Uniform.Colour().B},
		"water": {render.Water.Colour().R, render.Water.Colour().G, render.Water.Colour().B}} {
		if counts[c] < 20 {
			t.Errorf("%s: %d pixels", name, counts[c])
		}
	}
}

func rgb(img image.Image, x, y int) [3]uint8 {
	r, g, b, _ := img.At(x, y).RGBA()
	return [3]uint8{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8)}
}

// TestRenderPathsAreLive: the path overlay is exactly the steps the
// mobiles have left on the paths the simulation holds, from where they
// stand: every path pixel (outside the legend) is on such a path, and every
// cell of such a path not under a mobile's marker is drawn. (The overlay
// used to re-plan each mobile's last search on the static world.)
func TestRenderPathsAreLive(t *testing.T) {
	s, _ := newTestServer(t, testConfig(t.TempDir()), Options{})
	defer s.Close()
	const k = 2
	var buf bytes.Buffer
	if err := s.Render(t.Context(), &buf, RenderOptions{Ticks: 120, Paths: true, Scale: k}); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	live := map[image.Point]bool{}
	marked := map[image.Point]bool{} // cells a mobile's 3×3-pixel marker may cover
	for _, id := range s.Sim().MobileIDs() {
		p, _ := s.Sim().MobileState(id)
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				marked[image.Pt(int(p.X)+dx, int(p.Y)+dy)] = true
			}
		}
		steps, _ := s.Sim().MobilePath(id)
		x, y := int(p.X), int(p.Y)
		for _, d := range steps {
			dx, dy := d.Offset()
			x, y = x+dx, y+dy
			live[image.Pt(x, y)] = true
		}
	}
	if len(live) < 20 {
		t.Fatalf("only %d cells on live paths", len(live))
	}
	path := [3]uint8{render.Path.Colour().R, render.Path.Colour().G, render.Path.Colour().B}
	legend := image.Rect(0, 0, 4*2*24, 7*2*11+4)
	drawn := 0
	for y := 0; y < img.Bounds().Dy(); y++ {
		for x := 0; x < img.Bounds().Dx(); x++ {
			if image.Pt(x, y).In(legend) || rgb(img, x, y) != path {
				continue
			}
			drawn++
			if c := image.Pt(x/k, y/k); !live[c] {
				t.Fatalf("pixel (%d,%d): cell %v is drawn as path but on no mobile's live path", x, y, c)
			}
		}
	}
	for c := range live {
		if marked[c] || image.Pt(c.X*k, c.Y*k).In(legend) {
			continue
		}
		if rgb(img, c.X*k, c.Y*k) != path {
			t.Errorf("cell %v is on a live path but not drawn", c)
		}
	}
	t.Logf("%d live path cells, %d path pixels", len(live), drawn)
}
