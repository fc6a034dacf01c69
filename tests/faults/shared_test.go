package faults

import (
	"testing"
	"time"

	"github.com/shardcore/shardcore/server"
)

// TestTwoShardsShareACacheDir: two shards on one cache dir asked to bake
// the same map at once take turns (the bake's lock file): the first writes
// its temporary and renames it; the second, once it holds the lock, finds
// that valid new file and attaches it instead of baking the map again (or,
// had the first been done before it asked, bakes its own). Each ends up
// serving a valid file, and no temporary is left.
func TestTwoShardsShareACacheDir(t *testing.T) {
	t.Parallel()
	cfg := testConfig(t.TempDir())
	a, beforeA := startOnSeed(t, cfg, server.Options{BakeWorkers: 1})
	b, beforeB := startServing(t, cfg, server.Options{BakeWorkers: 1})
	a.cmd("cache save")
	b.cmd("cache save")
	done := func(h *shard) int {
		return h.logs.count(`"message":"bake written"`) + h.logs.count(`"message":"bake skipped`)
	}
	a.until(func(stats) bool { return done(a) == 1 && done(b) == 1 }, "both bakes done")
	if n := a.logs.count(`"message":"bake written"`) + b.logs.count(`"message":"bake written"`); n < 1 {
		t.Fatalf("no shard wrote a file:\n%s\n%s", a.logs, b.logs)
	}
	a.churn(1500 * time.Millisecond) // past a check and a settle period
	stA, stB := a.checkTicking(beforeA), b.checkTicking(beforeB)
	if !stA.attached || !stB.attached {
		t.Fatalf("both shards should serve a file: %+v %+v\n%s\n%s", stA, stB, a.logs, b.logs)
	}
	for _, h := range []*shard{a, b} {
		if h.logs.count("refused") != 0 || h.logs.count("bake failed") != 0 {
			t.Errorf("a shard refused or failed:\n%s", h.logs)
		}
	}
	t.Logf("reopened the other's file: %d, %d", a.logs.count("reopened the new file"), b.logs.count("reopened the new file"))
	a.stop()
	b.stop()
	_, want := world(t, cfg)
	if !checkFile(t, swbPath(cfg), want) {
		t.Fatal("no file")
	}
}
