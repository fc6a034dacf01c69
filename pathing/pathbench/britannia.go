package pathbench

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/pathing"
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/gen"
	"github.com/shardcore/shardcore/world/gen/britannia"
)

// The Britannia twins' sizes: the ring distance of the forest walk, the
// town street and the shore swim, and the node cap of the overland
// traverse.
const (
	forestRing    = 16
	streetRing    = 24
	shoreRing     = 16
	traverseNodes = 1 << 20
)

// MinTraverse is the least Chebyshev distance in tiles between the
// overland traverse's ends.
const MinTraverse = 300

// BritanniaScenarios builds the twins of the default world's scenarios on a
// britannia map (e's world, e.g. map 0 of a `shard gen-world --profile
// britannia` folder) from its features f: a dense-forest walk, a town
// street, a dungeon ramp, a shore swim and a long overland traverse of at
// least MinTraverse tiles. Every spot comes from f in its order and every
// goal not given by a feature is the cell at the scenario's distance whose
// classic path is costliest, so the twins are the same on every run; each
// is checked to have a classic path. A kind the map lacks is an error that
// names it.
func BritanniaScenarios(e *Env, f *britannia.Features) ([]Scenario, error) {
	if f == nil {
		return nil, fmt.Errorf("pathbench: no britannia features (a folder from shard gen-world --profile britannia has them)")
	}
	b := newScenarioSet(e)
	for _, twin := range []struct {
		name string
		pose func(*scenarioSet, *britannia.Features) (pathing.Request, error)
	}{
		{"forest walk", (*scenarioSet).forestWalk},
		{"town street", (*scenarioSet).townStreet},
		{"dungeon ramp", (*scenarioSet).dungeonRamp},
		{"shore swim", (*scenarioSet).shoreSwim},
		{"overland traverse", (*scenarioSet).overland},
	} {
		req, err := twin.pose(b, f)
		if err != nil {
			return nil, fmt.Errorf("pathbench: britannia %s: %w", twin.name, err)
		}
		if err := b.add(twin.name, req, false); err != nil {
			return nil, err
		}
	}
	return b.out, nil
}

var (
	walker  = movement.Mover{}
	swimmer = movement.Mover{Caps: movement.CanSwim | movement.CantWalk}
)

// forestWalk is a walk from the first forest spot that has one to the cell
// forestRing tiles away whose path through the trees is costliest.
func (b *scenarioSet) forestWalk(f *britannia.Features) (pathing.Request, error) {
	if len(f.Forests) == 0 {
		return pathing.Request{}, fmt.Errorf("the map has no forest spots")
	}
	return b.firstRing(f.Forests, forestRing, walker, nil)
}

// townStreet is a walk from the first town's street spot (at its corner) to
// the cell of the town streetRing tiles away whose path is costliest (round
// the buildings, or into one through its doorway).
func (b *scenarioSet) townStreet(f *britannia.Features) (pathing.Request, error) {
	for _, t := range f.Towns {
		in := func(p world.Point) bool { return p.X >= t.X0 && p.X <= t.X1 && p.Y >= t.Y0 && p.Y <= t.Y1 }
		if req, err := b.firstRing([]gen.Spot{t.Street}, streetRing, walker, in); err == nil {
			return req, nil
		}
	}
	return pathing.Request{}, fmt.Errorf("the map has no town with a street %d tiles long (%d towns)", streetRing, len(f.Towns))
}

// dungeonRamp is a walk up a dungeon's stair ramp: from the dungeon's
// entrance to the ramp's last block below its top (a gallery a storey above
// the floor), which a walker stands on only at the ramp's height, so the
// path climbs the ramp from its bottom. Of the dungeons whose walk does, the
// one with the costliest path (first in feature order on ties).
func (b *scenarioSet) dungeonRamp(f *britannia.Features) (pathing.Request, error) {
	var best pathing.Request
	bestCost, ramps := -1.0, 0
	for _, d := range f.Dungeons {
		if d.Ramp == [2]gen.Spot{} {
			continue
		}
		ramps++
		bottom, top := d.Ramp[0], d.Ramp[1]
		below := world.Point{X: top.X + sign(bottom.X-top.X), Y: top.Y + sign(bottom.Y-top.Y)}
		req := spotRequest(d.Entrance, below, walker)
		if !b.found(req) || b.res.Cost <= bestCost || !b.passes(req.Start, bottom.Point()) {
			continue
		}
		if zs := b.res.Zs; len(zs) == 0 || int(zs[len(zs)-1]) < top.Z-gen.StairRise {
			continue // ends below the ramp's last block: not up the ramp
		}
		best, bestCost = req, b.res.Cost
	}
	if bestCost < 0 {
		return best, fmt.Errorf("the map has no dungeon whose entrance leads up its ramp (%d dungeons, %d with a ramp)", len(f.Dungeons), ramps)
	}
	return best, nil
}

func sign(v int) int {
	switch {
	case v < 0:
		return -1
	case v > 0:
		return 1
	}
	return 0
}

// passes reports whether the last found path from start steps on p.
func (b *scenarioSet) passes(start, p world.Point) bool {
	at := start
	for _, d := range b.res.Dirs {
		dx, dy := d.Offset()
		at = world.Point{X: at.X + dx, Y: at.Y + dy}
		if at == p {
			return true
		}
	}
	return false
}

// shoreSwim is a swim from the first shore spot (or, where the map lists
// none, the water beside the first pier end: the first cell in scan order
// within pierReach of it where a swimmer floats) to the water cell
// shoreRing tiles away whose swim round the pier and the coast is
// costliest.
func (b *scenarioSet) shoreSwim(f *britannia.Features) (pathing.Request, error) {
	var starts []gen.Spot
	for _, s := range f.Shore {
		if z, ok := b.live.Enter(swimmer, s.X, s.Y, 127, 127, 127); ok {
			starts = append(starts, gen.Spot{X: s.X, Y: s.Y, Z: z})
		}
	}
	for _, d := range f.Docks {
		if s, ok := b.floatNear(d, pierReach); ok {
			starts = append(starts, s)
		}
	}
	if len(starts) == 0 {
		return pathing.Request{}, fmt.Errorf("the map has no shore spot or pier end with water a swimmer floats at (%d shore spots, %d docks)", len(f.Shore), len(f.Docks))
	}
	return b.firstRing(starts, shoreRing, swimmer, nil)
}

// pierReach is how far from a pier end the shore swim looks for water.
const pierReach = 2

// floatNear is the first cell in scan order within r of s where a swimmer
// floats, with the Z it floats at.
func (b *scenarioSet) floatNear(s gen.Spot, r int) (gen.Spot, bool) {
	for dy := -r; dy <= r; dy++ {
		for dx := -r; dx <= r; dx++ {
			if z, ok := b.live.Enter(swimmer, s.X+dx, s.Y+dy, 127, 127, 127); ok {
				return gen.Spot{X: s.X + dx, Y: s.Y + dy, Z: z}, true
			}
		}
	}
	return gen.Spot{}, false
}

// overland is a walk between two towns' street spots at least MinTraverse
// tiles apart: of the pairs far enough apart, the closest (first in
// feature order on ties) that a path joins.
func (b *scenarioSet) overland(f *britannia.Features) (pathing.Request, error) {
	type pair struct{ i, j, d int }
	var pairs []pair
	for i, a := range f.Towns {
		for j := i + 1; j < len(f.Towns); j++ {
			c := f.Towns[j].Street
			if d := max(abs(a.Street.X-c.X), abs(a.Street.Y-c.Y)); d >= MinTraverse {
				pairs = append(pairs, pair{i, j, d})
			}
		}
	}
	slices.SortStableFunc(pairs, func(p, q pair) int { return cmp.Compare(p.d, q.d) })
	// The cache A* on the warm cache tells joined pairs from the others
	// first: a pair on two shores costs the classic A* a million nodes.
	reach, err := b.env.Searcher(WarmNoFile)
	if err != nil {
		return pathing.Request{}, err
	}
	var res pathing.Result
	for _, p := range pairs {
		req := spotRequest(f.Towns[p.i].Street, f.Towns[p.j].Street.Point(), walker)
		req.MaxNodes = traverseNodes
		try := req
		if reach.Finder.Find(&try, &res); !res.Found {
			continue
		}
		if b.found(req) {
			return req, nil
		}
	}
	return pathing.Request{}, fmt.Errorf("the map has no two towns %d tiles apart joined by a path (%d towns, %d pairs far enough)", MinTraverse, len(f.Towns), len(pairs))
}

// firstRing is the ring search (ring) from the first of starts that has a
// reachable cell d tiles away (in keeps, when not nil).
func (b *scenarioSet) firstRing(starts []gen.Spot, d int, mv movement.Mover, in func(world.Point) bool) (pathing.Request, error) {
	for _, s := range starts {
		if g, err := b.ringIn(s, d, mv, in); err == nil {
			return spotRequest(s, g, mv), nil
		}
	}
	return pathing.Request{}, fmt.Errorf("no reachable cell %d tiles from any of %d spots", d, len(starts))
}
