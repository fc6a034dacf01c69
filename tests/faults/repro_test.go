package faults

import (
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/shardcore/shardcore/config"
	"github.com/shardcore/shardcore/server"
)

// TestCpOverOpenSWBDefaultWorld reproduces a copy over an open file: a shard on the
// default world (1024×1024, prebakeMaps = [0]) serving from cache/map0.swb
// while another bake of the same world is copied over that file in place,
// again and again, as cp does (truncate the inode, write), while the shard
// keeps dropping its resident chunks so that it reads the file throughout.
// A reader that reads the mapping unguarded dies of SIGBUS here. The shard must keep ticking, serve
// no answer that differs from the live rules, reopen the new file once the
// copying stops, and leave a valid file.
func TestCpOverOpenSWBDefaultWorld(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cfg := config.Default()
	cfg.Pathfinding.CacheDir = filepath.Join(dir, "cache")
	cfg.Pathfinding.PrebakeMaps = []int{0}
	cfg.Pathfinding.VerifyShare = 1
	cfg.Shard.TickMs, cfg.Pathfinding.TickBudgetMs = 50, 50 // see testConfig
	cfg.Pathfinding.Recorder.Path = filepath.Join(dir, "rec", "paths.jsonl")
	cfg.Log.Format = "json"
	w, want := world(t, cfg)
	n := 4 // one chunk in 4 (1,024), spread over the map: still the default world's file
	if raceEnabled {
		n = 16
	}
	bakeSome(t, w, swbPath(cfg), everyNth(n), 0, w.Fingerprint)
	other := filepath.Join(dir, "other", "map0.swb")
	rewrite(t, swbPath(cfg), other, func(cx, _ int) bool { return cx%2 == 0 }, 0, w.Fingerprint)
	h, before := startServing(t, cfg, server.Options{})

	var wg sync.WaitGroup
	stopCopying := make(chan struct{})
	copies, copyErr := 0, error(nil)
	wg.Add(1)
	go func() {
		defer wg.Done()
		for copyErr == nil {
			select {
			case <-stopCopying:
				return
			default:
				copyErr = cpInPlace(other, swbPath(cfg))
				copies++
			}
		}
	}()
	h.churn(time.Second)
	close(stopCopying)
	wg.Wait()
	if copyErr != nil {
		t.Fatal(copyErr)
	}
	copyInPlace(t, other, swbPath(cfg))
	h.waitLog("reopened the new file", 1)
	st := h.checkTicking(before)
	if !st.attached || h.logs.count("bake started") != 0 {
		t.Fatalf("the copied file should be reopened, no rebake: %+v\n%s", st, h.logs)
	}
	t.Logf("%d copies over the open file; reads that failed meanwhile: %d; %d reopen(s)", copies, st.corrupt, h.logs.count("reopened the new file"))
	h.stop()
	if !checkFile(t, swbPath(cfg), want) {
		t.Fatal("file gone")
	}
}
