package britannia

import (
	"math"

	"github.com/shardcore/shardcore/world/gen"
	"github.com/shardcore/shardcore/world/gen/internal/noise"
)

// Terrain heights, in Z units.
const (
	cliffSpan = 6   // a hill cell whose corners differ by this much is painted cliff
	maxLandZ  = 110 // highest mountain land
)

// terrain describes the land of one region: an elevation field (fractal
// noise pulled down towards the region's edges) cut at sea level into
// outside (sea or void), shore and land, and a roughness field, apart from
// it, that raises hills and mountains out of the flat plains.
type terrain struct {
	r        rect
	salt     uint64
	feature  float64 // largest feature of the elevation, cells
	margin   int     // width of the pull-down at the region's edges (0 = none)
	contrast float64 // spreads the elevation about 0.5 (0 = 1: none)
	void     bool    // below sea is void, not water
	sea      float64 // elevation below sea: outside
	beach    float64 // sea <= e < sea+beach: sand
	roughF   float64 // largest feature of the roughness, cells
	hill     float64 // roughness from which hills rise
	mountain float64 // roughness from which the land is impassable rock
	hillAmp  int     // hill Z at the mountains' foot
	plainZ   int     // Z of the flat plains (and beaches)
	biome    func(x, y int, moist float64) uint16
}

// elevation returns the region's elevation field.
func (g *mapGen) elevation(t *terrain) *field {
	s := g.seed ^ t.salt
	return newField(t.r, func(x, y int) float64 {
		e := fractal(s, x, y, t.feature)
		if t.contrast > 0 {
			e = 0.5 + (e-0.5)*t.contrast
		}
		if t.margin > 0 {
			d := float64(t.r.edgeDist(x, y)) / float64(t.margin)
			e *= noise.Smooth(d)
		}
		return e
	})
}

// lay paints the terrain over its region and returns its elevation field.
func (g *mapGen) lay(t *terrain) (*field, error) {
	e := g.elevation(t)
	s := g.seed ^ t.salt
	f := fields{
		moist: newField(t.r, func(x, y int) float64 { return noise.Value(s^0x3015, float64(x), float64(y), 300) }),
		rough: newField(t.r, func(x, y int) float64 { return fractal(s^0x4005, x, y, t.roughF) }),
	}
	var ev, mv, rv []float32
	for y := t.r.y0; y < t.r.y1; y++ {
		if err := g.rowsDone(y); err != nil {
			return nil, err
		}
		ev, mv, rv = e.row(y, ev), f.moist.row(y, mv), f.rough.row(y, rv)
		for x := t.r.x0; x < t.r.x1; x++ {
			i := x - t.r.x0
			v := float64(ev[i])
			if math.Abs(v-t.sea) < 0.025 {
				v += (noise.Value(s^0xC0A5, float64(x), float64(y), 7) - 0.5) * 0.05
			}
			g.cell(t, x, y, v, float64(mv[i]), float64(rv[i]))
		}
	}
	g.cliffs(t.r)
	return e, nil
}

// fields are the terrain's fields besides the elevation.
type fields struct{ moist, rough *field }

// cell paints one cell of elevation v, moisture moist and roughness rough.
func (g *mapGen) cell(t *terrain, x, y int, v, moist, rough float64) {
	s := g.seed ^ t.salt
	switch {
	case v < t.sea && t.void:
		g.set(x, y, LandVoid, 0)
		return
	case v < t.sea:
		z := gen.WaterZ
		if d := t.sea - v; d < 0.012 {
			z += int((0.012 - d) / 0.012 * 4) // shallows rise towards the shore
		}
		g.set(x, y, gen.LandWater, z)
		g.mark(x, y, tagWater)
		return
	case v < t.sea+t.beach:
		g.set(x, y, gen.LandSand, t.plainZ)
		g.mark(x, y, tagNoTree)
		return
	}
	if d := v - t.sea - t.beach; d < 0.04 {
		rough *= noise.Smooth(d / 0.04) // hills rise away from the shore
	}
	fx, fy := float64(x), float64(y)
	switch {
	case rough < t.hill:
		g.set(x, y, t.biome(x, y, moist), t.plainZ)
	case rough < t.mountain:
		k := (rough - t.hill) / (t.mountain - t.hill)
		fine := (noise.Value(s^0x4111, fx, fy, 13)-0.5)*16 + (noise.Value(s^0x4112, fx, fy, 5)-0.5)*6
		z := t.plainZ + int(math.Round(k*float64(t.hillAmp)+k*fine))
		g.set(x, y, t.biome(x, y, moist), max(t.plainZ, z))
		g.mark(x, y, tagHill)
	default:
		z := t.plainZ + t.hillAmp + int((rough-t.mountain)*300+(noise.Value(s^0x4113, fx, fy, 9)-0.5)*12)
		g.set(x, y, gen.LandRock, min(maxLandZ, max(t.plainZ+t.hillAmp/2, z)))
	}
}

// cliffs paints the hill cells of r whose corners differ by cliffSpan or
// more with the impassable cliff land, as the client's art does: under the
// rules a slope alone never blocks a step.
func (g *mapGen) cliffs(r rect) {
	for y := r.y0; y < r.y1; y++ {
		for x := r.x0; x < r.x1; x++ {
			if g.tagAt(x, y)&tagHill == 0 {
				continue
			}
			c := g.land(x, y)
			lo, hi := int(c.Z), int(c.Z)
			for _, d := range [3][2]int{{1, 0}, {0, 1}, {1, 1}} {
				z := int(g.land(x+d[0], y+d[1]).Z)
				lo, hi = min(lo, z), max(hi, z)
			}
			if hi-lo >= cliffSpan {
				g.set(x, y, gen.LandCliff, int(c.Z))
			}
		}
	}
}

// fill paints r with one land tile.
func (g *mapGen) fill(r rect, id uint16, z int) {
	r = r.clip(rect{0, 0, g.w, g.h})
	for y := r.y0; y < r.y1; y++ {
		for x := r.x0; x < r.x1; x++ {
			g.set(x, y, id, z)
		}
	}
}
