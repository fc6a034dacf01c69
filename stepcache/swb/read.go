package swb

import (
	"errors"
	"fmt"
	"os"
	"runtime/debug"

	"github.com/zeebo/xxh3"

	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/swb/codec"
)

// read copies the record of chunk (cx, cy) out of the file, checks the copy
// against the index's checksum and decodes it into dst, reporting whether
// it is uniform. Only the private copy is checked and decoded, so bytes
// that change in the file during a read cannot reach dst unchecked. A
// failure the file's own state explains (it shrank, or its size or time
// changed since Open) marks the Reader changed. r.mu is held.
func (r *Reader) read(cx, cy int, info RecordInfo, dst *chunk.Chunk) (uniform bool, err error) {
	// Capacity for the Huffman decoder's loads past the record (never used).
	if cap(r.buf) < info.Length+codec.HuffPad {
		r.buf = make([]byte, info.Length+codec.HuffPad)
	}
	buf := r.buf[:info.Length]
	if err := r.copyRecord(buf, info.Offset); err != nil {
		return false, r.fail(cx, cy, err)
	}
	if recordSum(xxh3.Hash(buf)) != r.ix.recSum[info.ID] {
		return false, r.fail(cx, cy, fmt.Errorf("%w: record checksum", ErrCorrupt))
	}
	if err := r.dec.DecodeRecord(buf, dst); err != nil {
		return false, r.fail(cx, cy, err)
	}
	return codec.IsUniformRecord(buf), nil
}

// errReadPast: a record read found the file shorter than at Open.
var errReadPast = errors.New("read past the end of the file")

// copyRecord copies len(dst) bytes at off out of the mapping (or with one
// positioned read). A read past the file's current end, a fault in the
// mapping included, is errReadPast.
func (r *Reader) copyRecord(dst []byte, off int64) error {
	if r.data == nil {
		n, err := r.f.ReadAt(dst, off)
		if n == len(dst) {
			return nil
		}
		return fmt.Errorf("%w: %d of %d bytes at %d: %w", errReadPast, n, len(dst), off, err)
	}
	return copyMapped(dst, r.data[off:off+int64(len(dst))], off)
}

// copyMapped copies src, the bytes at off of a file mapping, to dst. When
// the file has shrunk under the mapping, touching a page past its new end
// raises SIGBUS; the runtime turns it into a panic of this goroutine alone
// (debug.SetPanicOnFault), recovered here as errReadPast.
func copyMapped(dst, src []byte, off int64) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%w: fault in the mapping at %d", errReadPast, off)
		}
	}()
	old := debug.SetPanicOnFault(true)
	defer debug.SetPanicOnFault(old)
	copy(dst, src)
	return nil
}

// fail counts a bad read of chunk (cx, cy) and returns its error. When the
// file changed since Open (its size or time differ, or the read ran past
// its end), the Reader stops serving and the error wraps ErrChanged.
func (r *Reader) fail(cx, cy int, err error) error {
	r.bad++
	cerr := r.fileChanged()
	if cerr == nil && errors.Is(err, errReadPast) {
		cerr = fmt.Errorf("%w: shrunk", ErrChanged)
	}
	if cerr == nil {
		return fmt.Errorf("swb: chunk (%d,%d): %w", cx, cy, err)
	}
	r.changed = cerr
	return fmt.Errorf("swb: chunk (%d,%d): %w (%v)", cx, cy, cerr, err)
}

// fileChanged compares the open file with its state at Open: nil when its
// size and modification time are unchanged, else an error wrapping ErrChanged.
func (r *Reader) fileChanged() error {
	fi, err := r.f.Stat()
	if err != nil {
		return fmt.Errorf("%w: stat: %w", ErrChanged, err)
	}
	return compareFiles(r.fi, fi, "changed in place")
}

// compareFiles is nil when now is the file was (same file, size and
// modification time), else an error wrapping ErrChanged saying how it
// differs (what: how a same-identity change is described).
func compareFiles(was, now os.FileInfo, what string) error {
	switch {
	case !os.SameFile(was, now):
		return fmt.Errorf("%w: replaced by another file", ErrChanged)
	case now.Size() != was.Size():
		return fmt.Errorf("%w: %s: %d bytes, was %d", ErrChanged, what, now.Size(), was.Size())
	case !now.ModTime().Equal(was.ModTime()):
		return fmt.Errorf("%w: %s: modified %s", ErrChanged, what, now.ModTime().UTC().Format("15:04:05.000"))
	}
	return nil
}

// Check tells whether path still names, unchanged, the file the Reader
// serves: nil when it does; else an error wrapping ErrChanged (the path
// deleted, replaced, rewritten in place, or the Reader already saw the
// file change) or the stat error. It does not change what the Reader
// serves: a Reader whose path was replaced or deleted keeps serving its
// own, unchanged file.
func (r *Reader) Check(path string) error {
	r.mu.Lock()
	changed := r.changed
	r.mu.Unlock()
	if changed != nil {
		return changed
	}
	fi, err := os.Stat(path)
	if err != nil {
		if os.IsNotExist(err) {
			return fmt.Errorf("%w: deleted", ErrChanged)
		}
		return fmt.Errorf("swb: check %s: %w", path, err)
	}
	return compareFiles(r.fi, fi, "changed in place")
}

// BadRecords is the number of reads that failed a checksum or decode, or
// found the file changed.
func (r *Reader) BadRecords() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.bad
}
