package server

import (
	"testing"

	"github.com/shardcore/shardcore/config"
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/systems"
)

// TestDefaultsHaveOneHome: a shard of config.Default() runs its maps with
// the simulation's and the step cache's own defaults (package config is
// their one home), so a test of a package's defaults tests what `shard run`
// runs.
func TestDefaultsHaveOneHome(t *testing.T) {
	cfg := config.Default()
	cfg.World.Size = "512x512"
	cfg.Pathfinding.CacheDir = t.TempDir()
	cfg.Shard.Population = config.Population{Seed: 1}
	s, _ := newTestServer(t, cfg, Options{})
	defer s.Close()
	got, want := s.main.sim.Options(), systems.DefaultOptions()
	for _, f := range []struct {
		name      string
		got, want any
	}{
		{"TickMs", got.TickMs, want.TickMs},
		{"TickBudget", got.TickBudget, want.TickBudget},
		{"MaxNodes", got.MaxNodes, want.MaxNodes},
		{"NodesPerTile", got.NodesPerTile, want.NodesPerTile},
		{"NodesBase", got.NodesBase, want.NodesBase},
		{"RepathMinMs", got.RepathMinMs, want.RepathMinMs},
		{"RepathMaxMs", got.RepathMaxMs, want.RepathMaxMs},
		{"DoorOpenMs", got.DoorOpenMs, want.DoorOpenMs},
		{"SleepRadius", got.SleepRadius, want.SleepRadius},
		{"MaxSearchesPerTick", got.MaxSearchesPerTick, want.MaxSearchesPerTick},
	} {
		if f.got != f.want {
			t.Errorf("systems.Options.%s: shard run's default %v, the package's %v", f.name, f.got, f.want)
		}
	}
	pkg, err := stepcache.New(stepcache.DefaultConfig(), bake.Shared, movement.NewRules(s.main.w.Map, s.main.w.Tiles, nil))
	if err != nil {
		t.Fatal(err)
	}
	defer pkg.Close()
	run, def := s.main.cache.Config(), pkg.Config()
	for _, f := range []struct {
		name      string
		got, want any
	}{
		{"Enabled", run.Enabled, def.Enabled},
		{"MaxResidentChunks", run.MaxResidentChunks, def.MaxResidentChunks},
		{"MissPromotionThreshold", run.MissPromotionThreshold, def.MissPromotionThreshold},
		{"MissPromotionWindowMs", run.MissPromotionWindowMs, def.MissPromotionWindowMs},
		{"MissVisitMs", run.MissVisitMs, def.MissVisitMs},
		{"VerifyShare", run.VerifyShare, def.VerifyShare},
	} {
		if f.got != f.want {
			t.Errorf("stepcache.Config.%s: shard run's default %v, the package's %v", f.name, f.got, f.want)
		}
	}
}
