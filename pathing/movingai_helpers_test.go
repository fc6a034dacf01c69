package pathing

import (
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/movingai"
)

// ScenarioBudgetPerCell is the node budget per map cell of a Moving AI run:
// a flat benchmark map has one state per cell, so this never cuts a search.
const ScenarioBudgetPerCell = 4

// ScenarioRequest returns the request that solves one Moving AI scenario on
// the world of its grid (Grid.World, padded to mapW×mapH cells): a non-staff
// player (a diagonal needs both cardinal flanks, the benchmark's
// no-corner-cutting rule) from start to goal at Z 0, with no budget cut.
func ScenarioRequest(s movingai.Scenario, cost Cost, mapW, mapH int) Request {
	return Request{
		Start:    world.Point{X: s.StartX, Y: s.StartY},
		Goal:     world.Point{X: s.GoalX, Y: s.GoalY},
		Mover:    movement.Mover{Caps: movement.Player},
		Cost:     cost,
		MaxNodes: max(mapW*mapH*ScenarioBudgetPerCell, 1),
	}
}
