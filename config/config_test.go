package config

import (
	"strings"
	"testing"
	"time"
)

func TestDurations(t *testing.T) {
	c := Default()
	if got := c.Shard.Tick(); got != 8*time.Millisecond {
		t.Errorf("Tick = %v", got)
	}
	if got := c.Pathfinding.TickBudget(); got != 4*time.Millisecond {
		t.Errorf("TickBudget = %v", got)
	}
	c.Pathfinding.TickBudgetMs = 0.25
	if got := c.Pathfinding.TickBudget(); got != 250*time.Microsecond {
		t.Errorf("TickBudget(0.25) = %v", got)
	}
	if got := c.Pathfinding.MissPromotionWindow(); got != 30*time.Second {
		t.Errorf("MissPromotionWindow = %v", got)
	}
}

func TestDefaultsMatchTheSpec(t *testing.T) {
	d := Default()
	checks := []struct {
		key       string
		got, want any
	}{
		{"world.size", d.World.Size, "1024x1024"},
		{"world.maps", len(d.World.Maps) == 1 && d.World.Maps[0] == 0, true},
		{"pathfinding.enabled", d.Pathfinding.Enabled, true},
		{"pathfinding.maxResidentChunks", d.Pathfinding.MaxResidentChunks, 0},
		{"pathfinding.missPromotionThreshold", d.Pathfinding.MissPromotionThreshold, 2},
		{"pathfinding.missPromotionWindowMs", d.Pathfinding.MissPromotionWindowMs, 30000},
		{"pathfinding.missVisitMs", d.Pathfinding.MissVisitMs, 10000},
		{"pathfinding.prefetch", d.Pathfinding.Prefetch, true},
		{"pathfinding.prefetchTicks", d.Pathfinding.PrefetchTicks, 1250},
		{"pathfinding.prebakeMaps", d.Pathfinding.PrebakeMaps != nil && len(d.Pathfinding.PrebakeMaps) == 0, true},
		{"pathfinding.tickBudgetMs", d.Pathfinding.TickBudgetMs, 4.0},
		{"pathfinding.maxNodes", d.Pathfinding.MaxNodes, 20000},
		{"pathfinding.nodesPerTile", d.Pathfinding.NodesPerTile, 64},
		{"pathfinding.nodesBase", d.Pathfinding.NodesBase, 256},
		{"pathfinding.recorder.enable", d.Pathfinding.Recorder.Enable, false},
		{"pathfinding.recorder.maxBytes", d.Pathfinding.Recorder.MaxBytes, int64(256 << 20)},
		{"pathfinding.recorder.keep", d.Pathfinding.Recorder.Keep, 3},
		{"metrics.allowRemote", d.Metrics.AllowRemote, false},
		{"shard.tickMs", d.Shard.TickMs, 8},
		{"shard.sleepRadius", d.Shard.SleepRadius, 0},
		{"shard.moveWorkers", d.Shard.MoveWorkers, 0},
		{"shard.helperSpinUs", d.Shard.HelperSpinUs, 0},
		{"shard.hugePages", d.Shard.HugePages, true},
		{"shard.idle", d.Shard.Idle, "sleep"},
		{"shard.population", [3]int{d.Shard.Population.Pets, d.Shard.Population.Patrols, d.Shard.Population.Swimmers}, [3]int{100, 100, 20}},
		{"log", d.Log, Log{Level: "info", Format: "auto"}},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("default %s = %v, want %v", c.key, c.got, c.want)
		}
	}
}

func TestLocatorQuotedAndTableKeys(t *testing.T) {
	src := "# top\n\"world\" . 'sede' = 1\n[ \"pathfinding\".recorder ]\npath = \"a # b\" # c\nx = \"\"\"\ny = 1\n\"\"\"\n"
	idx := indexKeys(src)
	for key, line := range map[string]int{
		"world\x00sede": 2, "pathfinding\x00recorder": 3,
		"pathfinding\x00recorder\x00path": 4, "pathfinding\x00recorder\x00x": 5,
	} {
		if p, ok := idx[key]; !ok || p.line != line {
			t.Errorf("key %q at %+v (found %v), want line %d", key, p, ok, line)
		}
	}
	if _, ok := idx["pathfinding\x00recorder\x00y"]; ok {
		t.Error("a line inside a multi-line string was taken for a key")
	}
}

// TestPopulationMustFitTheWorld: a population with more mobiles than the
// generated world has cells is refused, naming how many would fit; the same
// population on client files (no generated population) or a world big
// enough passes.
func TestPopulationMustFitTheWorld(t *testing.T) {
	c := Default()
	c.Shard.Population.Pets = 1_000_000 // 2,000,120 mobiles on 1024x1024 = 1,048,576 cells
	err := c.Validate()
	if err == nil {
		t.Fatal("a million pairs on a 1024x1024 world passed validation")
	}
	for _, want := range []string{"shard.population", "2000120 mobiles", "1048576 cells", "at most 1048576 mobiles", "pets = 524228"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
	c.World.Size = "7168x4096"
	if err := c.Validate(); err != nil {
		t.Errorf("the same population on 7168x4096: %v", err)
	}
	c.World.Size, c.World.DataDir = "1024x1024", "/uo"
	if err := c.Validate(); err != nil {
		t.Errorf("the same population on client files: %v", err)
	}
	c.World.DataDir, c.World.Profile = "", ProfileBritannia // maps at their facets' sizes, not world.size
	if err := c.Validate(); err != nil {
		t.Errorf("the same population on a generated britannia world: %v", err)
	}
}
