package server

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/swb"
	"github.com/shardcore/shardcore/world/source"
)

// writeStaleSWB writes a .swb for map 0 holding only chunk (0,0), with a
// wrong fingerprint.
func writeStaleSWB(t *testing.T, path string, w *source.World) {
	t.Helper()
	ch := bake.BuildChunk(movement.NewRules(w.Map, w.Tiles, nil), 0, 0)
	wide, high := chunk.Grid(w.Map.Width, w.Map.Height)
	hdr := swb.Header{MapID: 0, WidthChunks: wide, HeightChunks: high, Fingerprint: w.Fingerprint ^ 0xBAD, BakeTime: time.Unix(0, 0)}
	if _, err := swb.Write(context.Background(), path, hdr, swb.SliceChunks([]*chunk.Chunk{ch}, wide)); err != nil {
		t.Fatal(err)
	}
}

// waitAttached polls (one tick of fake time apart) until map 0's .swb is
// attached; tries bounds it.
func waitAttached(t *testing.T, s *Server, tries int) {
	t.Helper()
	for range tries {
		out, err := s.Command("cache stats")
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(out, "(attached)") {
			return
		}
		time.Sleep(8 * time.Millisecond)
	}
	t.Fatalf("map 0's .swb never got attached")
}

// TestStaleSWBRefusedOnceThenRebaked: a .swb baked from other client files
// is refused with one log line naming the reason, rebaked in the background
// (prebakeMaps), and the new file attached on the tick goroutine.
func TestStaleSWBRefusedOnceThenRebaked(t *testing.T) {
	dir := t.TempDir()
	cfg := testConfig(dir)
	cfg.Pathfinding.PrebakeMaps = []int{0}
	// Load the world once to learn its fingerprint and plant a stale file.
	probe, _ := newTestServer(t, testConfig(dir), Options{})
	path := filepath.Join(cfg.Pathfinding.CacheDir, "map0.swb")
	writeStaleSWB(t, path, probe.World())
	if err := probe.Close(); err != nil {
		t.Fatal(err)
	}
	synctest.Test(t, func(t *testing.T) {
		s, logs := newTestServer(t, cfg, Options{BakeWorkers: 2})
		if n := logs.count("swb refused"); n != 1 {
			t.Fatalf("%d refusal lines, want 1:\n%s", n, logs)
		}
		if !strings.Contains(logs.String(), "stale fingerprint") {
			t.Errorf("refusal does not name the reason:\n%s", logs)
		}
		ctx, cancel := context.WithCancel(t.Context())
		errc := make(chan error, 1)
		go func() { errc <- s.Run(ctx) }()
		waitAttached(t, s, 1000000)
		// cache save bakes again on the running shard and reattaches.
		if out, err := s.Command("cache save"); err != nil || !strings.Contains(out, "in the background") {
			t.Fatalf("cache save = %q, %v", out, err)
		}
		for i := 0; logs.count(`"message":"bake written"`) < 2; i++ {
			if i > 1000000 {
				t.Fatal("cache save never finished")
			}
			time.Sleep(8 * time.Millisecond)
		}
		if _, err := s.Command("cache stats"); err != nil { // one more tick
			t.Fatal(err)
		}
		cancel()
		if err := <-errc; err != nil {
			t.Fatal(err)
		}
		if logs.count("swb refused") != 1 || logs.count(`"message":"bake written"`) != 2 || logs.count(`"message":"swb opened"`) != 2 {
			t.Errorf("want one refusal, two bakes (prebake, cache save), two opens:\n%s", logs)
		}
	})
	wide, high := chunk.Grid(512, 512)
	r, err := swb.Open(path, swb.Expect{MapID: 0, Fingerprint: probe.World().Fingerprint, WidthChunks: wide, HeightChunks: high})
	if err != nil {
		t.Fatalf("rebaked file: %v", err)
	}
	defer r.Close()
	if r.Header().ChunkCount != wide*high {
		t.Errorf("rebaked file has %d chunks, want %d", r.Header().ChunkCount, wide*high)
	}
	// A fresh boot opens it without a refusal or a bake, and the static
	// connectivity the bake wrote beside it.
	s, logs := newTestServer(t, cfg, Options{})
	defer s.Close()
	if logs.count("swb refused") != 0 || logs.count(`"message":"swb opened"`) != 1 || len(s.bakes.pending) != 0 {
		t.Errorf("second boot should open the rebaked file:\n%s", logs)
	}
	if logs.count("static connectivity loaded") != 1 || s.maps[0].cache.Reach(0) == nil {
		t.Errorf("second boot should load the static connectivity baked beside the file:\n%s", logs)
	}
}

// bakeWithoutTicking boots a server on the default world with no .swb,
// bakes map 0 in the background and returns the bake's result, not yet
// handed to the map (the server is closed when the test ends).
func bakeWithoutTicking(t *testing.T) (*Server, *syncBuf, bakeResult) {
	t.Helper()
	s, logs := newTestServer(t, testConfig(t.TempDir()), Options{BakeWorkers: 2})
	t.Cleanup(func() { _ = s.Close() })
	if s.maps[0].reader != nil || !s.startBake(0) {
		t.Fatalf("want no .swb at boot and a bake started:\n%s", logs)
	}
	r := <-s.bakes.ch
	if r.err != nil {
		t.Fatal(r.err)
	}
	return s, logs, r
}

// TestBakeOpensItsFileOffTheTick: a finished bake hands its map the file
// already opened, with the static connectivity read beside it, by the
// bake's own goroutine; the map's goroutine only attaches them (reading
// Britannia map 0's connectivity takes tens of ms, a tick's worth).
func TestBakeOpensItsFileOffTheTick(t *testing.T) {
	s, logs, r := bakeWithoutTicking(t)
	me := s.maps[0]
	if r.file.err != nil || r.file.r == nil || r.file.reach == nil || r.file.reachErr != nil {
		t.Fatalf("bake result without its file opened: reader %v (%v), reach %v (%v)", r.file.r, r.file.err, r.file.reach, r.file.reachErr)
	}
	s.finishBake(me, r)
	if me.reader != r.file.r || me.cache.Reach(0) != r.file.reach {
		t.Errorf("the map did not attach the file and connectivity the bake opened")
	}
	if logs.count(`"message":"swb opened"`) != 1 || logs.count("static connectivity loaded") != 1 {
		t.Errorf("want one open and one connectivity line:\n%s", logs)
	}
}

// TestSettledFileReopenedOffTheTick: a .swb changed under the shard is,
// once settled, opened on a goroutine of its own, not on the map's: the
// map is busy (baking) until the opened file comes back and is attached.
func TestSettledFileReopenedOffTheTick(t *testing.T) {
	s, logs, baked := bakeWithoutTicking(t)
	me := s.maps[0]
	s.finishBake(me, baked)
	if me.reader == nil {
		t.Fatalf("the baked file was not attached:\n%s", logs)
	}
	// As checkSWB does when the path no longer names the open file.
	s.detach(me)
	me.watch.changed, me.watch.settle = errors.New("rewritten in place"), statOrNil(me.swbPath)
	s.settleSWB(me)
	if me.reader != nil || !me.baking {
		t.Fatalf("settleSWB opened the file on the map's goroutine (reader %v, baking %v)", me.reader, me.baking)
	}
	r := <-s.bakes.ch
	if r.reopen == nil || r.file.r == nil || r.file.reach == nil {
		t.Fatalf("reopen result %+v", r)
	}
	s.finishBake(me, r)
	if me.baking || me.reader != r.file.r || me.cache.Reach(0) != r.file.reach {
		t.Errorf("the reopened file was not attached")
	}
	if logs.count("reopened the new file") != 1 {
		t.Errorf("want one reopen line:\n%s", logs)
	}
}
