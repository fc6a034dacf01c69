package cluster_test

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/shardcore/shardcore/cluster/clustertest"
	"github.com/shardcore/shardcore/config"
)

// Environment of TestHandoverScale (scripts/cluster-100k.sh sets them).
const (
	envScaleBrit = "SHARDCORE_CLUSTER_SCALE_BRIT" // a britannia folder (shard gen-world --profile britannia)
	envScaleSWB  = "SHARDCORE_CLUSTER_SCALE_SWB"  // its map 0 baked (optional: cold without)
	envScaleSecs = "SHARDCORE_CLUSTER_SCALE_SECONDS"
	envScaleLead = "SHARDCORE_CLUSTER_SCALE_LEADERS" // leaders per station (default 6; 0: no handovers, the baseline)
)

// TestHandoverScale is the tick with handovers running at scale: process
// 0 runs Britannia map 0 at its full size with 100,000 mobiles (the
// README's population), process 1 runs map 1; leaders with their pets
// cross both ways through twelve stations of each map for a while (60 s
// unless SHARDCORE_CLUSTER_SCALE_SECONDS says otherwise), then the run
// is counted as the other handover tests count theirs, and each process's
// summary line (p50, p99, transfers) is logged. It runs only when
// SHARDCORE_CLUSTER_SCALE_BRIT names a britannia folder.
func TestHandoverScale(t *testing.T) {
	brit := os.Getenv(envScaleBrit)
	if brit == "" {
		t.Skip(envScaleBrit + " names no britannia folder (scripts/cluster-100k.sh)")
	}
	secs, leaders := envInt(t, envScaleSecs, 60), envInt(t, envScaleLead, leadersPerSt)
	plan := clustertest.Plan{DataDir: brit, Processes: [][]int{{0}, {1}}, Stations: stationsPerMap, SaveEveryS: 60, HugePages: true,
		Population:  config.Population{Pets: 100, Patrols: 100, Swimmers: 20, Seed: 1},
		Populations: map[int]config.Population{0: {Pets: 25000, Patrols: 40000, Swimmers: 10000, Seed: 1}}}
	r := newRunPlan(t, plan, leaders, func(paths []string) {
		swb := os.Getenv(envScaleSWB)
		if swb == "" {
			return
		}
		cfg, err := config.Load(paths[0])
		if err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(swb)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(cfg.Pathfinding.CacheDir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(cfg.Pathfinding.CacheDir, "map0.swb"), b, 0o644); err != nil {
			t.Fatal(err)
		}
	})
	start := r.crossed()
	time.Sleep(time.Duration(secs) * time.Second)
	t.Logf("%d arrivals in %d s", r.crossed()-start, secs)
	r.finish()
	for _, p := range r.procs {
		t.Logf("%s: %s", p.Name, p.Summary())
	}
}

// envInt is the number in environment variable name (def when unset).
func envInt(t *testing.T, name string, def int) int {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return n
}
