package swb

import (
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/zeebo/xxh3"

	"github.com/shardcore/shardcore/stepcache/swb/swbtest"
)

// fuzzBaseDir holds the files FuzzOpen's inputs edit: small real files of
// default-world chunks, written by TestWriteFuzzSeeds.
var fuzzBaseDir = filepath.Join("testdata", "fuzzbase", "FuzzOpen")

// fuzzBases reads the committed base files, in name order.
func fuzzBases(tb testing.TB) [][]byte {
	tb.Helper()
	names, err := filepath.Glob(filepath.Join(fuzzBaseDir, "*.swb"))
	if err != nil || len(names) == 0 {
		tb.Fatalf("no fuzz base files in %s (%v): regenerate with SWB_WRITE_SEEDS=1", fuzzBaseDir, err)
	}
	slices.Sort(names)
	out := make([][]byte, len(names))
	for i, n := range names {
		if out[i], err = os.ReadFile(n); err != nil {
			tb.Fatal(err)
		}
	}
	return out
}

// fixChecksums makes b's header agree with b where it can: the index's
// length is what follows its offset, the index and header checksums are
// recomputed. An edit then reaches the index parser and the records
// instead of stopping at a checksum.
func fixChecksums(b []byte) {
	if len(b) < HeaderSize {
		return
	}
	le := binary.LittleEndian
	if off := le.Uint64(b[40:]); off >= HeaderSize && off <= uint64(len(b)) {
		le.PutUint32(b[48:], uint32(uint64(len(b))-off))
		le.PutUint64(b[56:], xxh3.Hash(b[off:]))
	}
	le.PutUint64(b[64:], xxh3.Hash(b[:64]))
}

// FuzzOpen: any file either opens (and then every chunk reads or fails with
// an error) or is refused with one of the sentinels; never a panic. An input
// (swbtest.Input) is an edit of one of the base files, its checksums
// recomputed after the edit when its first byte's high bit is set, or a
// small whole file; the committed corpus (testdata/fuzz/FuzzOpen, see
// TestWriteFuzzSeeds) holds the bases whole and damaged.
func FuzzOpen(f *testing.F) {
	bases := fuzzBases(f)
	for i := range bases {
		f.Add(swbtest.EditInput(i, false))
	}
	// One file per worker process, rewritten in place for each input: a
	// file truncated to nothing and rewritten is flushed at close (ext4's
	// auto_da_alloc), which cost 2 ms an input.
	path := filepath.Join(f.TempDir(), "f.swb")
	file, err := os.Create(path)
	if err != nil {
		f.Fatal(err)
	}
	defer file.Close()
	f.Fuzz(func(t *testing.T, in []byte) {
		b, fix, ok := swbtest.Input(in, bases)
		if !ok {
			return
		}
		if fix {
			fixChecksums(b)
		}
		if _, err := file.WriteAt(b, 0); err != nil {
			t.Fatal(err)
		}
		if err := file.Truncate(int64(len(b))); err != nil {
			t.Fatal(err)
		}
		r, err := Open(path, Expect{AnyIdentity: true})
		if err != nil {
			if !isSentinel(err) {
				t.Fatalf("refusal without a sentinel: %v", err)
			}
			return
		}
		defer r.Close()
		h := r.Header()
		for cy := 0; cy < min(h.HeightChunks, 8); cy++ {
			for cx := 0; cx < min(h.WidthChunks, 8); cx++ {
				if _, _, err := r.ReadChunk(cx, cy); err != nil && !errors.Is(err, ErrCorrupt) {
					t.Fatalf("read error not ErrCorrupt: %v", err)
				}
			}
		}
	})
}

func isSentinel(err error) bool {
	for _, s := range []error{ErrBadMagic, ErrVersion, ErrWrongMap, ErrStaleFingerprint, ErrCorrupt, ErrChanged} {
		if errors.Is(err, s) {
			return true
		}
	}
	return false
}
