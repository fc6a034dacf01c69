package swb

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/zeebo/xxh3"
)

// craftFile writes a .swb whose header and index checksums are valid for
// a map of w×h chunks, none present, its index compressed from all-absent
// codes (so a huge grid makes a small file), and returns its path.
func craftFile(t *testing.T, w, h int) string {
	t.Helper()
	ix := &index{chunkRec: make([]int32, w*h)}
	for i := range ix.chunkRec {
		ix.chunkRec[i] = -1
	}
	stored, err := compressIndex(ix.marshal())
	if err != nil {
		t.Fatal(err)
	}
	hdr := Header{Version: Version, MapID: 0, WidthChunks: w, HeightChunks: h, Fingerprint: 7, BakeTime: time.Unix(0, 0),
		IndexOffset: HeaderSize, IndexLength: int64(len(stored)), IndexChecksum: xxh3.Hash(stored)}
	path := filepath.Join(t.TempDir(), "crafted.swb")
	if err := os.WriteFile(path, append(hdr.marshal(), stored...), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// allocated is the bytes f allocates (one run; the GC may not run between).
func allocated(f func()) uint64 {
	var a, b runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

// TestCraftedGridRefused: a crafted file with valid checksums and the
// largest grid the format allows (4096×4096 chunks), opened for the 64×64
// chunks of the map the shard loads, is refused with a clear error before
// its index is read, allocating under 1 MB; inspected as any identity, the
// same file makes Open allocate the index such a grid needs (≈150 MB),
// which is what the grid check spares a shard.
func TestCraftedGridRefused(t *testing.T) {
	path := craftFile(t, MaxSideChunks, MaxSideChunks)
	var err error
	n := allocated(func() {
		_, err = Open(path, Expect{MapID: 0, Fingerprint: 7, WidthChunks: 64, HeightChunks: 64})
	})
	if !errors.Is(err, ErrWrongMap) {
		t.Fatalf("crafted grid: %v", err)
	}
	t.Logf("refused (%d bytes allocated): %v", n, err)
	if n >= 1<<20 {
		t.Fatalf("Open allocated %d bytes refusing the crafted file", n)
	}
	if testing.Short() {
		return
	}
	var r *Reader
	n = allocated(func() { r, err = Open(path, Expect{AnyIdentity: true}) })
	if err != nil {
		t.Fatal(err)
	}
	r.Close()
	t.Logf("opened as any identity: %d bytes allocated", n)
	if n < 64<<20 {
		t.Fatalf("the grid check spares only %d bytes; the test proves nothing", n)
	}
}

// TestCraftedIndexLengthRefused: a header whose grid matches but whose index
// is longer than any index of that grid can be (a sparse 256 MB file) is
// refused before the index is read, allocating under 1 MB.
func TestCraftedIndexLengthRefused(t *testing.T) {
	const size = 256 << 20
	hdr := Header{Version: Version, MapID: 0, WidthChunks: 64, HeightChunks: 64, Fingerprint: 7, BakeTime: time.Unix(0, 0),
		IndexOffset: HeaderSize, IndexLength: size - HeaderSize}
	path := filepath.Join(t.TempDir(), "long-index.swb")
	if err := os.WriteFile(path, hdr.marshal(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(path, size); err != nil {
		t.Fatal(err)
	}
	var err error
	n := allocated(func() {
		_, err = Open(path, Expect{MapID: 0, Fingerprint: 7, WidthChunks: 64, HeightChunks: 64})
	})
	if !errors.Is(err, ErrCorrupt) {
		t.Fatalf("long index: %v", err)
	}
	t.Logf("refused (%d bytes allocated): %v", n, err)
	if n >= 1<<20 {
		t.Fatalf("Open allocated %d bytes refusing the long index", n)
	}
}
