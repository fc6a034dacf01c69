package render

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/world"
)

// Options configures PNG.
type Options struct {
	// Paths overlays the steps each mobile has left on the path it walks.
	Paths bool
	// Scale is pixels per cell side (0: 1).
	Scale int
}

// Scene is what PNG draws: a map, which of its chunks are resident, and
// the mobiles on it.
type Scene struct {
	Map   *world.Map
	Tiles *world.TileData
	// Resident reports whether chunk (cx, cy) of Map is resident in the
	// step cache (nil: none is).
	Resident func(cx, cy int) bool
	Mobiles  []Mobile
}

// Mobile is one mobile of a Scene: where it stands and the steps it has
// left on its path (nil: none).
type Mobile struct {
	X, Y int
	Path []movement.Dir
}

// Key names a thing the render draws in a colour of its own.
type Key int

// The keys, in the legend's order after grass.
const (
	Water Key = iota
	Mountain
	Wall
	Bridge
	Floor
	Tree
	Mobiles
	Path
	Resident
	Uniform
	numKeys
)

// palette holds each key's colour.
var palette = [numKeys]color.RGBA{
	Water:    {40, 90, 170, 255},
	Mountain: {110, 100, 90, 255},
	Wall:     {45, 40, 40, 255},
	Bridge:   {150, 100, 50, 255},
	Floor:    {205, 185, 150, 255},
	Tree:     {25, 85, 30, 255},
	Path:     {255, 230, 0, 255},
	Mobiles:  {230, 30, 30, 255},
	Resident: {255, 0, 255, 255},
	Uniform:  {0, 255, 255, 255},
}

// Colour is the colour k is drawn in.
func (k Key) Colour() color.RGBA { return palette[k] }

// CheckSize refuses a map too large to draw at opt's scale (an image of
// more than 2^28 pixels).
func (opt Options) CheckSize(m *world.Map) error {
	k := max(opt.Scale, 1)
	if int64(m.Width)*int64(m.Height)*int64(k*k) > 1<<28 {
		return fmt.Errorf("render: %dx%d cells at scale %d is too large an image", m.Width, m.Height, k)
	}
	return nil
}

// PNG draws sc as a PNG to w: land by kind (grass shaded by Z for hills,
// water, mountains), statics (walls, bridges, floors, trees), resident
// chunks (magenta tint) and uniform chunks (cyan dots: one shared object
// each), mobiles and, with opt.Paths, their paths, with a legend in the
// top-left corner.
func PNG(w io.Writer, sc Scene, opt Options) error {
	if err := opt.CheckSize(sc.Map); err != nil {
		return err
	}
	k := max(opt.Scale, 1)
	m, td := sc.Map, sc.Tiles
	img := image.NewRGBA(image.Rect(0, 0, m.Width*k, m.Height*k))
	for y := 0; y < m.Height; y++ {
		for x := 0; x < m.Width; x++ {
			fill(img, x*k, y*k, k, k, cellColour(m, td, x, y))
		}
	}
	drawChunks(img, sc, k)
	if opt.Paths {
		drawPaths(img, sc, k)
	}
	for _, mob := range sc.Mobiles {
		d := max(k, 3) // visible even at scale 1, centred on the cell
		fill(img, mob.X*k+k/2-d/2, mob.Y*k+k/2-d/2, d, d, palette[Mobiles])
	}
	drawLegend(img)
	if err := png.Encode(w, img); err != nil {
		return fmt.Errorf("render: %w", err)
	}
	return nil
}

// cellColour is the colour of a cell's land and topmost static.
func cellColour(m *world.Map, td *world.TileData, x, y int) color.RGBA {
	land := m.Land(x, y)
	lf := td.LandFlags(land.ID)
	var c color.RGBA
	switch {
	case lf&world.FlagWet != 0:
		c = palette[Water]
	case lf&world.FlagImpassable != 0:
		c = palette[Mountain]
	default:
		// Grass, lighter with height: hills read as shading.
		z := min(max(int(land.Z), -20), 60)
		g := uint8(110 + z*2)
		c = color.RGBA{uint8(50 + z), g, uint8(40 + z/2), 255}
	}
	top := -1 << 10
	for _, st := range m.StaticsAt(x, y) {
		f, _ := td.ItemFlagsHeight(st.ID)
		if f&world.FlagRoof != 0 || int(st.Z) < top {
			continue
		}
		switch {
		case f&world.FlagFoliage != 0:
			c = palette[Tree]
		case f&(world.FlagWall|world.FlagImpassable) != 0:
			c = palette[Wall]
		case f&world.FlagBridge != 0:
			c = palette[Bridge]
		case f&world.FlagSurface != 0:
			c = palette[Floor]
		case f&world.FlagWet != 0:
			c = palette[Water]
		default:
			continue
		}
		top = int(st.Z)
	}
	return c
}

// drawChunks tints resident chunks and dots uniform ones.
func drawChunks(img *image.RGBA, sc Scene, k int) {
	m := sc.Map
	wide, high := chunk.Grid(m.Width, m.Height)
	for cy := 0; cy < high; cy++ {
		for cx := 0; cx < wide; cx++ {
			r := chunkRect(img, cx, cy, k)
			if sc.Resident != nil && sc.Resident(cx, cy) {
				tint(img, r, palette[Resident], 70)
				outline(img, r, palette[Resident])
			}
			if uniformChunk(m, cx, cy) {
				c := r.Min.Add(r.Max).Div(2)
				fill(img, c.X-k, c.Y-k, 2*k, 2*k, palette[Uniform])
			}
		}
	}
}

// chunkRect is chunk (cx, cy)'s pixels at scale k, cut to the image: a
// partial chunk at the map's edge is outlined and marked inside the map.
func chunkRect(img *image.RGBA, cx, cy, k int) image.Rectangle {
	const n = chunk.Size
	x0, y0 := cx*n*k, cy*n*k
	return image.Rect(x0, y0, x0+n*k, y0+n*k).Intersect(img.Rect)
}

// uniformChunk reports whether every cell of the chunk has the same land
// and no statics: the chunks the cache stores once and shares.
func uniformChunk(m *world.Map, cx, cy int) bool {
	const n = chunk.Size
	first := m.Land(cx*n, cy*n)
	for y := cy * n; y < (cy+1)*n && y < m.Height; y++ {
		for x := cx * n; x < (cx+1)*n && x < m.Width; x++ {
			if m.Land(x, y) != first || len(m.StaticsAt(x, y)) > 0 {
				return false
			}
		}
	}
	return true
}

// drawPaths draws the steps each mobile has left on its path, from where
// it stands.
func drawPaths(img *image.RGBA, sc Scene, k int) {
	for _, mob := range sc.Mobiles {
		x, y := mob.X, mob.Y
		for _, d := range mob.Path {
			dx, dy := d.Offset()
			x, y = x+dx, y+dy
			fill(img, x*k, y*k, k, k, palette[Path])
		}
	}
}

func fill(img *image.RGBA, x, y, w, h int, c color.RGBA) {
	r := image.Rect(x, y, x+w, y+h).Intersect(img.Rect)
	for yy := r.Min.Y; yy < r.Max.Y; yy++ {
		for xx := r.Min.X; xx < r.Max.X; xx++ {
			img.SetRGBA(xx, yy, c)
		}
	}
}

// tint blends c over r with alpha a (0..255).
func tint(img *image.RGBA, r image.Rectangle, c color.RGBA, a int) {
	r = r.Intersect(img.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			o := img.RGBAAt(x, y)
			mix := func(p, q uint8) uint8 { return uint8((int(p)*(255-a) + int(q)*a) / 255) }
			img.SetRGBA(x, y, color.RGBA{mix(o.R, c.R), mix(o.G, c.G), mix(o.B, c.B), 255})
		}
	}
}

func outline(img *image.RGBA, r image.Rectangle, c color.RGBA) {
	fill(img, r.Min.X, r.Min.Y, r.Dx(), 1, c)
	fill(img, r.Min.X, r.Max.Y-1, r.Dx(), 1, c)
	fill(img, r.Min.X, r.Min.Y, 1, r.Dy(), c)
	fill(img, r.Max.X-1, r.Min.Y, 1, r.Dy(), c)
}
