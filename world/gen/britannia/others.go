package britannia

import "github.com/shardcore/shardcore/world/gen"

// ilshenar is map 2: rugged hill country and mountains cut by void chasms,
// cave systems in the mountains, rivers, a few lakes, three small towns,
// and a dungeon area in the east.
func (g *mapGen) ilshenar() []step {
	land := rect{0, 0, side8(g.w * 7 / 10), g.h}
	dung := rect{land.x1, 0, g.w, g.h}
	m := float64(min(land.w(), land.h()))
	t := &terrain{r: land, salt: 0x1154, feature: m * 0.3, margin: int(m * 0.04), contrast: 1.8, void: true,
		sea: 0.24, beach: 0.004, roughF: m * 0.15, hill: 0.46, mountain: 0.62, hillAmp: 36, biome: g.temperate}
	var e *field
	var towns []rect
	return []step{
		{"land", func() (err error) { e, err = g.lay(t); return err }},
		{"rivers", func() error { g.rivers(t, e, g.count(6, 1)); return nil }},
		{"lakes", func() error { g.lakes(land, g.count(6, 1), 8, 30); return nil }},
		{"caves", func() error { return g.caveSystems(land, g.count(5, 1)) }},
		{"towns", func() error {
			towns = g.towns(land, []townSpec{{w: 110, h: 90, two: 0.3}, {w: 80, h: 64, two: 0.2}, {w: 64, h: 56}})
			return nil
		}},
		{"roads", func() error { g.roads(towns); return nil }},
		{"forests", func() error {
			return g.forests(&forest{r: land, salt: 0x11F0, edge: 0.6, density: 0.28, feature: m * 0.1,
				trees: []uint16{gen.ItemTree, ItemOak, ItemCedar}, sparse: 0.02})
		}},
		{"dungeons", func() error { return g.dungeonArea(dung, g.count(6, 1), 140, 320) }},
	}
}

// caveSystems carves n cave systems into the mountains of r: a dungeon of
// caves wherever a mountain is large enough to hold one.
func (g *mapGen) caveSystems(r rect, n int) error {
	for k := 0; k < n; k++ {
		for try := 0; try < 200; try++ {
			w, h := 100+g.rng.IntN(80), 100+g.rng.IntN(80)
			x0, y0 := r.x0+g.rng.IntN(max(1, r.w()-w)), r.y0+g.rng.IntN(max(1, r.h()-h))
			c := rect{x0, y0, x0 + w, y0 + h}
			if !g.clearOf(c.grow(4), tagBuilt|tagWater) || g.landShare(c, gen.LandRock) < 0.3 {
				continue
			}
			if err := g.dungeon(c, uint64(3*k+1)); err != nil { // salt%3 == 1: caves
				return err
			}
			break
		}
	}
	return nil
}

// landShare is the share of r's cells (sampled every 4th) whose land is id.
func (g *mapGen) landShare(r rect, id uint16) float64 {
	n, k := 0, 0
	for y := r.y0; y < r.y1; y += 4 {
		for x := r.x0; x < r.x1; x += 4 {
			n++
			if g.land(x, y).ID == id {
				k++
			}
		}
	}
	return float64(k) / float64(max(n, 1))
}

// malas is map 3: flat plateaus at three heights floating in void, with
// cliffs at their rims; the walled city of Luna and the town of Umbra, a
// few dozen houses, and a dungeon area in the south-west.
func (g *mapGen) malas() []step {
	w2, h2 := side8(g.w/2), side8(g.h/2)
	quads := []struct {
		r rect
		z int
	}{{rect{0, 0, w2, h2}, 20}, {rect{w2, 0, g.w, h2}, 0}, {rect{w2, h2, g.w, g.h}, 40}}
	dung := rect{0, h2, w2, g.h}
	var steps []step
	var towns []rect
	for i, q := range quads {
		m := float64(min(q.r.w(), q.r.h()))
		t := &terrain{r: q.r, salt: 0x3A1A + uint64(i), feature: m * 0.45, margin: int(m * 0.08), contrast: 2.2, void: true,
			sea: 0.32, beach: 0.004, roughF: m * 0.2, hill: 0.66, mountain: 0.74, hillAmp: 24, plainZ: q.z, biome: g.temperate}
		steps = append(steps, step{"plateau", func() error { _, err := g.lay(t); return err }})
	}
	return append(steps,
		step{"towns", func() error {
			towns = g.towns(quads[0].r, []townSpec{{w: 240, h: 200, walls: true, two: 0.4, three: 0.2}})
			towns = append(towns, g.towns(quads[1].r, []townSpec{{w: 140, h: 110, two: 0.35, three: 0.1}})...)
			return nil
		}},
		step{"roads", func() error { g.roads(towns); return nil }},
		step{"houses", func() error { g.placeHouses(quads[0].r, g.count(40, 2)); return nil }},
		step{"forests", func() error {
			return g.forests(&forest{r: rect{0, 0, g.w, g.h}, salt: 0x3F0E, edge: 0.66, density: 0.25,
				feature: float64(min(g.w, g.h)) * 0.1, trees: []uint16{ItemCedar, gen.ItemTree}, sparse: 0.02})
		}},
		step{"dungeons", func() error { return g.dungeonArea(dung, g.count(4, 1), 160, 400) }},
	)
}

// tokuno is map 4: an archipelago of three large islands and many islets
// in the sea, bamboo forests, a volcano's lava, three port towns with
// piers, and a few dozen houses.
func (g *mapGen) tokuno() []step {
	all := rect{0, 0, g.w, g.h}
	m := float64(min(g.w, g.h))
	t := &terrain{r: all, salt: 0x70C0, feature: m * 0.35, margin: int(m * 0.08), contrast: 2.2,
		sea: 0.42, beach: 0.01, roughF: m * 0.18, hill: 0.56, mountain: 0.68, hillAmp: 36, biome: g.temperate}
	var e *field
	var towns []rect
	return []step{
		{"islands", func() (err error) { e, err = g.lay(t); return err }},
		{"volcano", func() error { g.lava(all, 0x70CA, 0.72); return nil }},
		{"rivers", func() error { g.rivers(t, e, g.count(5, 1)); return nil }},
		{"towns", func() error {
			towns = g.towns(all, []townSpec{{w: 120, h: 100, two: 0.35}, {w: 96, h: 80, two: 0.3}, {w: 80, h: 64, two: 0.2}})
			return nil
		}},
		{"roads", func() error { g.roads(towns); return nil }},
		{"houses", func() error { g.placeHouses(all, g.count(40, 2)); return nil }},
		{"bamboo", func() error {
			return g.forests(&forest{r: all, salt: 0x7B4B, edge: 0.58, density: 0.4, feature: m * 0.1,
				trees: []uint16{ItemBamboo, ItemCedar}, sparse: 0.04})
		}},
	}
}

// terMur is map 5: tall and narrow: volcanic highlands with lava fields and
// desert plains over void chasms, the gargoyle city with terraced three-
// storey buildings, and the Abyss, a dungeon area in the south.
func (g *mapGen) terMur() []step {
	land := rect{0, 0, g.w, side8(g.h * 3 / 4)}
	abyss := rect{0, land.y1, g.w, g.h}
	m := float64(min(land.w(), land.h()))
	desert := func(x, y int, moist float64) uint16 {
		if moist < 0.55 {
			return gen.LandSand
		}
		return gen.LandDirt
	}
	t := &terrain{r: land, salt: 0x7E3A, feature: m * 0.4, margin: int(m * 0.06), contrast: 2, void: true,
		sea: 0.3, beach: 0.004, roughF: m * 0.2, hill: 0.55, mountain: 0.66, hillAmp: 40, biome: desert}
	var towns []rect
	return []step{
		{"highlands", func() error { _, err := g.lay(t); return err }},
		{"lava", func() error { g.lava(land, 0x7E1A, 0.66); return nil }},
		{"towns", func() error {
			towns = g.towns(land, []townSpec{{w: 200, h: 180, walls: true, two: 0.3, three: 0.4}, {w: 90, h: 70, two: 0.3, three: 0.2}})
			return nil
		}},
		{"roads", func() error { g.roads(towns); return nil }},
		{"dungeons", func() error { return g.dungeonArea(abyss, g.count(3, 1), 200, 500) }},
	}
}
