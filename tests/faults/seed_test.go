package faults

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/shardcore/shardcore/config"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/swb"
)

var (
	seedOnce sync.Once
	seedDir  string
	seedErr  string
)

// TestMain removes the baked seed files the tests share.
func TestMain(m *testing.M) {
	code := m.Run()
	if seedDir != "" {
		_ = os.RemoveAll(seedDir)
	}
	os.Exit(code)
}

// seedSWB returns a valid .swb for testConfig's world, baked once per test
// binary (every chunk; one in four, spread over the map, under the race
// detector) and copied to path.
func seedSWB(t *testing.T, cfg config.Config, path string) {
	t.Helper()
	seedOnce.Do(func() {
		dir, err := os.MkdirTemp("", "faults-seed-")
		if err != nil {
			seedErr = err.Error()
			return
		}
		seedDir = dir
		sc := testConfig(dir)
		w, _ := world(t, sc)
		var keep func(cx, cy int) bool // every chunk
		if raceEnabled {
			keep = everyNth(4)
		}
		bakeSome(t, w, filepath.Join(dir, "map0.swb"), keep, 0, w.Fingerprint)
	})
	if seedErr != "" {
		t.Fatal(seedErr)
	}
	b, err := os.ReadFile(filepath.Join(seedDir, "map0.swb"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// rewrite writes the chunks of src that keep selects into a new file at
// dst (by rename) with the given map id and fingerprint: another bake of
// the same world (other records at other offsets), or another map's or
// another world's file, without baking again.
func rewrite(t *testing.T, src, dst string, keep func(cx, cy int) bool, mapID uint32, fp uint64) {
	t.Helper()
	r, err := swb.Open(src, swb.Expect{AnyIdentity: true})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	h := r.Header()
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		t.Fatal(err)
	}
	hdr := swb.Header{MapID: mapID, WidthChunks: h.WidthChunks, HeightChunks: h.HeightChunks, Fingerprint: fp, BakeTime: time.Now()}
	_, err = swb.Write(context.Background(), dst, hdr, func(cx, cy int) (*chunk.Chunk, error) {
		if !keep(cx, cy) {
			return nil, nil
		}
		c, _, err := r.ReadChunk(cx, cy)
		return c, err
	})
	if err != nil {
		t.Fatal(err)
	}
}

func all(int, int) bool { return true }
