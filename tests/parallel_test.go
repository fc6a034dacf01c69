package tests

import (
	"runtime"
	"testing"
	"time"

	"github.com/shardcore/shardcore/population"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/systems"
)

// TestParallelSearchesMatchSequential: the same run with path requests
// served by four search workers at once (the step cache read through their
// views) and by the Sim's goroutine alone ends in the same state after the
// same searches and steps, cold (chunks built as the gate promotes them)
// and baked. A frozen clock and an unbounded time budget serve every
// request every tick in both, so only the workers differ. Run it with
// -race: the workers share the world, the spatial index and the cache.
func TestParallelSearchesMatchSequential(t *testing.T) {
	parallelMatchesSequential(t, systems.SearchCache, true, 0)
}

// TestParallelJumpSearchesMatchSequential is TestParallelSearchesMatchSequential
// with the jump search (pathfinding.search = "jps"): each worker's through
// its own view, canonical maps computed by the views; baked only. Cold, a
// chunk the Sim's goroutine builds in the middle of a search (no build
// workers here) changes the canonical maps the rest of its searches see,
// while the workers' views see it only after the stage: the jump points
// differ, so an equally short path may be another (measured: same searches,
// found and steps, another end state).
func TestParallelJumpSearchesMatchSequential(t *testing.T) {
	parallelMatchesSequential(t, systems.SearchJPS, false, 0)
}

// TestParallelSearchesWithHorizonMatchSequential is
// TestParallelSearchesMatchSequential with a mobile horizon
// (systems.Options.MobileHorizon), for both searches, baked: each worker's
// view is centred on the start of each search it runs.
func TestParallelSearchesWithHorizonMatchSequential(t *testing.T) {
	for _, search := range []string{systems.SearchCache, systems.SearchJPS} {
		t.Run(search, func(t *testing.T) { parallelMatchesSequential(t, search, false, 8) })
	}
}

// parallelMatchesSequential runs the comparison with the search search and
// mobile horizon horizon, baked and, with cold, cold too.
func parallelMatchesSequential(t *testing.T, search string, cold bool, horizon int) {
	pop := population.Options{Pets: 80, Patrols: 80, Swimmers: 20, Seed: 9}
	run := func(baked bool, workers int) (uint64, systems.Stats, stepcache.Stats) {
		cfg := stepcache.DefaultConfig()
		cfg.Seed = 1
		opts := systems.Options{Seed: 9, SearchWorkers: workers, TickBudget: time.Hour,
			Clock: func() time.Duration { return 0 }, MobileHorizon: horizon}
		sh := newShard(t, shardSetup{pop: pop, opts: opts, cache: &cfg, search: search})
		if baked {
			installAll(t, sh)
		}
		sh.run(600, nil)
		sh.check.verify(t)
		return sh.sim.PositionsHash(), sh.sim.Stats(), sh.cache.Stats()
	}
	for _, baked := range []bool{false, true} {
		if !baked && !cold {
			continue
		}
		h1, s1, c1 := run(baked, 1)
		h4, s4, c4 := run(baked, 4)
		t.Logf("baked %v: sequential %d searches %d steps hit ratio %.3f built %d; parallel %d searches %d steps hit ratio %.3f built %d",
			baked, s1.Searches, s1.Steps, c1.HitRatio(), c1.Built, s4.Searches, s4.Steps, c4.HitRatio(), c4.Built)
		if h1 != h4 || s1.Searches != s4.Searches || s1.Found != s4.Found || s1.Steps != s4.Steps || s1.Expansions != s4.Expansions {
			t.Fatalf("baked %v: sequential %x (%d searches, %d found, %d steps, %d expansions), parallel %x (%d, %d, %d, %d)",
				baked, h1, s1.Searches, s1.Found, s1.Steps, s1.Expansions, h4, s4.Searches, s4.Found, s4.Steps, s4.Expansions)
		}
		if s1.Searches < 500 || c4.Lookups() == 0 || (!baked && c4.Built == 0) {
			t.Fatalf("baked %v: %d searches, %d lookups merged, %d built: the run did not exercise the workers' views", baked, s1.Searches, c4.Lookups(), c4.Built)
		}
	}
}

// TestParallelMovesMatchSequential: the same run with the movement
// system's west and east lanes stepped at once (two move workers, each
// through its own view of the step cache) and one after the other ends in
// the same state after the same steps and searches, cold and baked; and so
// does a run on one core, where the east lane's helper seldom starts before
// the Sim's goroutine is done with the west lane and takes the east one
// too. Run it with -race: the lanes share the world, the spatial index and
// the cache.
func TestParallelMovesMatchSequential(t *testing.T) {
	pop := population.Options{Pets: 150, Patrols: 150, Swimmers: 30, Seed: 5}
	run := func(baked bool, workers int) (uint64, systems.Stats) {
		cfg := stepcache.DefaultConfig()
		cfg.Seed = 1
		opts := systems.Options{Seed: 5, SearchWorkers: 1, MoveWorkers: workers, MaxSearchesPerTick: 64, FollowDirect: true}
		sh := newShard(t, shardSetup{pop: pop, opts: opts, cache: &cfg, noObserver: true})
		if baked {
			installAll(t, sh)
		}
		sh.run(1500, nil)
		return sh.sim.PositionsHash(), sh.sim.Stats()
	}
	for _, baked := range []bool{false, true} {
		h1, s1 := run(baked, 1)
		h2, s2 := run(baked, 2)
		t.Logf("baked %v: one worker %d steps %d blocked %d searches; two %d steps %d blocked %d searches, %d ticks stepped their lanes at once",
			baked, s1.Steps, s1.Blocked, s1.Searches, s2.Steps, s2.Blocked, s2.Searches, s2.MoveStages)
		if h1 != h2 || s1.Steps != s2.Steps || s1.Blocked != s2.Blocked || s1.Searches != s2.Searches || s1.Expansions != s2.Expansions {
			t.Fatalf("baked %v: one worker %x (%d steps, %d blocked, %d searches, %d expansions), two %x (%d, %d, %d, %d)",
				baked, h1, s1.Steps, s1.Blocked, s1.Searches, s1.Expansions, h2, s2.Steps, s2.Blocked, s2.Searches, s2.Expansions)
		}
		if s1.MoveStages != 0 || s2.MoveStages < 300 || s2.Steps < 10000 {
			t.Fatalf("baked %v: lanes stepped at once in %d and %d ticks, %d steps: the run did not exercise the lanes", baked, s1.MoveStages, s2.MoveStages, s2.Steps)
		}
		procs := runtime.GOMAXPROCS(1)
		h3, s3 := run(baked, 2)
		runtime.GOMAXPROCS(procs)
		t.Logf("baked %v: on one core the Sim's goroutine stepped the east lane too in %d of %d stages (on two: %d)", baked, s3.MoveStagesAlone, s3.MoveStages, s2.MoveStagesAlone)
		if h3 != h1 || s3.Steps != s1.Steps || s3.Blocked != s1.Blocked || s3.Searches != s1.Searches || s3.Expansions != s1.Expansions {
			t.Fatalf("baked %v: one worker %x, two on one core %x (%d steps, %d blocked, %d searches, %d expansions)",
				baked, h1, h3, s3.Steps, s3.Blocked, s3.Searches, s3.Expansions)
		}
		if s3.MoveStagesAlone < s3.MoveStages/2 {
			t.Fatalf("baked %v: on one core the Sim's goroutine took the east lane in %d of %d stages: the run did not exercise it", baked, s3.MoveStagesAlone, s3.MoveStages)
		}
	}
}
