package swb

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/swb/swbtest"
)

// roundTrip writes chunks (a wc×hc map) to path and reads every chunk back
// identical.
func roundTrip(t *testing.T, path string, chunks []*chunk.Chunk, wc, hc int) WriteStats {
	t.Helper()
	hdr := Header{MapID: 0, WidthChunks: wc, HeightChunks: hc, Fingerprint: 42, BakeTime: time.Now()}
	st, err := Write(context.Background(), path, hdr, SliceChunks(chunks, wc))
	if err != nil {
		t.Fatal(err)
	}
	r, err := Open(path, Expect{MapID: 0, Fingerprint: 42, WidthChunks: wc, HeightChunks: hc})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for i, c := range chunks {
		got, ok, err := r.ReadChunk(i%wc, i/wc)
		if err != nil || ok != (c != nil) || (ok && !swbtest.ChunkEqual(c, got)) {
			t.Fatalf("chunk (%d,%d): ok %v err %v", i%wc, i/wc, ok, err)
		}
	}
	return st
}

// TestProbeFileRoundTrip bakes hill terrain into a file (SWB_KEEP=path
// keeps a copy for `shard swb info`) and reads every chunk back identical.
func TestProbeFileRoundTrip(t *testing.T) {
	m, td := swbtest.HillWorld(t, 512, 512, 2.1)
	chunks, wc, hc := swbtest.BakeAll(t, m, td)
	path := filepath.Join(t.TempDir(), "probe.swb")
	if keep := os.Getenv("SWB_KEEP"); keep != "" {
		path = keep
	}
	roundTrip(t, path, chunks, wc, hc)
}

// TestBritanniaFileRoundTrip bakes a small Britannia map 0 (forests, towns,
// shores, hills, dungeons, strata: the hard chunks) into a file and reads
// every chunk back identical.
func TestBritanniaFileRoundTrip(t *testing.T) {
	chunks, wc := swbtest.BritanniaChunks(t, 896, 512)
	st := roundTrip(t, filepath.Join(t.TempDir(), "brit.swb"), chunks, wc, len(chunks)/wc)
	t.Logf("%d chunks, %d records, %d bytes", st.Chunks, st.Records, st.FileBytes)
}
