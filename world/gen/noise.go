package gen

import "math"

// mix is splitmix64's finaliser: a well-spread hash of v.
func mix(v uint64) uint64 {
	v += 0x9E3779B97F4A7C15
	v = (v ^ (v >> 30)) * 0xBF58476D1CE4E5B9
	v = (v ^ (v >> 27)) * 0x94D049BB133111EB
	return v ^ (v >> 31)
}

// hash2 hashes a lattice point under a seed.
func hash2(seed uint64, x, y int) uint64 {
	return mix(seed ^ mix(uint64(int64(x))*0x9E3779B97F4A7C15^uint64(int64(y))*0xC2B2AE3D27D4EB4F))
}

// unit maps a hash to [0, 1).
func unit(h uint64) float64 { return float64(h>>11) / (1 << 53) }

func smooth(t float64) float64 {
	t = math.Max(0, math.Min(1, t))
	return t * t * (3 - 2*t)
}

// valueNoise is smooth value noise in [0, 1) over a lattice of spacing
// cell, evaluated at (x, y).
func valueNoise(seed uint64, x, y, cell float64) float64 {
	fx, fy := x/cell, y/cell
	ix, iy := math.Floor(fx), math.Floor(fy)
	tx, ty := smooth(fx-ix), smooth(fy-iy)
	x0, y0 := int(ix), int(iy)
	a := unit(hash2(seed, x0, y0))
	b := unit(hash2(seed, x0+1, y0))
	c := unit(hash2(seed, x0, y0+1))
	d := unit(hash2(seed, x0+1, y0+1))
	top := a + (b-a)*tx
	bot := c + (d-c)*tx
	return top + (bot-top)*ty
}
