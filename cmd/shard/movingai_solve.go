package main

import (
	"context"
	"fmt"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"shardcore/movement"
	"shardcore/pathing"
	"shardcore/world/movingai"
)

// maiOptions configures a Moving AI run.
type maiOptions struct {
	cost    pathing.Cost
	search  string // classic | cache
	workers int
}

// maiBudgetPerCell is the node budget per map cell: no artificial limit on a
// flat benchmark map, which has one state per cell.
const maiBudgetPerCell = 4

// maiMaxFailures bounds the failure reasons a report keeps.
const maiMaxFailures = 5

// maiReport counts one map's (or all maps') outcomes.
type maiReport struct {
	Map                                    string
	Scenarios, Optimal, Suboptimal, Failed int
	Expansions                             int64
	Elapsed                                time.Duration
	Failures                               []string // the first few, in scenario order
}

func (r maiReport) line() string {
	return fmt.Sprintf("%-20s scenarios %6d optimal %6d suboptimal %d failed %d expansions %d ms %d",
		r.Map, r.Scenarios, r.Optimal, r.Suboptimal, r.Failed, r.Expansions, r.Elapsed.Milliseconds())
}

func (r *maiReport) add(o maiReport) {
	r.Scenarios += o.Scenarios
	r.Optimal += o.Optimal
	r.Suboptimal += o.Suboptimal
	r.Failed += o.Failed
	r.Expansions += o.Expansions
	r.Elapsed += o.Elapsed
}

// checkSearch reports whether search names a finder finderFor can build.
func checkSearch(search string) error {
	switch search {
	case "classic":
		return nil
	case "cache":
		return nil
	}
	return fmt.Errorf("unknown --search %q (want classic or cache)", search)
}

// finderFor returns the finder of the named search over rules (one per
// worker; rules is that worker's clone).
func finderFor(search string, rules *movement.Rules) (pathing.Finder, error) {
	if err := checkSearch(search); err != nil {
		return nil, err
	}
	if search == "cache" {
		return cacheFinder(rules)
	}
	return pathing.NewClassic(rules), nil
}

// maiOutcome is one scenario's verdict.
type maiOutcome uint8

const (
	maiOptimal maiOutcome = iota
	maiSuboptimal
	maiFailed
)

// solveMap runs scens on g's world across o.workers goroutines, each with
// its own rules clone and finder, and judges every result.
func solveMap(ctx context.Context, g *movingai.Grid, scens []movingai.Scenario, o maiOptions) (maiReport, error) {
	t0 := time.Now()
	m, td, err := g.World()
	if err != nil {
		return maiReport{}, err
	}
	base := movement.NewRules(m, td, nil)
	budget := m.Width * m.Height * maiBudgetPerCell
	outcomes := make([]maiOutcome, len(scens))
	reasons := make([]string, len(scens))
	expansions := make([]int, len(scens))
	var next atomic.Int64
	var wg sync.WaitGroup
	errs := make([]error, max(min(o.workers, len(scens)), 1))
	for w := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f, err := finderFor(o.search, base.Clone())
			if err != nil {
				errs[w] = err
				return
			}
			var res pathing.Result
			for {
				i := int(next.Add(1) - 1)
				if i >= len(scens) {
					return
				}
				if err := ctx.Err(); err != nil {
					errs[w] = err
					return
				}
				s := scens[i]
				if s.Width != g.Width || s.Height != g.Height {
					outcomes[i], reasons[i] = maiFailed, fmt.Sprintf("scenario is for a %dx%d map, %s is %dx%d", s.Width, s.Height, g.Name, g.Width, g.Height)
					continue
				}
				req := pathing.Request{
					Start:    movement.Point{X: s.StartX, Y: s.StartY},
					Goal:     movement.Point{X: s.GoalX, Y: s.GoalY},
					Mover:    movement.Mover{Caps: movement.Player},
					Cost:     o.cost,
					MaxNodes: budget,
				}
				f.Find(&req, &res)
				expansions[i] = res.Expansions
				outcomes[i], reasons[i] = judge(g, s, o.cost, &res)
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return maiReport{}, fmt.Errorf("%s: %w", g.Name, err)
		}
	}
	rep := maiReport{Map: g.Name, Scenarios: len(scens)}
	for i, oc := range outcomes {
		rep.Expansions += int64(expansions[i])
		switch oc {
		case maiOptimal:
			rep.Optimal++
		case maiSuboptimal:
			rep.Suboptimal++
		default:
			rep.Failed++
		}
		if oc != maiOptimal && len(rep.Failures) < maiMaxFailures {
			s := scens[i]
			rep.Failures = append(rep.Failures, fmt.Sprintf("%s line %d (%d,%d)->(%d,%d): %s",
				g.Name, s.Line, s.StartX, s.StartY, s.GoalX, s.GoalY, reasons[i]))
		}
	}
	rep.Elapsed = time.Since(t0)
	return rep, nil
}

// judge checks a result independently of the movement rules: the path must
// be a legal grid walk (passable cells, no corner cutting) from start to
// goal whose octile length is never below the benchmark's optimum; it is
// optimal when that length matches the optimum within the file's tolerance.
func judge(g *movingai.Grid, s movingai.Scenario, cost pathing.Cost, res *pathing.Result) (maiOutcome, string) {
	if !res.Found {
		return maiFailed, fmt.Sprintf("no path found (%d expansions), optimum %v", res.Expansions, s.Optimal)
	}
	x, y := s.StartX, s.StartY
	straight, diag := 0, 0
	for i, d := range res.Dirs {
		dx, dy := d.Offset()
		if !g.Passable(x+dx, y+dy) {
			return maiFailed, fmt.Sprintf("step %d (%v from %d,%d) enters blocked cell %q", i, d, x, y, g.At(x+dx, y+dy))
		}
		if d.Diagonal() {
			if !g.Passable(x+dx, y) || !g.Passable(x, y+dy) {
				return maiFailed, fmt.Sprintf("step %d (%v from %d,%d) cuts a corner", i, d, x, y)
			}
			diag++
		} else {
			straight++
		}
		x, y = x+dx, y+dy
	}
	if x != s.GoalX || y != s.GoalY {
		return maiFailed, fmt.Sprintf("path ends at (%d,%d)", x, y)
	}
	length := float64(straight) + math.Sqrt2*float64(diag)
	want := float64(len(res.Dirs))
	if cost == pathing.Octile {
		want = length
	}
	if math.Abs(res.Cost-want) > 1e-9*math.Max(want, 1) {
		return maiFailed, fmt.Sprintf("result cost %v, path cost %v", res.Cost, want)
	}
	if length < s.Optimal-s.Tolerance() {
		return maiFailed, fmt.Sprintf("length %.5f is below the optimum %v", length, s.Optimal)
	}
	if !s.IsOptimal(length) {
		return maiSuboptimal, fmt.Sprintf("length %.5f, optimum %v", length, s.Optimal)
	}
	return maiOptimal, ""
}
