package server

import (
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"

	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/world"
)

// RenderOptions configures Render.
type RenderOptions struct {
	// Ticks runs this many ticks (unpaced) before drawing.
	Ticks int
	// Paths overlays the steps each mobile has left on the path it walks,
	// as the simulation holds it.
	Paths bool
	// Scale is pixels per cell side (0: 1).
	Scale int
}

// Colours of the render.
var (
	colWater    = color.RGBA{40, 90, 170, 255}
	colMountain = color.RGBA{110, 100, 90, 255}
	colWall     = color.RGBA{45, 40, 40, 255}
	colBridge   = color.RGBA{150, 100, 50, 255}
	colFloor    = color.RGBA{205, 185, 150, 255}
	colTree     = color.RGBA{25, 85, 30, 255}
	colPath     = color.RGBA{255, 230, 0, 255}
	colMobile   = color.RGBA{230, 30, 30, 255}
	colResident = color.RGBA{255, 0, 255, 255}
	colUniform  = color.RGBA{0, 255, 255, 255}
)

// Render runs opt.Ticks ticks and draws the simulated map as a PNG: land by
// kind (grass shaded by Z for hills, water, mountains), statics (walls,
// bridges, floors, trees), resident chunks (magenta tint) and uniform
// chunks (cyan dots: one shared object each), mobiles and, with opt.Paths,
// their current paths, with a legend in the top-left corner. It must be
// called before or instead of Run, on the owning goroutine.
func (s *Server) Render(ctx context.Context, w io.Writer, opt RenderOptions) error {
	if s.running.Load() || s.closed {
		return errors.New("server: render: the shard is running or stopped")
	}
	k := max(opt.Scale, 1)
	m, td := s.main.w.Map, s.main.w.Tiles
	if int64(m.Width)*int64(m.Height)*int64(k*k) > 1<<28 {
		return fmt.Errorf("server: render: %dx%d cells at scale %d is too large an image", m.Width, m.Height, k)
	}
	period := s.cfg.Shard.Tick()
	s.opts.Unpaced = true
	for i := 0; i < opt.Ticks; i++ {
		if i%64 == 0 && ctx.Err() != nil {
			return fmt.Errorf("server: render: %w", ctx.Err())
		}
		s.tick(period)
	}
	img := image.NewRGBA(image.Rect(0, 0, m.Width*k, m.Height*k))
	for y := 0; y < m.Height; y++ {
		for x := 0; x < m.Width; x++ {
			fill(img, x*k, y*k, k, k, cellColour(m, td, x, y))
		}
	}
	s.drawChunks(img, k)
	if opt.Paths {
		s.drawPaths(img, k)
	}
	for _, id := range s.main.sim.MobileIDs() {
		if p, ok := s.main.sim.MobileState(id); ok {
			d := max(k, 3) // visible even at scale 1, centred on the cell
			fill(img, int(p.X)*k+k/2-d/2, int(p.Y)*k+k/2-d/2, d, d, colMobile)
		}
	}
	drawLegend(img)
	if err := png.Encode(w, img); err != nil {
		return fmt.Errorf("server: render: %w", err)
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
		c = colWater
	case lf&world.FlagImpassable != 0:
		c = colMountain
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
			c = colTree
		case f&(world.FlagWall|world.FlagImpassable) != 0:
			c = colWall
		case f&world.FlagBridge != 0:
			c = colBridge
		case f&world.FlagSurface != 0:
			c = colFloor
		case f&world.FlagWet != 0:
			c = colWater
		default:
			continue
		}
		top = int(st.Z)
	}
	return c
}

// drawChunks tints resident chunks and dots uniform ones.
func (s *Server) drawChunks(img *image.RGBA, k int) {
	m := s.main.w.Map
	wide, high := chunk.Grid(m.Width, m.Height)
	for cy := 0; cy < high; cy++ {
		for cx := 0; cx < wide; cx++ {
			r := chunkRect(img, cx, cy, k)
			if s.main.cache.Resident(m.ID, cx, cy) {
				tint(img, r, colResident, 70)
				outline(img, r, colResident)
			}
			if uniformChunk(m, cx, cy) {
				c := r.Min.Add(r.Max).Div(2)
				fill(img, c.X-k, c.Y-k, 2*k, 2*k, colUniform)
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
// it stands: the path the simulation will walk it along.
func (s *Server) drawPaths(img *image.RGBA, k int) {
	for _, id := range s.main.sim.MobileIDs() {
		steps, ok := s.main.sim.MobilePath(id)
		p, ok2 := s.main.sim.MobileState(id)
		if !ok || !ok2 {
			continue
		}
		x, y := int(p.X), int(p.Y)
		for _, d := range steps {
			dx, dy := d.Offset()
			x, y = x+dx, y+dy
			fill(img, x*k, y*k, k, k, colPath)
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
