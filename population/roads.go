package population

import (
	"math"

	"github.com/shardcore/shardcore/systems"
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/gen/britannia"
)

// Roads between towns: waypoints every roadStep tiles along the straight
// line from one town's street to its nearest neighbour's, each snapped to a
// standable cell within roadSnap; towns further apart than roadMaxLen get
// no road (a sea between them).
const (
	roadStep   = 24
	roadSnap   = 4
	roadMaxLen = 1200
)

// roadEnds pairs each town with its nearest other town (each pair once)
// and returns the pairs' street spots.
func roadEnds(towns []britannia.Town) [][2]systems.RouteCell {
	var out [][2]systems.RouteCell
	seen := map[[2]int]bool{}
	for i, a := range towns {
		best, bestD := -1, math.MaxFloat64
		for j, b := range towns {
			if d := math.Hypot(float64(a.Street.X-b.Street.X), float64(a.Street.Y-b.Street.Y)); j != i && d < bestD {
				best, bestD = j, d
			}
		}
		if best < 0 || bestD > roadMaxLen {
			continue
		}
		k := [2]int{min(i, best), max(i, best)}
		if seen[k] {
			continue
		}
		seen[k] = true
		b := towns[best]
		out = append(out, [2]systems.RouteCell{{X: a.Street.X, Y: a.Street.Y, Z: a.Street.Z}, {X: b.Street.X, Y: b.Street.Y, Z: b.Street.Z}})
	}
	return out
}

// snap returns the standable cell nearest (x, y) within roadSnap.
func (g *routeGen) snap(x, y int) (systems.RouteCell, bool) {
	for r := 0; r <= roadSnap; r++ {
		for dy := -r; dy <= r; dy++ {
			for dx := -r; dx <= r; dx++ {
				if max(abs(dx), abs(dy)) != r {
					continue
				}
				if rc, ok := g.standable(x+dx, y+dy); ok {
					return rc, true
				}
			}
		}
	}
	return systems.RouteCell{}, false
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// roadRoute walks the road from a to b, leg by leg, up to the first leg
// that cannot be walked, and registers it as an out-and-back patrol route
// (a, w1, …, wk, …, w1): every leg a patrol searches at run time is one
// roadStep long. The cells are the outward walk (where patrols spawn).
func (g *routeGen) roadRoute(a, b systems.RouteCell) (*genRoute, bool, error) {
	n := max(int(math.Hypot(float64(b.X-a.X), float64(b.Y-a.Y)))/roadStep, 1)
	wps := []world.Point{{X: a.X, Y: a.Y}}
	cells, legs := []systems.RouteCell{a}, []int{0}
	cur := a
	for i := 1; i <= n; i++ {
		w, ok := b, i == n
		if !ok {
			w, ok = g.snap(a.X+(b.X-a.X)*i/n, a.Y+(b.Y-a.Y)*i/n)
		}
		if !ok {
			continue
		}
		next, ok := g.leg(cur, world.Point{X: w.X, Y: w.Y}, 0, len(wps)-1, &cells, &legs)
		if !ok {
			break
		}
		cur = next
		wps = append(wps, world.Point{X: w.X, Y: w.Y})
	}
	if len(wps) < 2 {
		return nil, false, nil
	}
	for i := len(wps) - 2; i > 0; i-- {
		wps = append(wps, wps[i])
	}
	return g.register(wps, cells, legs)
}
