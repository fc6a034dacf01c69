package pathbench

import (
	"fmt"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/pathing"
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/gen"
)

// Scenario is one benchmark search.
type Scenario struct {
	Name string
	Req  pathing.Request
	// LiveByDesign marks a scenario the cache hands to the live rules by
	// design (cells near a multi): its speedup is not the cache's.
	LiveByDesign bool
}

// scenarioSet builds scenarios on an env, checking each has a path.
type scenarioSet struct {
	env  *Env
	live *movement.Rules // the classic searcher's rules
	cl   *pathing.Classic
	res  pathing.Result
	out  []Scenario
}

// newScenarioSet is a scenario set over a clone of e's live rules.
func newScenarioSet(e *Env) *scenarioSet {
	live := e.Live.Clone()
	return &scenarioSet{env: e, live: live, cl: pathing.NewClassic(live)}
}

func (b *scenarioSet) found(req pathing.Request) bool {
	b.cl.Find(&req, &b.res)
	return b.res.Found
}

func (b *scenarioSet) add(name string, r pathing.Request, live bool) error {
	if !b.found(r) {
		return fmt.Errorf("pathbench: scenario %s: no path from %v to %v", name, r.Start, r.Goal)
	}
	b.out = append(b.out, Scenario{Name: name, Req: r, LiveByDesign: live})
	return nil
}

// ring picks the goal at Chebyshev distance d from s with the costliest
// classic path for mv (the most obstacles), first in scan order on ties.
func (b *scenarioSet) ring(s gen.Spot, d int, mv movement.Mover) (world.Point, error) {
	return b.ringIn(s, d, mv, nil)
}

// ringIn is ring over the cells in keeps (every cell when in is nil).
func (b *scenarioSet) ringIn(s gen.Spot, d int, mv movement.Mover, in func(world.Point) bool) (world.Point, error) {
	best, bestCost := world.Point{}, -1.0
	for dy := -d; dy <= d; dy++ {
		for dx := -d; dx <= d; dx++ {
			if max(abs(dx), abs(dy)) != d {
				continue
			}
			p := world.Point{X: s.X + dx, Y: s.Y + dy}
			if in != nil && !in(p) {
				continue
			}
			if b.found(spotRequest(s, p, mv)) && b.res.Cost > bestCost {
				best, bestCost = p, b.res.Cost
			}
		}
	}
	if bestCost < 0 {
		return best, fmt.Errorf("pathbench: no reachable cell %d from (%d,%d)", d, s.X, s.Y)
	}
	return best, nil
}

func spotRequest(from gen.Spot, to world.Point, mv movement.Mover) pathing.Request {
	return pathing.Request{Start: from.Point(), StartZ: from.Z, Goal: to, Mover: mv}
}

// Scenarios builds seed 003's scenarios on e's world from its landmarks.
// Goals that are not given by a landmark are chosen deterministically (the
// cell at the scenario's distance whose classic path is longest), and every
// scenario is checked to have a path.
func Scenarios(e *Env) ([]Scenario, error) {
	if e.World == nil {
		return nil, fmt.Errorf("pathbench: the env's world has no landmarks")
	}
	lm := e.World.Landmarks
	b := newScenarioSet(e)
	if err := b.add("sewer corridor", spotRequest(lm.SewerStart, lm.SewerEnd.Point(), walker), false); err != nil {
		return nil, err
	}
	if err := b.add("causeway", spotRequest(lm.CausewayStart, lm.CausewayEnd.Point(), walker), false); err != nil {
		return nil, err
	}
	for _, s := range []struct {
		name string
		from gen.Spot
		d    int
		mv   movement.Mover
	}{
		{"pet 2-tile", lm.TownCenter, 2, walker},
		{"npc 5-tile", lm.TownCenter, 5, walker},
		{"npc 8-tile", lm.TownCenter, 8, walker},
		{"sea serpent", lm.OceanPoint, 12, swimmer},
	} {
		g, err := b.ring(s.from, s.d, s.mv)
		if err != nil {
			return nil, fmt.Errorf("scenario %s: %w", s.name, err)
		}
		if err := b.add(s.name, spotRequest(s.from, g, s.mv), false); err != nil {
			return nil, err
		}
	}
	long, err := traverse(lm, 100)
	if err != nil {
		return nil, err
	}
	long.MaxNodes = 1 << 20
	if err := b.add("long traverse", long, false); err != nil {
		return nil, err
	}
	// From two cells outside the house's doorway to its inside.
	door := lm.HouseDoor
	outside := gen.Spot{X: door.X, Y: door.Y + 2, Z: door.Z}
	if err := b.add("house interior", spotRequest(outside, lm.HouseInside.Point(), walker), true); err != nil {
		return nil, err
	}
	return b.out, nil
}

// GridScenario is the benchmark's search from start to goal on a grid map
// (e's world, e.g. from movingai.Grid.World) as a grid benchmark poses it
// (octile cost, a player: no corner cutting), named label.
func GridScenario(e *Env, label string, start, goal world.Point) ([]Scenario, error) {
	b := newScenarioSet(e)
	req := pathing.Request{
		Start:    start,
		Goal:     goal,
		Mover:    movement.Mover{Caps: movement.Player},
		Cost:     pathing.Octile,
		MaxNodes: 4 * e.Live.Map.Width * e.Live.Map.Height,
	}
	if err := b.add(label, req, false); err != nil {
		return nil, err
	}
	return b.out, nil
}

// traverse is a walk from the pet route's start to its first waypoint at
// least minDist tiles away.
func traverse(lm gen.Landmarks, minDist int) (pathing.Request, error) {
	if len(lm.PetRoute) == 0 || len(lm.TownGates) == 0 {
		return pathing.Request{}, fmt.Errorf("pathbench: world has no pet route")
	}
	s := lm.TownCenter
	for _, p := range lm.PetRoute {
		if max(abs(p.X-s.X), abs(p.Y-s.Y)) >= minDist {
			return pathing.Request{Start: s.Point(), StartZ: s.Z, Goal: p}, nil
		}
	}
	return pathing.Request{}, fmt.Errorf("pathbench: no pet-route waypoint %d tiles from the town centre", minDist)
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
