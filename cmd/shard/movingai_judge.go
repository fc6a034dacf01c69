package main

import (
	"fmt"
	"math"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/pathing"
	"github.com/shardcore/shardcore/world/movingai"
)

// judge checks a result independently of the movement rules: the path must
// be a legal grid walk (passable cells, no corner cutting) from start to
// goal costing what the result says. Under the octile cost its length is
// compared with the benchmark's optimum (within the file's tolerance);
// under the uniform cost its step count with uniformOpt, the uniform
// optimum a breadth-first search of the grid found (-1: none).
func judge(g *movingai.Grid, s movingai.Scenario, cost pathing.Cost, res *pathing.Result, uniformOpt int) (maiOutcome, string) {
	if !res.Found {
		return maiFailed, fmt.Sprintf("no path found (%d expansions), optimum %v", res.Expansions, s.Optimal)
	}
	straight, diag, why := walkGrid(g, s, res.Dirs)
	if why != "" {
		return maiFailed, why
	}
	length := float64(straight) + math.Sqrt2*float64(diag)
	want := float64(len(res.Dirs))
	if cost == pathing.Octile {
		want = length
	}
	if math.Abs(res.Cost-want) > 1e-9*math.Max(want, 1) {
		return maiFailed, fmt.Sprintf("result cost %v, path cost %v", res.Cost, want)
	}
	if cost == pathing.Uniform {
		steps := len(res.Dirs)
		switch {
		case uniformOpt < 0:
			return maiFailed, "a breadth-first search of the grid finds no path"
		case steps < uniformOpt:
			return maiFailed, fmt.Sprintf("%d steps is below the uniform optimum %d", steps, uniformOpt)
		case steps > uniformOpt:
			return maiSuboptimal, fmt.Sprintf("%d steps, uniform optimum %d", steps, uniformOpt)
		}
		return maiOptimal, ""
	}
	if length < s.Optimal-s.Tolerance() {
		return maiFailed, fmt.Sprintf("length %.5f is below the optimum %v", length, s.Optimal)
	}
	if !s.IsOptimal(length) {
		return maiSuboptimal, fmt.Sprintf("length %.5f, optimum %v", length, s.Optimal)
	}
	return maiOptimal, ""
}

// walkGrid walks dirs from s's start on g: it counts straight and diagonal
// steps, or says why the walk is not a legal one ending on s's goal.
func walkGrid(g *movingai.Grid, s movingai.Scenario, dirs []movement.Dir) (straight, diag int, why string) {
	x, y := s.StartX, s.StartY
	for i, d := range dirs {
		dx, dy := d.Offset()
		if !g.Passable(x+dx, y+dy) {
			return 0, 0, fmt.Sprintf("step %d (%v from %d,%d) enters blocked cell %q", i, d, x, y, g.At(x+dx, y+dy))
		}
		if d.Diagonal() {
			if !g.Passable(x+dx, y) || !g.Passable(x, y+dy) {
				return 0, 0, fmt.Sprintf("step %d (%v from %d,%d) cuts a corner", i, d, x, y)
			}
			diag++
		} else {
			straight++
		}
		x, y = x+dx, y+dy
	}
	if x != s.GoalX || y != s.GoalY {
		return 0, 0, fmt.Sprintf("path ends at (%d,%d)", x, y)
	}
	return straight, diag, ""
}
