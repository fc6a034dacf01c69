package pathing_test

import (
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"testing"

	"github.com/shardcore/shardcore/pathing"
	"github.com/shardcore/shardcore/pathing/pathbench"
)

// TestJPSCountPaths runs one of `shard bench paths`'s default-world
// scenarios (SHARDCORE_JPS_COUNT_PATHS="pet 2-tile", say) 4 times to warm
// up, then N times (SHARDCORE_JPS_COUNT_N, default 100) inside
// pathsCountLoop, with the jump search or (SHARDCORE_JPS_COUNT_MODE=classic)
// the classic A*, for scripts/count-jps.sh to count the warm searches'
// instructions under valgrind. It checks nothing; it is skipped unless the
// variable is set.
func TestJPSCountPaths(t *testing.T) {
	name := os.Getenv("SHARDCORE_JPS_COUNT_PATHS")
	if name == "" {
		t.Skip("set SHARDCORE_JPS_COUNT_PATHS to a scenario name (scripts/count-jps.sh)")
	}
	env, err := benchEnv()
	if err != nil {
		t.Fatal(err)
	}
	scs, err := pathbench.Scenarios(env)
	if err != nil {
		t.Fatal(err)
	}
	n, err := strconv.Atoi(os.Getenv("SHARDCORE_JPS_COUNT_N"))
	if err != nil || n < 1 {
		n = 100
	}
	mode := pathbench.WarmJPS
	if os.Getenv("SHARDCORE_JPS_COUNT_MODE") == "classic" {
		mode = pathbench.Classic
	}
	for _, sc := range scs {
		if sc.Name != name {
			continue
		}
		s, err := env.Searcher(mode)
		if err != nil {
			t.Fatal(err)
		}
		var res pathing.Result
		runtime.LockOSThread() // valgrind follows call stacks per thread: the counted loop stays on one
		runtime.GC()
		old := debug.SetGCPercent(-1) // no collection inside the counted loop
		pathsWarmLoop(s.Finder, &sc.Req, &res, 4)
		pathsCountLoop(s.Finder, &sc.Req, &res, n)
		debug.SetGCPercent(old)
		runtime.UnlockOSThread()
		t.Logf("%s %v: %d searches, cost %v exp %d lookups %v", name, mode, n, res.Cost, res.Expansions, res.Lookups)
	}
}

// pathsCountLoop runs req n times (not inlined: valgrind counts inside
// it).
//
//go:noinline
func pathsCountLoop(f pathing.Finder, r0 *pathing.Request, res *pathing.Result, n int) {
	pathsWarmLoop(f, r0, res, n)
}

// pathsWarmLoop runs req n times (outside pathsCountLoop: not counted).
//
//go:noinline
func pathsWarmLoop(f pathing.Finder, r0 *pathing.Request, res *pathing.Result, n int) {
	req := new(pathing.Request)
	for i := 0; i < n; i++ {
		*req = *r0
		f.Find(req, res)
	}
}
