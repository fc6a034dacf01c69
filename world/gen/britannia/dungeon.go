package britannia

import (
	"github.com/shardcore/shardcore/world/gen"
	"github.com/shardcore/shardcore/world/gen/internal/noise"
)

// Dungeon geometry, in cells and Z units.
const (
	roomSlot  = 32 // a hall dungeon's rooms sit on a grid of this pitch
	galleryW  = 3  // width of a gallery ring
	galleryUp = gen.StoreyHeight
	pitZ      = -20 // floor of a sunken room or a chasm
	minDungon = 96
)

// dungeonArea fills r with void and places n dungeons in it, each a
// separate area of rock with halls or caves, at least 24 cells apart.
func (g *mapGen) dungeonArea(r rect, n, lo, hi int) error {
	g.fill(r, LandVoid, 0)
	var placed []rect
	for k := 0; k < n; k++ {
		for try := 0; try < 60; try++ {
			w, h := lo+g.rng.IntN(hi-lo+1), lo+g.rng.IntN(hi-lo+1)
			w, h = min(w, r.w()-16), min(h, r.h()-16)
			if w < minDungon || h < minDungon {
				return nil
			}
			x0, y0 := r.x0+8+g.rng.IntN(r.w()-w-15), r.y0+8+g.rng.IntN(r.h()-h-15)
			d := rect{x0, y0, x0 + w, y0 + h}
			if overlapsAny(d.grow(24), placed) {
				continue
			}
			placed = append(placed, d)
			if err := g.dungeon(d, uint64(k)); err != nil {
				return err
			}
			break
		}
	}
	return nil
}

func overlapsAny(r rect, rs []rect) bool {
	for _, o := range rs {
		if r.overlaps(o) {
			return true
		}
	}
	return false
}

// dungeon builds one dungeon in r: halls (rooms on a grid joined by
// corridors, some with a gallery a storey up or a sunken floor), caves, or
// both halves.
func (g *mapGen) dungeon(r rect, salt uint64) error {
	g.fill(r, gen.LandRock, 0)
	for y := r.y0; y < r.y1; y++ {
		for x := r.x0; x < r.x1; x++ {
			g.mark(x, y, tagBuilt)
		}
	}
	d := Dungeon{X0: r.x0, Y0: r.y0, X1: r.x1 - 1, Y1: r.y1 - 1}
	switch salt % 3 {
	case 0:
		g.halls(r, salt, &d)
	case 1:
		if err := g.caves(r, salt, &d); err != nil {
			return err
		}
	default:
		mid := r.x0 + r.w()/2
		g.halls(rect{r.x0, r.y0, mid, r.y1}, salt, &d)
		if err := g.caves(rect{mid - 8, r.y0, r.x1, r.y1}, salt, &d); err != nil {
			return err
		}
	}
	g.feat.Dungeons = append(g.feat.Dungeons, d)
	return nil
}

// caves carves a cave system in r by a cellular automaton: rough floors,
// pools, stalagmites, chasms a storey deep and plank bridges over them.
func (g *mapGen) caves(r rect, salt uint64, d *Dungeon) error {
	w, h := r.w(), r.h()
	open := make([]bool, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			edge := x < 2 || y < 2 || x >= w-2 || y >= h-2
			open[y*w+x] = !edge && !g.chance(0xCA7E^salt, r.x0+x, r.y0+y, 0.45)
		}
	}
	for it := 0; it < 5; it++ {
		if err := g.ctx.Err(); err != nil {
			return err
		}
		open = caveStep(open, w, h)
	}
	s := g.seed ^ 0xCA7F ^ salt<<8
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if !open[y*w+x] {
				continue
			}
			cx, cy := r.x0+x, r.y0+y
			fx, fy := float64(cx), float64(cy)
			z := int(noise.Value(s, fx, fy, 19) * 14)
			switch {
			case noise.Value(s^1, fx, fy, 31) > 0.74:
				g.set(cx, cy, gen.LandWater, gen.WaterZ)
				g.mark(cx, cy, tagWater)
			case noise.Value(s^2, fx, fy, 27) > 0.72:
				g.set(cx, cy, gen.LandCave, pitZ)
			default:
				g.set(cx, cy, gen.LandCave, z)
				if d.Entrance == (gen.Spot{}) {
					d.Entrance = gen.Spot{X: cx, Y: cy, Z: z}
				}
			}
		}
	}
	g.unmarkRect(r, tagBuilt)
	g.scatter(r, 0x57A1^salt, ItemStalagmite, 0.025, gen.LandCave)
	g.chasmBridges(r, salt)
	g.markRect(r, tagBuilt)
	return nil
}

// caveStep is one smoothing round: a cell is open when at least five of its
// 3×3 neighbourhood are.
func caveStep(open []bool, w, h int) []bool {
	out := make([]bool, len(open))
	for y := 1; y < h-1; y++ {
		for x := 1; x < w-1; x++ {
			n := 0
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					if open[(y+dy)*w+x+dx] {
						n++
					}
				}
			}
			out[y*w+x] = n >= 5
		}
	}
	return out
}

func (g *mapGen) markRect(r rect, t uint8) {
	for y := r.y0; y < r.y1; y++ {
		for x := r.x0; x < r.x1; x++ {
			g.mark(x, y, t)
		}
	}
}

func (g *mapGen) unmarkRect(r rect, t uint8) {
	for y := r.y0; y < r.y1; y++ {
		for x := r.x0; x < r.x1; x++ {
			g.unmark(x, y, t)
		}
	}
}
