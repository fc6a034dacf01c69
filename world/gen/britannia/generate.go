package britannia

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/gen"
	"github.com/shardcore/shardcore/world/gen/internal/noise"
)

// World is one generated facet: its map (with the house multis placed), the
// profile's tile data and multi definitions, and the named features.
type World struct {
	Map      *world.Map
	Tiles    *world.TileData
	Multis   []*world.MultiDef // house definitions, indexed by ID
	Houses   []gen.HouseSpot   // the house multis placed on Map, in placement order
	Features Features
	Options  Options // the options it was generated from, defaults filled in
}

// Features are the named places of a generated facet, for tests, benchmarks
// and populations. Every Spot is a cell a walker stands on at its Z unless
// said otherwise.
type Features struct {
	Towns     []Town
	DoorSpecs []gen.DoorSpec // every doorway (left open in the static world) and its door item
	Bridges   []gen.Spot     // deck cells over water: walker at Z, swimmer at gen.WaterZ below
	Docks     []gen.Spot     // pier ends over water (walker at Z)
	Dungeons  []Dungeon
	Shore     []gen.Spot // shallow water beside bare land (swimmer at Z); none on Malas and Ter Mur, which have no water
	Forests   []gen.Spot // cells inside dense forests (flat or hill land, no tree on the cell)
}

// Town is a generated town: its bounds, a street cell and how it was built.
type Town struct {
	X0, Y0, X1, Y1 int // bounds, inclusive
	Street         gen.Spot
	Buildings      int
	Storeys        [4]int // buildings by storey count (index 1..3)
}

// Dungeon is a dungeon area: its bounds and its entrance (a floor cell).
type Dungeon struct {
	X0, Y0, X1, Y1 int
	Entrance       gen.Spot
	Ramp           [2]gen.Spot // bottom and top of a stair ramp between levels (zero when none)
}

// Tag bits of a cell, for the steps that must not undo each other.
const (
	tagWater  uint8 = 1 << iota // water land
	tagRoad                     // road or street: no trees, no houses
	tagBuilt                    // town, building, dock, bridge or dungeon: left alone
	tagHill                     // hill land (its Z varies; cliffs are found on it)
	tagHouse                    // under a house multi or its margin
	tagNoTree                   // keep clear of trees (beaches, fields)
)

// mapGen holds one generation run.
type mapGen struct {
	ctx    context.Context
	opts   Options
	seed   uint64
	w, h   int
	scale  float64 // map area / the facet's real area: feature counts scale with it
	b      *world.Builder
	tag    []uint8
	rng    *rand.Rand
	err    error // first error of a placement (sticky)
	feat   Features
	defs   []*world.MultiDef
	houses []gen.HouseSpot
}

// Generate builds the facet opts describe. The same options always give the
// same map, byte for byte.
func Generate(ctx context.Context, opts Options) (*World, error) {
	opts = opts.withDefaults()
	if err := opts.Validate(); err != nil {
		return nil, err
	}
	b, err := world.NewBuilder(opts.Map, opts.Width, opts.Height)
	if err != nil {
		return nil, fmt.Errorf("britannia: %w", err)
	}
	spec, _ := Spec(opts.Map)
	layout := opts.Map
	if layout == world.Trammel {
		layout = world.Felucca // the client ships the two nearly alike: one world, two ids
	}
	g := &mapGen{ctx: ctx, opts: opts, w: opts.Width, h: opts.Height, b: b,
		seed: noise.Mix(uint64(opts.Seed)*0x9E37 ^ uint64(layout)<<56),
		tag:  make([]uint8, opts.Width*opts.Height),
		defs: houseDefs()}
	g.scale = float64(opts.Width*opts.Height) / float64(spec.Width*spec.Height)
	g.rng = rand.New(rand.NewPCG(g.seed, 0xB417))
	if err := g.run(recipe(g)); err != nil {
		return nil, err
	}
	m, err := b.Build()
	if err != nil {
		return nil, fmt.Errorf("britannia: build map %d: %w", opts.Map, err)
	}
	for _, h := range g.houses {
		if err := m.AddMulti(world.NewMulti(g.defs[h.DefID], h.X, h.Y, h.Z)); err != nil {
			return nil, fmt.Errorf("britannia: place house: %w", err)
		}
	}
	tiles := NewTiles()
	g.feat.Shore = shoreSpots(m, tiles)
	return &World{Map: m, Tiles: tiles, Multis: g.defs, Houses: g.houses, Features: g.feat, Options: opts}, nil
}

// step is one named stage of a recipe.
type step struct {
	name string
	fn   func() error
}

// run runs the steps in order, stopping at the first error or when the
// context ends.
func (g *mapGen) run(steps []step) error {
	for _, s := range steps {
		if err := g.ctx.Err(); err != nil {
			return fmt.Errorf("britannia: map %d: %s: %w", g.opts.Map, s.name, err)
		}
		if err := s.fn(); err != nil {
			return fmt.Errorf("britannia: map %d: %s: %w", g.opts.Map, s.name, err)
		}
		if g.err != nil {
			return fmt.Errorf("britannia: map %d: %s: %w", g.opts.Map, s.name, g.err)
		}
	}
	return nil
}

// in reports whether (x, y) is on the map.
func (g *mapGen) in(x, y int) bool { return x >= 0 && y >= 0 && x < g.w && y < g.h }

// tagAt returns the tags of (x, y); off the map everything is built.
func (g *mapGen) tagAt(x, y int) uint8 {
	if !g.in(x, y) {
		return tagBuilt
	}
	return g.tag[y*g.w+x]
}

// mark adds tags to (x, y).
func (g *mapGen) mark(x, y int, t uint8) {
	if g.in(x, y) {
		g.tag[y*g.w+x] |= t
	}
}

// unmark clears tags of (x, y).
func (g *mapGen) unmark(x, y int, t uint8) {
	if g.in(x, y) {
		g.tag[y*g.w+x] &^= t
	}
}

// set sets the land of (x, y).
func (g *mapGen) set(x, y int, id uint16, z int) { g.b.SetLand(x, y, id, int8(z)) }

// land reads the land of (x, y).
func (g *mapGen) land(x, y int) world.LandCell { return g.b.Land(x, y) }

// static places a static tile; an off-map tile is the run's error.
func (g *mapGen) static(x, y int, id uint16, z int) {
	if err := g.b.AddStatic(x, y, id, int8(z), 0); err != nil && g.err == nil {
		g.err = err
	}
}

// count scales a feature count for a full-size facet to this map, at least lo.
func (g *mapGen) count(full int, lo int) int {
	return max(lo, int(float64(full)*g.scale+0.5))
}

// hash is the run's hash of a lattice point under a salt.
func (g *mapGen) hash(salt uint64, x, y int) uint64 { return noise.Hash2(g.seed^salt, x, y) }

// chance reports whether the hash of (x, y) under salt falls below p.
func (g *mapGen) chance(salt uint64, x, y int, p float64) bool {
	return noise.Unit(g.hash(salt, x, y)) < p
}

// rowsDone checks the context every 64 rows of a long loop.
func (g *mapGen) rowsDone(y int) error {
	if y&63 == 0 {
		return g.ctx.Err()
	}
	return nil
}
