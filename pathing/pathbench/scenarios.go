package pathbench

import (
	"fmt"

	"shardcore/movement"
	"shardcore/pathing"
	"shardcore/world/gen"
)

// Scenario is one benchmark search.
type Scenario struct {
	Name string
	Req  pathing.Request
	// LiveByDesign marks a scenario the cache hands to the live rules by
	// design (cells near a multi): its speedup is not the cache's.
	LiveByDesign bool
}

// Scenarios builds seed 003's scenarios on e's world from its landmarks.
// Goals that are not given by a landmark are chosen deterministically (the
// cell at the scenario's distance whose classic path is longest), and every
// scenario is checked to have a path.
func Scenarios(e *Env) ([]Scenario, error) {
	lm := e.World.Landmarks
	cl := pathing.NewClassic(e.Live.Clone())
	var res pathing.Result
	found := func(req pathing.Request) bool {
		cl.Find(&req, &res)
		return res.Found
	}
	walker := movement.Mover{}
	swimmer := movement.Mover{Caps: movement.CanSwim | movement.CantWalk}
	req := func(from gen.Spot, to movement.Point, mv movement.Mover) pathing.Request {
		return pathing.Request{Start: from.Point(), StartZ: from.Z, Goal: to, Mover: mv}
	}
	// ring picks the goal at Chebyshev distance d from s with the costliest
	// classic path (the most obstacles), first in scan order on ties.
	ring := func(s gen.Spot, d int, mv movement.Mover) (movement.Point, error) {
		best, bestCost := movement.Point{}, -1.0
		for dy := -d; dy <= d; dy++ {
			for dx := -d; dx <= d; dx++ {
				if max(abs(dx), abs(dy)) != d {
					continue
				}
				p := movement.Point{X: s.X + dx, Y: s.Y + dy}
				if found(req(s, p, mv)) && res.Cost > bestCost {
					best, bestCost = p, res.Cost
				}
			}
		}
		if bestCost < 0 {
			return best, fmt.Errorf("pathbench: no reachable cell %d from (%d,%d)", d, s.X, s.Y)
		}
		return best, nil
	}
	var out []Scenario
	add := func(name string, r pathing.Request, live bool) error {
		if !found(r) {
			return fmt.Errorf("pathbench: scenario %s: no path from %v to %v", name, r.Start, r.Goal)
		}
		out = append(out, Scenario{Name: name, Req: r, LiveByDesign: live})
		return nil
	}
	if err := add("sewer corridor", req(lm.SewerStart, lm.SewerEnd.Point(), walker), false); err != nil {
		return nil, err
	}
	if err := add("causeway", req(lm.CausewayStart, lm.CausewayEnd.Point(), walker), false); err != nil {
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
		g, err := ring(s.from, s.d, s.mv)
		if err != nil {
			return nil, fmt.Errorf("scenario %s: %w", s.name, err)
		}
		if err := add(s.name, req(s.from, g, s.mv), false); err != nil {
			return nil, err
		}
	}
	long, err := traverse(lm, 100)
	if err != nil {
		return nil, err
	}
	long.MaxNodes = 1 << 20
	if err := add("long traverse", long, false); err != nil {
		return nil, err
	}
	// From two cells outside the house's doorway to its inside.
	door := lm.HouseDoor
	outside := gen.Spot{X: door.X, Y: door.Y + 2, Z: door.Z}
	if err := add("house interior", req(outside, lm.HouseInside.Point(), walker), true); err != nil {
		return nil, err
	}
	return out, nil
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
