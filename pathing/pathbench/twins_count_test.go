package pathbench_test

import (
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"testing"

	"github.com/shardcore/shardcore/pathing"
	"github.com/shardcore/shardcore/pathing/pathbench"
)

// TestJPSCountTwins runs one Britannia twin (SHARDCORE_JPS_COUNT_TWIN="forest
// walk", say) of the folder SHARDCORE_BENCH_BRITANNIA names 4 times to warm
// up, then N times (SHARDCORE_JPS_COUNT_N, default 100) inside
// twinsCountLoop, with the jump search or (SHARDCORE_JPS_COUNT_MODE=classic)
// the classic A*, for scripts/count-jps.sh to count the warm searches'
// instructions under valgrind. It checks nothing; it is skipped unless the
// variable is set.
func TestJPSCountTwins(t *testing.T) {
	name := os.Getenv("SHARDCORE_JPS_COUNT_TWIN")
	if name == "" {
		t.Skip("set SHARDCORE_JPS_COUNT_TWIN to a twin's name (scripts/count-jps.sh)")
	}
	env, feats := twinEnv(t)
	scs, err := pathbench.BritanniaScenarios(env, feats)
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
		runtime.LockOSThread()
		runtime.GC()
		old := debug.SetGCPercent(-1)
		twinsLoop(s.Finder, &sc.Req, &res, 4)
		twinsCountLoop(s.Finder, &sc.Req, &res, n)
		debug.SetGCPercent(old)
		runtime.UnlockOSThread()
		t.Logf("%s %v: %d searches, cost %v exp %d lookups %v", name, mode, n, res.Cost, res.Expansions, res.Lookups)
	}
}

//go:noinline
func twinsCountLoop(f pathing.Finder, r0 *pathing.Request, res *pathing.Result, n int) {
	twinsLoop(f, r0, res, n)
}

//go:noinline
func twinsLoop(f pathing.Finder, r0 *pathing.Request, res *pathing.Result, n int) {
	req := new(pathing.Request)
	for i := 0; i < n; i++ {
		*req = *r0
		f.Find(req, res)
	}
}
