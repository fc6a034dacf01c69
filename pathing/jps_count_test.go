package pathing

import (
	"os"
	"testing"

	"github.com/shardcore/shardcore/testkit/counting"
)

// TestJPSCountMovingAI solves every scenario of one Moving AI map
// (SHARDCORE_JPS_COUNT=brc202d, say) once to warm up, then once more inside
// jpsCountLoop, for scripts/count-jps.sh to count the warm pass's
// instructions under valgrind (a figure a busy machine does not change).
// SHARDCORE_JPS_COUNT_COST=uniform poses the queries under the uniform
// cost (the game's) instead of octile. It checks nothing; it is skipped
// unless the variable is set.
func TestJPSCountMovingAI(t *testing.T) {
	name := os.Getenv("SHARDCORE_JPS_COUNT")
	if name == "" {
		t.Skip("set SHARDCORE_JPS_COUNT to a Moving AI map name (scripts/count-jps.sh)")
	}
	for _, bm := range loadBench(t) {
		if bm.name != name+".map" {
			continue
		}
		s := NewJPS(warmCache(t, &bm, bm.rules), bm.rules)
		s.UseLineProbe(false) // as BenchmarkJPSMovingAI
		s.PrepareLayer(ScenarioRequest(bm.scens[0], Octile, bm.w, bm.h).Mover)
		reqs := make([]Request, len(bm.scens))
		var res Result
		cost := Octile
		if os.Getenv("SHARDCORE_JPS_COUNT_COST") == "uniform" {
			cost = Uniform
		}
		for k, sc := range bm.scens {
			reqs[k] = ScenarioRequest(sc, cost, bm.w, bm.h)
		}
		quiet := counting.Quiet() // before the warm-up: a collection shrinks the stack, whose regrowth confuses valgrind
		jpsWarmLoop(s, reqs, &res)
		jpsCountLoop(s, reqs, &res)
		quiet()
		t.Logf("%s: %d queries", name, len(reqs))
	}
}

// jpsCountLoop runs every request once (not inlined: valgrind counts
// inside it).
//
//go:noinline
func jpsCountLoop(s Finder, reqs []Request, res *Result) { jpsWarmLoop(s, reqs, res) }

// jpsWarmLoop runs every request once (outside jpsCountLoop: not counted).
//
//go:noinline
func jpsWarmLoop(s Finder, reqs []Request, res *Result) {
	r := new(Request)
	for j := range reqs {
		*r = reqs[j]
		s.Find(r, res)
	}
}
