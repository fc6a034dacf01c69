package pathbench

import (
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"

	"github.com/shardcore/shardcore/pathing"
)

// CountScenario runs the scenario of scs named name 4 times to warm up,
// then n times inside CountLoop, with mode's finder on env, for
// scripts/count-jps.sh to count the warm searches' instructions under
// valgrind (--toggle-collect on CountLoop). It returns the last search's
// result. n and mode come from CountSettings.
func CountScenario(env *Env, scs []Scenario, name string, mode Mode, n int) (pathing.Result, error) {
	var res pathing.Result
	for _, sc := range scs {
		if sc.Name != name {
			continue
		}
		s, err := env.Searcher(mode)
		if err != nil {
			return res, err
		}
		runtime.LockOSThread() // valgrind follows call stacks per thread: the counted loop stays on one
		runtime.GC()
		old := debug.SetGCPercent(-1) // no collection inside the counted loop
		warmLoop(s.Finder, &sc.Req, &res, 4)
		CountLoop(s.Finder, &sc.Req, &res, n)
		debug.SetGCPercent(old)
		runtime.UnlockOSThread()
		return res, nil
	}
	return res, fmt.Errorf("pathbench: no scenario %q", name)
}

// CountSettings are CountScenario's searches and finder as
// scripts/count-jps.sh sets them: SHARDCORE_JPS_COUNT_N (default 100) and
// SHARDCORE_JPS_COUNT_MODE=classic for the classic A* (default the jump
// search).
func CountSettings() (n int, mode Mode) {
	n, err := strconv.Atoi(os.Getenv("SHARDCORE_JPS_COUNT_N"))
	if err != nil || n < 1 {
		n = 100
	}
	mode = WarmJPS
	if os.Getenv("SHARDCORE_JPS_COUNT_MODE") == "classic" {
		mode = Classic
	}
	return n, mode
}

// CountLoop runs req n times with f (not inlined: valgrind counts inside
// it).
//
//go:noinline
func CountLoop(f pathing.Finder, r0 *pathing.Request, res *pathing.Result, n int) {
	warmLoop(f, r0, res, n)
}

// warmLoop runs req n times with f (outside CountLoop: not counted).
//
//go:noinline
func warmLoop(f pathing.Finder, r0 *pathing.Request, res *pathing.Result, n int) {
	req := new(pathing.Request)
	for i := 0; i < n; i++ {
		*req = *r0
		f.Find(req, res)
	}
}
