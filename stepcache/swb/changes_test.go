package swb

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/swb/swbtest"
)

// readAllAgainst reads every chunk of r and fails on a chunk that is served
// but differs from want (the file's original chunks). It returns the chunks
// served and the errors seen.
func readAllAgainst(t *testing.T, r *Reader, want []*chunk.Chunk, w int) (served, failed int) {
	t.Helper()
	for i := range want {
		c, ok, err := r.ReadChunk(i%w, i/w)
		switch {
		case err != nil:
			if !errors.Is(err, ErrCorrupt) && !errors.Is(err, ErrChanged) {
				t.Fatalf("chunk %d: error %v is neither ErrCorrupt nor ErrChanged", i, err)
			}
			failed++
		case ok:
			if want[i] == nil || !swbtest.ChunkEqual(c, want[i]) {
				t.Fatalf("chunk %d served from bytes that changed", i)
			}
			served++
		}
	}
	return served, failed
}

// TestTruncatedUnderneath: a file truncated to half while open (as `cp`
// over it does first) neither crashes the reader (the mapping faults past
// the new end) nor serves a wrong chunk; the reader then reports the change.
func TestTruncatedUnderneath(t *testing.T) {
	const w, h = 12, 10
	chunks := swbtest.SynthMap(30, w, h)
	path := filepath.Join(t.TempDir(), "m.swb")
	writeTestFile(t, path, chunks, w, h)
	r, err := Open(path, wantFor(w, h))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	fi, _ := os.Stat(path)
	cut := fi.Size() / 2 &^ 4095 // a page boundary: pages past it fault
	if cut == 0 {
		t.Fatalf("file of %d bytes is too small for the test", fi.Size())
	}
	if err := os.Truncate(path, cut); err != nil {
		t.Fatal(err)
	}
	// First a chunk whose record lies wholly past the cut: the mapping faults.
	past := -1
	for i := range chunks {
		if info, ok := r.Record(i%w, i/w); ok && info.Offset >= cut {
			past = i
			break
		}
	}
	if past < 0 {
		t.Fatal("no record past the cut")
	}
	_, ok, err := r.ReadChunk(past%w, past/w)
	if ok || !errors.Is(err, ErrChanged) {
		t.Fatalf("read past the cut: ok %v err %v", ok, err)
	}
	t.Logf("read past the cut: %v", err)
	if err := os.Truncate(path, fi.Size()/2); err != nil {
		t.Fatal(err)
	}
	served, failed := readAllAgainst(t, r, chunks, w)
	if served+failed != 0 {
		t.Fatalf("a changed reader still serves: %d served, %d failed", served, failed)
	}
	if err := r.Check(path); !errors.Is(err, ErrChanged) {
		t.Fatalf("Check after truncation: %v", err)
	}
	if r.BadRecords() == 0 {
		t.Fatal("bad records not counted")
	}
}

// TestRewrittenInPlace: another bake of the same map copied over the open
// file in place (truncate, then write: what `cp` does), at the same size or
// not, never serves a chunk of the new bytes: they fail the old index's
// checksums, and the reader then reports the change.
func TestRewrittenInPlace(t *testing.T) {
	const w, h = 12, 10
	for _, name := range []string{"larger", "smaller"} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			first, second := swbtest.SynthMap(31, w, h), swbtest.SynthMap(32, w, h)
			if name == "smaller" {
				first, second = second, first
			}
			path, other := filepath.Join(dir, "m.swb"), filepath.Join(dir, "other.swb")
			writeTestFile(t, path, first, w, h)
			writeTestFile(t, other, second, w, h)
			r, err := Open(path, wantFor(w, h))
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			b, _ := os.ReadFile(other)
			if err := os.WriteFile(path, b, 0o644); err != nil { // O_TRUNC, same inode
				t.Fatal(err)
			}
			_, failed := readAllAgainst(t, r, first, w)
			if failed == 0 {
				t.Fatal("no read noticed the new bytes")
			}
			if err := r.Check(path); !errors.Is(err, ErrChanged) {
				t.Fatalf("Check: %v", err)
			}
		})
	}
}

// TestCheckReplacedOrDeleted: Check tells a path replaced by rename or
// deleted from an unchanged one, while the reader keeps serving its own
// (unchanged) file.
func TestCheckReplacedOrDeleted(t *testing.T) {
	const w, h = 6, 6
	dir := t.TempDir()
	path := filepath.Join(dir, "m.swb")
	chunks := swbtest.SynthMap(33, w, h)
	writeTestFile(t, path, chunks, w, h)
	r, err := Open(path, wantFor(w, h))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if err := r.Check(path); err != nil {
		t.Fatalf("unchanged: %v", err)
	}
	writeTestFile(t, path, swbtest.SynthMap(34, w, h), w, h) // by rename
	if err := r.Check(path); !errors.Is(err, ErrChanged) {
		t.Fatalf("replaced: %v", err)
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if err := r.Check(path); !errors.Is(err, ErrChanged) {
		t.Fatalf("deleted: %v", err)
	}
	if served, failed := readAllAgainst(t, r, chunks, w); failed != 0 || served == 0 {
		t.Fatalf("the open file should still serve: %d served, %d failed", served, failed)
	}
}

// TestReadAfterClose: a closed reader reads every chunk as absent.
func TestReadAfterClose(t *testing.T) {
	r := openTestFile(t, swbtest.SynthMap(35, 4, 4), 4, 4)
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	if c, ok, err := r.ReadChunk(1, 0); c != nil || ok || err != nil {
		t.Fatalf("read after close: %v %v %v", c, ok, err)
	}
}
