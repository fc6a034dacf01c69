package pathbench_test

import (
	"os"
	"testing"

	"github.com/shardcore/shardcore/pathing/pathbench"
)

// TestJPSCountTwins runs one Britannia twin (SHARDCORE_JPS_COUNT_TWIN="forest
// walk", say) of the folder SHARDCORE_BENCH_BRITANNIA names through
// pathbench.CountScenario, for scripts/count-jps.sh to count the warm
// searches' instructions under valgrind. It checks nothing; it is skipped
// unless the variable is set.
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
	n, mode := pathbench.CountSettings()
	res, err := pathbench.CountScenario(env, scs, name, mode, n)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s %v: %d searches, cost %v exp %d lookups %v", name, mode, n, res.Cost, res.Expansions, res.Lookups)
}
