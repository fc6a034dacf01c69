package britannia

import (
	"github.com/shardcore/shardcore/world/gen"
	"github.com/shardcore/shardcore/world/gen/internal/noise"
)

// forest describes the woods of a region: where (a fractal field above
// edge), how dense at the core, and which trees.
type forest struct {
	r       rect
	salt    uint64
	edge    float64 // field level where the woods begin
	density float64 // share of cells holding a tree at the core
	feature float64 // size of the woods' features, cells
	trees   []uint16
	sparse  float64 // share of other hill cells holding a lone tree
}

// treeBlocked are the tags of cells that never get a tree.
const treeBlocked = tagRoad | tagBuilt | tagWater | tagNoTree | tagHouse

// forests plants f's trees and records a few clearings inside the woods.
func (g *mapGen) forests(f *forest) error {
	fd := newField(f.r, func(x, y int) float64 { return fractal(g.seed^f.salt, x, y, f.feature) })
	var row []float32
	for y := f.r.y0; y < f.r.y1; y++ {
		if err := g.rowsDone(y); err != nil {
			return err
		}
		row = fd.row(y, row)
		for x := f.r.x0; x < f.r.x1; x++ {
			v := float64(row[x-f.r.x0])
			if (v <= f.edge && f.sparse == 0) || g.tagAt(x, y)&treeBlocked != 0 || !g.wooded(x, y) {
				continue
			}
			p := f.sparse
			if g.tagAt(x, y)&tagHill == 0 {
				p = 0
			}
			if v > f.edge {
				p = f.density * min(1, (v-f.edge)/0.03)
			}
			if p == 0 {
				continue
			}
			h := g.hash(f.salt^0x7EE, x, y)
			if noise.Unit(h) < p {
				g.static(x, y, f.trees[int(h>>40)%len(f.trees)], int(g.land(x, y).Z))
			} else if v > f.edge+0.05 && len(g.feat.Forests) < 64 && h%4096 == 0 {
				g.feat.Forests = append(g.feat.Forests, gen.Spot{X: x, Y: y, Z: int(g.land(x, y).Z)})
			}
		}
	}
	return nil
}

// scatter places item on a share p of r's cells of the given land ids
// (boulders on hills, stalagmites in caves), clear of everything built.
func (g *mapGen) scatter(r rect, salt uint64, item uint16, p float64, on ...uint16) {
	for y := r.y0; y < r.y1; y++ {
		for x := r.x0; x < r.x1; x++ {
			if g.tagAt(x, y)&treeBlocked != 0 || !g.chance(salt, x, y, p) {
				continue
			}
			c := g.land(x, y)
			for _, id := range on {
				if c.ID == id {
					g.static(x, y, item, int(c.Z))
					break
				}
			}
		}
	}
}

// scatterHills places item on a share p of r's hill cells with walkable
// land, clear of everything built.
func (g *mapGen) scatterHills(r rect, salt uint64, item uint16, p float64) {
	for y := r.y0; y < r.y1; y++ {
		for x := r.x0; x < r.x1; x++ {
			if g.tagAt(x, y)&(treeBlocked|tagHill) != tagHill || !g.walkableLand(x, y) || !g.chance(salt, x, y, p) {
				continue
			}
			g.static(x, y, item, int(g.land(x, y).Z))
		}
	}
}

// wooded reports whether trees grow on (x, y)'s land: not on sand, rock,
// water, lava or void.
func (g *mapGen) wooded(x, y int) bool {
	switch g.land(x, y).ID {
	case gen.LandSand, gen.LandRock, gen.LandCliff, gen.LandWater, gen.LandCave, LandVoid, LandLava:
		return false
	}
	return true
}
