package tests

import (
	"cmp"
	"context"
	"fmt"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/population"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/systems"
)

// shardSetup describes a test shard on the default world.
type shardSetup struct {
	pop   population.Options
	opts  systems.Options
	cache *stepcache.Config // nil: classic A*, no cache
	// noPopulate: doors only, no mobiles (the test spawns its own).
	noPopulate bool
	// liveSteps: the movement system checks every step with the live rules
	// even with a cache (which then serves the searches only), a searched
	// path's steps too (systems.Options.CheckEveryStep).
	liveSteps bool
	// noObserver: no step re-check (a step observer keeps the movement
	// system's lanes on the Sim's goroutine).
	noObserver bool
	// search is the search the cache serves (systems.SearchCache when "").
	search string
}

// shard is a running test shard.
type shard struct {
	sim   *systems.Sim
	cache *stepcache.Cache
	pop   *population.Population
	check *checker
}

// newShard builds a Sim on the default world with the setup's population,
// a step checker installed, and (when asked) a step cache.
func newShard(t testing.TB, su shardSetup) *shard {
	t.Helper()
	w := defaultGen(t)
	sh := &shard{}
	opts := su.opts
	if su.cache != nil {
		c, err := stepcache.New(*su.cache, bake.Shared, movement.NewRules(w.Map, w.Tiles, nil))
		if err != nil {
			t.Fatalf("new cache: %v", err)
		}
		sh.cache = c
		opts.Backend = systems.NewCacheBackend(c, cmp.Or(su.search, systems.SearchCache))
	}
	if su.liveSteps {
		inner := opts.Backend
		if inner == nil {
			inner = systems.LiveBackend{}
		}
		opts.Backend = liveSteps{inner}
		opts.CheckEveryStep = true
	}
	sh.check = &checker{}
	if !su.noObserver {
		opts.Observer = sh.check
	}
	s, err := systems.NewSim(w.Map, w.Tiles, opts)
	if err != nil {
		t.Fatalf("new sim: %v", err)
	}
	sh.sim = s
	sh.check.rules = s.Rules().Clone()
	if su.noPopulate {
		su.pop = population.Options{Seed: su.pop.Seed}
	}
	pop, err := population.Populate(context.Background(), s, w.Landmarks, su.pop)
	if err != nil {
		t.Fatalf("populate: %v", err)
	}
	sh.pop = pop
	return sh
}

// checker re-checks every step the movement system takes with its own clone
// of the live rules (same world, same dynamics) before the world changes.
type checker struct {
	rules    *movement.Rules
	steps    int
	refused  int
	bad      []string
	onStep   func(ev *systems.StepEvent)
	executed map[uint64]int
}

// ObserveStep implements systems.StepObserver.
func (c *checker) ObserveStep(ev *systems.StepEvent) {
	nz, ok := c.rules.CheckMovement(ev.Mover, ev.FromX, ev.FromY, ev.FromZ, ev.Dir)
	if ok != ev.OK || (ok && nz != ev.NewZ) {
		if len(c.bad) < 10 {
			c.bad = append(c.bad, fmt.Sprintf("tick %d mobile %d: %v from (%d,%d,%d): system ok=%v z=%d, live ok=%v z=%d",
				ev.Tick, ev.MobileID, ev.Dir, ev.FromX, ev.FromY, ev.FromZ, ev.OK, ev.NewZ, ok, nz))
		}
	}
	if !ev.OK {
		c.refused++
		return
	}
	c.steps++
	if c.executed == nil {
		c.executed = map[uint64]int{}
	}
	c.executed[ev.MobileID]++
	if c.onStep != nil {
		c.onStep(ev)
	}
}

// verify fails the test on any step whose re-check disagreed.
func (c *checker) verify(t testing.TB) {
	t.Helper()
	if len(c.bad) > 0 {
		t.Fatalf("%d+ steps disagree with the live rules:\n%v", len(c.bad), c.bad)
	}
}

// run ticks n times.
func (sh *shard) run(n int, each func(tick int)) {
	for i := 0; i < n; i++ {
		sh.sim.Step()
		if each != nil {
			each(i)
		}
	}
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// liveSteps is a backend whose steps the live rules check, searches its
// inner backend's.
type liveSteps struct{ systems.Backend }

func (liveSteps) Stepper(r *movement.Rules) systems.Stepper       { return systems.LiveSteps{Rules: r} }
func (liveSteps) SharedStepper(r *movement.Rules) systems.Stepper { return systems.LiveSteps{Rules: r} }
