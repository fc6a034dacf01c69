package pathing_test

import (
	"math/rand/v2"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/pathing"
	"github.com/shardcore/shardcore/pathing/pathbench"
	"github.com/shardcore/shardcore/world"
)

// BenchmarkCachedScattered runs short cache A* searches (goals 2–16 cells
// away, as most of a shard's are) at scattered places of the default world,
// each at another place than the one before, so a search finds its nodes'
// window and the chunks' records cold, as a shard's searches among 100,000
// mobiles do; the warm scenarios of BenchmarkPaths repeat one search.
func BenchmarkCachedScattered(b *testing.B) {
	env, err := benchEnv()
	if err != nil {
		b.Fatal(err)
	}
	s, err := env.Searcher(pathbench.WarmNoFile)
	if err != nil {
		b.Fatal(err)
	}
	reqs := scatteredRequests(env.Live.Clone(), 4096)
	var res pathing.Result
	for _, r := range reqs {
		s.Finder.Find(&r, &res)
	}
	exp, i := 0, 0
	var req pathing.Request // one variable: a request per search would escape to the heap
	b.ReportAllocs()
	for b.Loop() {
		req = reqs[i%len(reqs)]
		s.Finder.Find(&req, &res)
		exp += res.Expansions
		i++
	}
	b.ReportMetric(float64(exp)/float64(i), "expansions/search")
}

// scatteredRequests returns n walker requests from a random cell's land Z
// to a cell 2–16 cells away that the classic A* reaches.
func scatteredRequests(live *movement.Rules, n int) []pathing.Request {
	rng := rand.New(rand.NewPCG(3, 5))
	cl := pathing.NewClassic(live)
	m := live.Map
	var res pathing.Result
	reqs := make([]pathing.Request, 0, n)
	for tries := 0; len(reqs) < n && tries < 50*n; tries++ {
		x, y := rng.IntN(m.Width), rng.IntN(m.Height)
		d := 2 + rng.IntN(15)
		gx, gy := x+rng.IntN(2*d+1)-d, y+rng.IntN(2*d+1)-d
		if !m.InBounds(gx, gy) {
			continue
		}
		req := pathing.Request{Start: world.Point{X: x, Y: y}, StartZ: int(m.Land(x, y).Z), Goal: world.Point{X: gx, Y: gy}, Mover: movement.Mover{}}
		if cl.Find(&req, &res); res.Found {
			reqs = append(reqs, req)
		}
	}
	return reqs
}
