package britannia

import (
	"github.com/shardcore/shardcore/world/gen"
)

// recipe returns the steps that build map id.
func recipe(g *mapGen) []step {
	switch g.opts.Map {
	case 0, 1:
		return g.britannia()
	case 2:
		return g.ilshenar()
	case 3:
		return g.malas()
	case 4:
		return g.tokuno()
	default:
		return g.terMur()
	}
}

// side8 rounds v down to a multiple of 8 (block edges).
func side8(v int) int { return v &^ 7 }

// temperate is the plains land of the main continent: desert sand where it
// is dry, swamp where it is wet, grass or dirt between, and on maps 0 and 1
// snow in the north.
func (g *mapGen) temperate(x, y int, moist float64) uint16 {
	switch {
	case y < g.h/10 && g.opts.Map <= 1:
		return LandSnow
	case moist < 0.3:
		return gen.LandSand
	case moist > 0.72:
		return LandSwamp
	case moist > 0.5:
		return gen.LandGrass
	}
	return gen.LandDirt
}

// britannia is maps 0 and 1: the continent with its towns west of x = 5/7 of
// the width, the dungeons in the north-east, the lost lands in the south-east.
func (g *mapGen) britannia() []step {
	cont := rect{0, 0, side8(g.w * 5 / 7), g.h}
	dung := rect{cont.x1, 0, g.w, side8(g.h * 9 / 16)}
	lost := rect{cont.x1, dung.y1, g.w, g.h}
	m := float64(min(cont.w(), cont.h()))
	land := &terrain{r: cont, salt: 0xB217, feature: m * 0.22, margin: int(m * 0.012), contrast: 2, sea: 0.18, beach: 0.012,
		roughF: m * 0.12, hill: 0.66, mountain: 0.72, hillAmp: 40, biome: g.temperate}
	var e *field
	var towns []rect
	return []step{
		{"continent", func() (err error) { e, err = g.lay(land); return err }},
		{"rivers", func() error { g.rivers(land, e, g.count(24, 2)); return nil }},
		{"lakes", func() error { g.lakes(cont, g.count(16, 2), 10, 45); return nil }},
		{"towns", func() error { towns = g.towns(cont, britanniaTowns(g)); return nil }},
		{"roads", func() error { g.roads(towns); return nil }},
		{"houses", func() error { g.placeHouses(cont, g.count(420, 6)); return nil }},
		{"forests", func() error {
			return g.forests(&forest{r: cont, salt: 0xF0E5, edge: 0.66, density: 0.3, feature: m * 0.08,
				trees: []uint16{gen.ItemTree, ItemOak, ItemWillow, ItemCedar}, sparse: 0.03})
		}},
		{"boulders", func() error { g.scatterHills(cont, 0xB0D1, ItemBoulder, 0.01); return nil }},
		{"dungeons", func() error { return g.dungeonArea(dung, g.count(14, 1), 160, 400) }},
		{"lost lands", func() error { return g.lostLands(lost) }},
	}
}

// britanniaTowns are the continent's towns: a few walled cities, towns and
// villages.
func britanniaTowns(g *mapGen) []townSpec {
	big := townSpec{w: 200, h: 160, walls: true, two: 0.35, three: 0.15}
	mid := townSpec{w: 140, h: 110, two: 0.35, three: 0.1}
	small := townSpec{w: 80, h: 64, two: 0.3}
	var out []townSpec
	for k := 0; k < g.count(22, 2); k++ {
		switch k % 5 {
		case 0:
			out = append(out, big)
		case 1, 3:
			out = append(out, mid)
		default:
			out = append(out, small)
		}
	}
	return out
}

// lostLands is the south-east: jungle hills, lava fields, a few lakes and
// two towns.
func (g *mapGen) lostLands(r rect) error {
	m := float64(min(r.w(), r.h()))
	t := &terrain{r: r, salt: 0x1057, feature: m * 0.35, margin: int(m * 0.05), void: true, sea: 0.2, beach: 0.01,
		roughF: m * 0.2, hill: 0.5, mountain: 0.62, hillAmp: 30, biome: func(x, y int, moist float64) uint16 {
			if moist > 0.6 {
				return LandJungle
			}
			return gen.LandGrass
		}}
	if _, err := g.lay(t); err != nil {
		return err
	}
	g.lava(r, 0x1A7A, 0.7)
	g.lakes(r, g.count(6, 1), 8, 30)
	towns := g.towns(r, []townSpec{{w: 120, h: 90, two: 0.3}, {w: 80, h: 64, two: 0.2}})
	g.roads(towns)
	return g.forests(&forest{r: r, salt: 0x1F0E, edge: 0.55, density: 0.35, feature: m * 0.12,
		trees: []uint16{ItemPalm, ItemOak, gen.ItemTree}, sparse: 0.05})
}

// lava turns the flat and hill land of r where a noise field passes level
// into impassable lava at its Z.
func (g *mapGen) lava(r rect, salt uint64, level float64) {
	fd := newField(r, func(x, y int) float64 { return fractal(g.seed^salt, x, y, float64(min(r.w(), r.h()))*0.15) })
	for y := r.y0; y < r.y1; y++ {
		for x := r.x0; x < r.x1; x++ {
			if g.tagAt(x, y)&(tagWater|tagBuilt) != 0 || fd.at(x, y) < level || !g.walkableLand(x, y) {
				continue
			}
			g.set(x, y, LandLava, int(g.land(x, y).Z))
			g.mark(x, y, tagNoTree)
		}
	}
}
