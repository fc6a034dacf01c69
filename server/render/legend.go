package render

import (
	"image"
	"image/color"
)

// font3x5 is a 3×5 bitmap font for the legend: each glyph is 5 rows of 3
// bits (bit 2 = left column).
var font3x5 = map[rune][5]uint8{
	'A': {2, 5, 7, 5, 5}, 'B': {6, 5, 6, 5, 6}, 'C': {3, 4, 4, 4, 3}, 'D': {6, 5, 5, 5, 6},
	'E': {7, 4, 6, 4, 7}, 'F': {7, 4, 6, 4, 4}, 'G': {3, 4, 5, 5, 3}, 'H': {5, 5, 7, 5, 5},
	'I': {7, 2, 2, 2, 7}, 'K': {5, 5, 6, 5, 5}, 'L': {4, 4, 4, 4, 7}, 'M': {5, 7, 7, 5, 5},
	'N': {6, 5, 5, 5, 5}, 'O': {2, 5, 5, 5, 2}, 'P': {6, 5, 6, 4, 4}, 'R': {6, 5, 6, 5, 5},
	'S': {3, 4, 2, 1, 6}, 'T': {7, 2, 2, 2, 2}, 'U': {5, 5, 5, 5, 7}, 'V': {5, 5, 5, 5, 2},
	'W': {5, 5, 7, 7, 5}, 'Y': {5, 5, 2, 2, 2}, 'Z': {7, 1, 2, 4, 7}, '/': {1, 1, 2, 4, 4},
	' ': {},
}

// drawText draws s at (x, y) with pixels of side px.
func drawText(img *image.RGBA, x, y, px int, s string, c color.RGBA) {
	for _, r := range s {
		g := font3x5[r]
		for row := 0; row < 5; row++ {
			for col := 0; col < 3; col++ {
				if g[row]&(4>>col) != 0 {
					fill(img, x+col*px, y+row*px, px, px, c)
				}
			}
		}
		x += 4 * px
	}
}

// drawLegend draws the colour key in the top-left corner.
func drawLegend(img *image.RGBA) {
	px := 2
	if img.Rect.Dx() >= 1500 {
		px = 3
	}
	items := []struct {
		c    color.RGBA
		name string
	}{
		{color.RGBA{90, 150, 60, 255}, "GRASS / HILLS"}, {palette[Water], "WATER"}, {palette[Mountain], "MOUNTAIN"},
		{palette[Wall], "WALL"}, {palette[Bridge], "BRIDGE"}, {palette[Floor], "FLOOR"}, {palette[Tree], "TREE"},
		{palette[Mobiles], "MOBILE"}, {palette[Path], "PATH"}, {palette[Resident], "RESIDENT CHUNK"}, {palette[Uniform], "UNIFORM SHARED CHUNK"},
	}
	line := 7 * px
	w, h := 4*px*24, line*len(items)+2*px
	fill(img, 0, 0, w, h, color.RGBA{250, 250, 245, 255})
	outline(img, image.Rect(0, 0, w, h), color.RGBA{0, 0, 0, 255})
	for i, it := range items {
		y := px + i*line
		fill(img, 2*px, y, 5*px, 5*px, it.c)
		drawText(img, 9*px, y, px, it.name, color.RGBA{0, 0, 0, 255})
	}
}
