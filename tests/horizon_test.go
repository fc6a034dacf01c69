package tests

import (
	"testing"

	"github.com/shardcore/shardcore/population"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/systems"
)

// TestMobileHorizonSearchesLess: a crowded population on the default
// world (2,100 mobiles), baked, with searches seeing every mobile and with
// a mobile horizon of 8 cells (systems.Options.MobileHorizon, the shard's
// default). With the horizon the searches expand fewer nodes (they no
// longer detour round, or fail against, mobiles that will have moved), the
// mobiles take about as many steps, and every step of both runs agrees
// with the live rules (the test's observer): the horizon changes plans,
// never what a step may do. (A sparse population does not gain: there the
// costly searches are players meeting on one-cell bridges, which fail
// cheaply when the search sees the mobiles at both ends and dearly when it
// sees only the near one; docs/performance.md, Searches.)
func TestMobileHorizonSearchesLess(t *testing.T) {
	pop := population.Options{Pets: 500, Patrols: 1500, Swimmers: 100, Seed: 5}
	run := func(horizon int) systems.Stats {
		cfg := stepcache.DefaultConfig()
		cfg.Seed = 1
		opts := systems.Options{Seed: 9, MaxSearchesPerTick: 40, MobileHorizon: horizon}
		sh := newShard(t, shardSetup{pop: pop, opts: opts, cache: &cfg})
		installAll(t, sh)
		sh.run(1000, nil)
		sh.check.verify(t)
		return sh.sim.Stats()
	}
	all, near := run(0), run(8)
	t.Logf("every mobile seen: %d searches, %d found, %d expansions, %d steps, %d blocked; horizon 8: %d, %d, %d, %d, %d",
		all.Searches, all.Found, all.Expansions, all.Steps, all.Blocked, near.Searches, near.Found, near.Expansions, near.Steps, near.Blocked)
	if 10*near.Expansions > 9*all.Expansions || all.Searches < 5000 {
		t.Fatalf("%d expansions with the horizon, %d without (%d searches): the horizon saved under 10%%", near.Expansions, all.Expansions, all.Searches)
	}
	if d := float64(near.Steps) / float64(all.Steps); d < 0.97 || d > 1.03 {
		t.Fatalf("%d steps with the horizon against %d without: the mobiles moved differently", near.Steps, all.Steps)
	}
}
