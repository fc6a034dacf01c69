package faults

import (
	"testing"
	"time"

	"github.com/shardcore/shardcore/server"
)

// TestTwoShardsShareACacheDir: two shards on one cache dir bake the same
// map at once: each writes its own temporary and renames it; each ends up
// serving a valid file (its own, then the other's once that replaced it),
// and no temporary is left.
func TestTwoShardsShareACacheDir(t *testing.T) {
	t.Parallel()
	cfg := testConfig(t.TempDir())
	a, beforeA := startOnSeed(t, cfg, server.Options{BakeWorkers: 1})
	b, beforeB := startServing(t, cfg, server.Options{BakeWorkers: 1})
	a.cmd("cache save")
	b.cmd("cache save")
	a.waitLog(`"message":"bake written"`, 1)
	b.waitLog(`"message":"bake written"`, 1)
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
