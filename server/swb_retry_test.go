package server

import (
	"context"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"testing/synctest"
	"time"

	"github.com/shardcore/shardcore/stepcache/swb"
)

// failOnceFS is the real file system whose disk is full for the first
// bake's write (after its first byte), then has room again.
type failOnceFS struct {
	swb.OSFS
	mu     *sync.Mutex
	failed *bool
}

type failOnceFile struct {
	swb.File
	fs failOnceFS
}

func (f failOnceFS) CreateTemp(dir, pattern string) (swb.File, error) {
	file, err := f.OSFS.CreateTemp(dir, pattern)
	if err != nil {
		return nil, err
	}
	return failOnceFile{file, f}, nil
}

func (f failOnceFile) Write(p []byte) (int, error) {
	f.fs.mu.Lock()
	defer f.fs.mu.Unlock()
	if !*f.fs.failed && len(p) > 1 {
		*f.fs.failed = true
		n, _ := f.File.Write(p[:1])
		return n, syscall.ENOSPC
	}
	return f.File.Write(p)
}

// TestFailedBakeIsRetried: a bake that fails (the disk full) is tried
// again after 30 s, without its temporary left behind, and attached when
// it succeeds; it used to be given up for good.
func TestFailedBakeIsRetried(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cfg := testConfig(t.TempDir())
		var failed bool
		s, logs := newTestServer(t, cfg, Options{BakeWorkers: 2, SWBFS: failOnceFS{mu: &sync.Mutex{}, failed: &failed}})
		ctx, cancel := context.WithCancel(t.Context())
		errc := make(chan error, 1)
		go func() { errc <- s.Run(ctx) }()
		if _, err := s.Command("cache save"); err != nil {
			t.Fatal(err)
		}
		t0 := time.Now()
		for logs.count("bake failed") == 0 {
			time.Sleep(8 * time.Millisecond)
		}
		if !strings.Contains(logs.String(), "no space left on device") || !strings.Contains(logs.String(), `"retry_in":30000`) {
			t.Fatalf("the failure does not say why or when it is retried:\n%s", logs)
		}
		if tmps, _ := filepath.Glob(filepath.Join(cfg.Pathfinding.CacheDir, ".map0.swb.tmp-*")); len(tmps) > 0 {
			t.Errorf("temporaries left by the failed bake: %v", tmps)
		}
		waitAttached(t, s, 1000000)
		if took := time.Since(t0); took < bakeRetryFirst || logs.count("retrying the failed bake") != 1 || logs.count(`"message":"bake written"`) != 1 {
			t.Errorf("retried after %v:\n%s", took, logs)
		}
		cancel()
		if err := <-errc; err != nil {
			t.Fatal(err)
		}
	})
}

// TestRefusedSWBRebakedWithoutPrebake: a .swb refused at boot (baked from
// other client files) is rebaked in the background though its map is not
// in prebakeMaps, as the README says; only a missing file waits for
// prebakeMaps.
func TestRefusedSWBRebakedWithoutPrebake(t *testing.T) {
	dir := t.TempDir()
	cfg := testConfig(dir)
	probe, _ := newTestServer(t, cfg, Options{})
	writeStaleSWB(t, filepath.Join(cfg.Pathfinding.CacheDir, "map0.swb"), probe.World())
	if err := probe.Close(); err != nil {
		t.Fatal(err)
	}
	s, logs := newTestServer(t, cfg, Options{})
	defer s.Close()
	if logs.count("swb refused") != 1 || !strings.Contains(logs.String(), "rebaking in the background") || len(s.bakes.pending) != 1 {
		t.Errorf("a refused file should be queued for a rebake (pending %v):\n%s", s.bakes.pending, logs)
	}
}
