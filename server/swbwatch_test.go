package server

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/swb"
	"github.com/shardcore/shardcore/world/source"
)

// writeCorruptSWB writes a .swb for w whose header and index are valid and
// whose one record (every chunk shares it) fails its checksum.
func writeCorruptSWB(t *testing.T, path string, w *source.World) {
	t.Helper()
	ch := bake.BuildChunk(movement.NewRules(w.Map, w.Tiles, nil), 0, 0)
	wide, high := chunk.Grid(w.Map.Width, w.Map.Height)
	hdr := swb.Header{MapID: 0, WidthChunks: wide, HeightChunks: high, Fingerprint: w.Fingerprint, BakeTime: time.Unix(0, 0)}
	if _, err := swb.Write(context.Background(), path, hdr, func(int, int) (*chunk.Chunk, error) { return ch, nil }); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b[swb.HeaderSize+3] ^= 0x40 // inside the record
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// statField is the number after name in a `cache stats` reply.
func statField(t *testing.T, out, name string) int {
	t.Helper()
	f := strings.Fields(out)
	for i := 0; i+1 < len(f); i++ {
		if f[i] == name {
			n, err := strconv.Atoi(f[i+1])
			if err == nil {
				return n
			}
		}
	}
	t.Fatalf("no %q in %q", name, out)
	return 0
}

// TestCorruptRecordsLoggedAndRebaked (issue 17): a .swb whose header and
// index are valid but whose records are corrupt opens; the first bad
// record is logged once for the file and counted, the chunks build live
// (never served from the file), and the map is rebaked in the background
// even though it is not in prebakeMaps; the rebaked file is attached.
func TestCorruptRecordsLoggedAndRebaked(t *testing.T) {
	dir := t.TempDir()
	cfg := testConfig(dir)
	cfg.Pathfinding.VerifyShare = 1
	probe, _ := newTestServer(t, cfg, Options{})
	path := filepath.Join(cfg.Pathfinding.CacheDir, "map0.swb")
	writeCorruptSWB(t, path, probe.World())
	if err := probe.Close(); err != nil {
		t.Fatal(err)
	}
	s, logs := newTestServer(t, cfg, Options{BakeWorkers: 2})
	if logs.count(`"message":"swb opened"`) != 1 {
		t.Fatalf("the file should open (its header and index are valid):\n%s", logs)
	}
	ctx, cancel := context.WithCancel(t.Context())
	errc := make(chan error, 1)
	go func() { errc <- s.Run(ctx) }()
	deadline := time.Now().Add(5 * time.Minute)
	for logs.count(`"message":"bake written"`) == 0 {
		if time.Now().After(deadline) {
			t.Fatalf("no rebake:\n%s", logs)
		}
		time.Sleep(20 * time.Millisecond)
	}
	out, err := s.Command("cache stats") // one more tick: the new file is attached
	if err != nil {
		t.Fatal(err)
	}
	cancel()
	if err := <-errc; err != nil {
		t.Fatal(err)
	}
	if n := logs.count("swb has corrupt records"); n != 1 {
		t.Errorf("%d corrupt-record lines, want 1 per file:\n%s", n, logs)
	}
	if statField(t, out, "corrupt") == 0 || statField(t, out, "mismatches") != 0 || statField(t, out, "verified") == 0 {
		t.Errorf("cache stats %q: want corrupt reads counted, hits verified, no mismatch", out)
	}
	if logs.count(`"message":"swb opened"`) != 2 || !strings.Contains(out, "(attached)") {
		t.Errorf("the rebaked file should be attached:\n%s\n%s", out, logs)
	}
	wide, high := chunk.Grid(512, 512)
	r, err := swb.Open(path, swb.Expect{MapID: 0, Fingerprint: s.World().Fingerprint, WidthChunks: wide, HeightChunks: high})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for i := 0; i < wide*high; i++ {
		if _, ok, err := r.ReadChunk(i%wide, i/wide); !ok || err != nil {
			t.Fatalf("rebaked chunk %d: ok %v err %v", i, ok, err)
		}
	}
}
