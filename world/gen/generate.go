package gen

import (
	"context"
	"fmt"

	"github.com/shardcore/shardcore/world"
)

// World is a generated world: its map (with the house multis placed), its
// tile data, the multi definitions and the named landmarks.
type World struct {
	Map       *world.Map        // Felucca (id 0): land, statics and the placed house multis
	Tiles     *world.TileData   // the palette (NewTiles), 64-bit flags
	Multis    []*world.MultiDef // house definitions, indexed by ID (HouseSmall, HouseLong)
	Landmarks Landmarks         // named places, routes and doorways
	Options   Options           // the options it was generated from, defaults filled in
}

// gen holds one generation run.
type gen struct {
	ctx  context.Context
	opts Options
	seed uint64
	lay  layout
	b    *world.Builder
	lm   Landmarks
	road map[[2]int]bool
	defs []*world.MultiDef
	// houses to place once the map is built
	houses []placement
}

type placement struct {
	def     *world.MultiDef
	x, y, z int
}

// Default generates the default world (seed 1, 1024×1024).
func Default(ctx context.Context) (*World, error) {
	return Generate(ctx, DefaultOptions())
}

// Generate builds the world opts describe. The same options always give the
// same world, byte for byte.
func Generate(ctx context.Context, opts Options) (*World, error) {
	opts = opts.withDefaults()
	if err := opts.Validate(); err != nil {
		return nil, err
	}
	b, err := world.NewBuilder(world.Felucca, opts.Width, opts.Height)
	if err != nil {
		return nil, fmt.Errorf("gen: %w", err)
	}
	g := &gen{ctx: ctx, opts: opts, seed: mix(uint64(opts.Seed)), b: b, road: map[[2]int]bool{}}
	g.lay = newLayout(opts.Width, opts.Height, g.seed)
	g.defs = houseDefs()
	steps := []struct {
		name string
		fn   func() error
	}{
		{"base terrain", g.baseTerrain},
		{"road", g.planRoad},
		{"hills", g.hills},
		{"river", g.river},
		{"lake", g.lake},
		{"town", g.town},
		{"forest", g.forest},
		{"houses", g.planHouses},
	}
	for _, s := range steps {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("gen: %s: %w", s.name, err)
		}
		if err := s.fn(); err != nil {
			return nil, fmt.Errorf("gen: %s: %w", s.name, err)
		}
	}
	m, err := b.Build()
	if err != nil {
		return nil, fmt.Errorf("gen: build map: %w", err)
	}
	for _, p := range g.houses {
		if err := m.AddMulti(world.NewMulti(p.def, p.x, p.y, p.z)); err != nil {
			return nil, fmt.Errorf("gen: place house: %w", err)
		}
	}
	td := NewTiles()
	g.finish(m)
	return &World{Map: m, Tiles: td, Multis: g.defs, Landmarks: g.lm, Options: opts}, nil
}

// static adds a static tile; the generator only places tiles on the map.
func (g *gen) static(x, y int, id uint16, z int) error {
	if err := g.b.AddStatic(x, y, id, int8(z), 0); err != nil {
		return fmt.Errorf("gen: %w", err)
	}
	return nil
}

// baseTerrain lays ocean, beach and grass plains over the whole map.
func (g *gen) baseTerrain() error {
	w, h := g.opts.Width, g.opts.Height
	for y := 0; y < h; y++ {
		if y&63 == 0 {
			if err := g.ctx.Err(); err != nil {
				return err
			}
		}
		coast := g.lay.coastX(g.seed, y)
		beach := coast + g.lay.beachW
		for x := 0; x < w; x++ {
			switch {
			case x < coast:
				g.b.SetLand(x, y, LandWater, WaterZ)
			case x < beach:
				g.b.SetLand(x, y, LandSand, GroundZ)
			default:
				g.b.SetLand(x, y, LandGrass, GroundZ)
			}
		}
	}
	return nil
}

// planRoad marks a 3-wide road from the northern bridge's east end through
// the hills (a pass through the mountains) and on to the lake's west shore.
// Outside the hills it only relabels grass as dirt.
func (g *gen) planRoad() error {
	l := &g.lay
	_, x1 := g.bridgeSpan(0)
	pts := [][2]int{
		{x1 + 3, l.bridgeY[0] + 1},
		{l.hillX - l.hillR/3, l.hillY},
		{l.hillX, l.hillY},
		{l.hillX, l.hillY + l.hillR + 8},
		{l.lakeX - l.lakeR - 8, l.lakeY},
	}
	for i := 0; i+1 < len(pts); i++ {
		a, b := pts[i], pts[i+1]
		n := max(abs(b[0]-a[0]), abs(b[1]-a[1]))
		for s := 0; s <= n; s++ {
			x := a[0] + (b[0]-a[0])*s/max(n, 1)
			y := a[1] + (b[1]-a[1])*s/max(n, 1)
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					g.road[[2]int{x + dx, y + dy}] = true
				}
			}
		}
	}
	for c := range g.road {
		if g.b.Land(c[0], c[1]).ID == LandGrass {
			g.b.SetLand(c[0], c[1], LandDirt, GroundZ)
		}
	}
	return nil
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
