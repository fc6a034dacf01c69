package britannia

import "github.com/shardcore/shardcore/world/gen/internal/noise"

// rect is a region of the map: [x0, x1) × [y0, y1).
type rect struct{ x0, y0, x1, y1 int }

func (r rect) w() int               { return r.x1 - r.x0 }
func (r rect) h() int               { return r.y1 - r.y0 }
func (r rect) has(x, y int) bool    { return x >= r.x0 && y >= r.y0 && x < r.x1 && y < r.y1 }
func (r rect) centre() (x, y int)   { return (r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2 }
func (r rect) overlaps(o rect) bool { return r.x0 < o.x1 && o.x0 < r.x1 && r.y0 < o.y1 && o.y0 < r.y1 }
func (r rect) grow(d int) rect      { return rect{r.x0 - d, r.y0 - d, r.x1 + d, r.y1 + d} }
func (r rect) clip(o rect) rect {
	return rect{max(r.x0, o.x0), max(r.y0, o.y0), min(r.x1, o.x1), min(r.y1, o.y1)}
}
func (r rect) edgeDist(x, y int) int { return min(x-r.x0, r.x1-1-x, y-r.y0, r.y1-1-y) }

// fieldStep is the spacing, in cells, of a field's lattice.
const fieldStep = 8

// field is a smooth scalar over a region, sampled every fieldStep cells and
// interpolated between: cheap per cell, so noise of several octaves costs
// one evaluation per 64 cells.
type field struct {
	r      rect
	cw, ch int
	v      []float32
}

// newField samples f at every lattice point of r (and one past its far edges).
func newField(r rect, f func(x, y int) float64) *field {
	cw, ch := r.w()/fieldStep+2, r.h()/fieldStep+2
	fd := &field{r: r, cw: cw, ch: ch, v: make([]float32, cw*ch)}
	for j := 0; j < ch; j++ {
		for i := 0; i < cw; i++ {
			fd.v[j*cw+i] = float32(f(r.x0+i*fieldStep, r.y0+j*fieldStep))
		}
	}
	return fd
}

// at interpolates the field at (x, y) (clamped to the region).
func (fd *field) at(x, y int) float64 {
	x = min(max(x, fd.r.x0), fd.r.x1-1) - fd.r.x0
	y = min(max(y, fd.r.y0), fd.r.y1-1) - fd.r.y0
	i, j := x/fieldStep, y/fieldStep
	tx := float32(x%fieldStep) / fieldStep
	ty := float32(y%fieldStep) / fieldStep
	k := j*fd.cw + i
	a, b := fd.v[k], fd.v[k+1]
	c, d := fd.v[k+fd.cw], fd.v[k+fd.cw+1]
	top := a + (b-a)*tx
	bot := c + (d-c)*tx
	return float64(top + (bot-top)*ty)
}

// row interpolates the field along row y of its region into dst (one value
// per column of the region, dst grown as needed) and returns it: the same
// values as at, at a fraction of the cost.
func (fd *field) row(y int, dst []float32) []float32 {
	w := fd.r.w()
	if cap(dst) < w {
		dst = make([]float32, w)
	}
	dst = dst[:w]
	y = min(max(y, fd.r.y0), fd.r.y1-1) - fd.r.y0
	j := y / fieldStep
	ty := float32(y%fieldStep) / fieldStep
	top, bot := fd.v[j*fd.cw:(j+1)*fd.cw], fd.v[(j+1)*fd.cw:(j+2)*fd.cw]
	for i := 0; i*fieldStep < w; i++ {
		a := top[i] + (bot[i]-top[i])*ty
		b := top[i+1] + (bot[i+1]-top[i+1])*ty
		for k := 0; k < fieldStep && i*fieldStep+k < w; k++ {
			tx := float32(k) / fieldStep
			dst[i*fieldStep+k] = a + (b-a)*tx
		}
	}
	return dst
}

// lattice returns the field's value at lattice point (i, j).
func (fd *field) lattice(i, j int) float64 {
	i = min(max(i, 0), fd.cw-1)
	j = min(max(j, 0), fd.ch-1)
	return float64(fd.v[j*fd.cw+i])
}

// fractal is four octaves of value noise in [0, 1) with largest features of
// size f cells.
func fractal(seed uint64, x, y int, f float64) float64 {
	fx, fy := float64(x), float64(y)
	return 0.50*noise.Value(seed, fx, fy, f) +
		0.25*noise.Value(seed^0x11, fx, fy, f/2.7) +
		0.15*noise.Value(seed^0x22, fx, fy, f/7) +
		0.10*noise.Value(seed^0x33, fx, fy, f/19)
}
