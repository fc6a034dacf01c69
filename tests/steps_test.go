package tests

import (
	"context"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/population"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/systems"
)

// TestCacheStepsReplayLiveSteps: the same run (a mixed population under a
// deterministic search budget) with the movement system's steps checked by
// the step cache plus the dynamic pass, and again with every step checked
// by the live rules, ends in the same state (hash of every mobile's
// position) after the same steps, baked (every chunk resident) and cold
// (chunks built as the admission gate promotes them, a resident cap small
// enough to evict). The baked cache run answers most steps from the cache,
// the cold one those where the searches had chunks built; in both, most of
// a searched path's steps go on the search's word (StepsTrusted), which
// the live runs do not take. Every step of all four runs is re-checked live
// by the test's observer.
func TestCacheStepsReplayLiveSteps(t *testing.T) {
	pop := population.Options{Pets: 120, Patrols: 120, Swimmers: 30, Seed: 5}
	run := func(baked, live bool) (hash uint64, st systems.Stats) {
		cfg := stepcache.DefaultConfig()
		cfg.Seed = 1
		if !baked {
			cfg.MaxResidentChunks = 48
		}
		opts := systems.Options{Seed: 5, MaxSearchesPerTick: 12}
		sh := newShard(t, shardSetup{pop: pop, opts: opts, cache: &cfg, liveSteps: live})
		if baked {
			installAll(t, sh)
		}
		sh.run(1500, nil)
		sh.check.verify(t)
		return sh.sim.PositionsHash(), sh.sim.Stats()
	}
	for _, baked := range []bool{true, false} {
		hc, sc := run(baked, false)
		hl, sl := run(baked, true)
		t.Logf("baked %v: cache steps %d (live %d, trusted %d, blocked %d) hash %x; live steps %d (blocked %d) hash %x",
			baked, sc.Steps, sc.StepsLive, sc.StepsTrusted, sc.Blocked, hc, sl.Steps, sl.Blocked, hl)
		if hc != hl || sc.Steps != sl.Steps || sc.Blocked != sl.Blocked {
			t.Fatalf("baked %v: cache steps end in %x after %d steps (%d blocked), live steps in %x after %d (%d blocked)",
				baked, hc, sc.Steps, sc.Blocked, hl, sl.Steps, sl.Blocked)
		}
		if sl.StepsLive != sl.Steps+sl.Blocked || sl.StepsTrusted != 0 {
			t.Fatalf("live run: %d of %d steps checked live, %d trusted", sl.StepsLive, sl.Steps+sl.Blocked, sl.StepsTrusted)
		}
		if 2*sc.StepsTrusted < sc.Steps {
			t.Fatalf("baked %v cache run: %d of %d steps on a search's word: searched paths not trusted", baked, sc.StepsTrusted, sc.Steps)
		}
		checked := sc.Steps + sc.Blocked
		if sc.Steps < 10000 || (baked && 2*sc.StepsLive > checked-sc.StepsTrusted) || sc.StepsLive >= checked {
			t.Fatalf("baked %v cache run: %d steps, %d of %d checked live: the cache did not answer its share", baked, sc.Steps, sc.StepsLive, checked)
		}
	}
}

// installAll makes every chunk of the shard's map resident, as a .swb would.
func installAll(t testing.TB, sh *shard) {
	t.Helper()
	m := sh.sim.Map()
	chunks, err := bake.BuildMap(context.Background(), movement.NewRules(m, sh.sim.Tiles(), nil), 0, nil)
	if err != nil {
		t.Fatalf("bake: %v", err)
	}
	wide, _ := chunk.Grid(m.Width, m.Height)
	for i, ch := range chunks {
		if err := sh.cache.Install(m.ID, i%wide, i/wide, ch); err != nil {
			t.Fatalf("install: %v", err)
		}
	}
}
