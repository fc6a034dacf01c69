package pathing_test

import (
	"os"
	"testing"

	"github.com/shardcore/shardcore/pathing/pathbench"
)

// TestJPSCountPaths runs one of `shard bench paths`'s default-world
// scenarios (SHARDCORE_JPS_COUNT_PATHS="pet 2-tile", say) through
// pathbench.CountScenario, for scripts/count-jps.sh to count the warm
// searches' instructions under valgrind. It checks nothing; it is skipped
// unless the variable is set.
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
	n, mode := pathbench.CountSettings()
	res, err := pathbench.CountScenario(env, scs, name, mode, n)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s %v: %d searches, cost %v exp %d lookups %v", name, mode, n, res.Cost, res.Expansions, res.Lookups)
}
