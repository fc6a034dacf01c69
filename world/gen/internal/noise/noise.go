// Package noise owns the generators' deterministic hashing and smooth value
// noise: pure functions of a seed and coordinates, so a world is the same
// whatever order it is built in. It owns nothing else.
package noise

import "math"

// Mix is splitmix64's finaliser: a well-spread hash of v.
func Mix(v uint64) uint64 {
	v += 0x9E3779B97F4A7C15
	v = (v ^ (v >> 30)) * 0xBF58476D1CE4E5B9
	v = (v ^ (v >> 27)) * 0x94D049BB133111EB
	return v ^ (v >> 31)
}

// Hash2 hashes a lattice point under a seed.
func Hash2(seed uint64, x, y int) uint64 {
	return Mix(seed ^ Mix(uint64(int64(x))*0x9E3779B97F4A7C15^uint64(int64(y))*0xC2B2AE3D27D4EB4F))
}

// Unit maps a hash to [0, 1).
func Unit(h uint64) float64 { return float64(h>>11) / (1 << 53) }

// Smooth is the smoothstep of t clamped to [0, 1].
func Smooth(t float64) float64 {
	t = math.Max(0, math.Min(1, t))
	return t * t * (3 - 2*t)
}

// Value is smooth value noise in [0, 1) over a lattice of spacing cell,
// evaluated at (x, y).
func Value(seed uint64, x, y, cell float64) float64 {
	fx, fy := x/cell, y/cell
	ix, iy := math.Floor(fx), math.Floor(fy)
	tx, ty := smoothUnit(fx-ix), smoothUnit(fy-iy)
	x0, y0 := int(ix), int(iy)
	a := Unit(Hash2(seed, x0, y0))
	b := Unit(Hash2(seed, x0+1, y0))
	c := Unit(Hash2(seed, x0, y0+1))
	d := Unit(Hash2(seed, x0+1, y0+1))
	top := a + (b-a)*tx
	bot := c + (d-c)*tx
	return top + (bot-top)*ty
}

// smoothUnit is Smooth for t already in [0, 1): the same value without the
// clamps.
func smoothUnit(t float64) float64 { return t * t * (3 - 2*t) }
