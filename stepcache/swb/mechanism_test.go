package swb

import (
	"fmt"
	"syscall"
	"testing"

	"github.com/zeebo/xxh3"

	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/swb/codec"
)

// The read mechanisms weighed against each other for a Reader whose file
// may change under it (see the package doc): what each costs per full
// chunk, measured on the same file in one run. Only "guarded" (the
// Reader's own read) survives a truncation; "in-place" is format v3's read.

// readInPlace checks and decodes the record where it lies in the mapping:
// no copy and no fault guard (a truncated file kills the process).
func (r *Reader) readInPlace(info RecordInfo, dst *chunk.Chunk) error {
	end := info.Offset + int64(info.Length)
	buf := r.data[info.Offset:end:min(end+codec.HuffPad, int64(len(r.data)))]
	if recordSum(xxh3.Hash(buf)) != r.ix.recSum[info.ID] {
		return ErrCorrupt
	}
	return r.dec.DecodeRecord(buf, dst)
}

// readPositioned is the read with one pread per record instead of the mapping.
func (r *Reader) readPositioned(info RecordInfo, dst *chunk.Chunk) error {
	if cap(r.buf) < info.Length+codec.HuffPad {
		r.buf = make([]byte, info.Length+codec.HuffPad)
	}
	buf := r.buf[:info.Length]
	if _, err := r.f.ReadAt(buf, info.Offset); err != nil {
		return err
	}
	if recordSum(xxh3.Hash(buf)) != r.ix.recSum[info.ID] {
		return ErrCorrupt
	}
	return r.dec.DecodeRecord(buf, dst)
}

// readStatFirst is readInPlace after an fstat comparing the file's size
// with the mapping's (which still leaves a window for a truncation).
func (r *Reader) readStatFirst(info RecordInfo, dst *chunk.Chunk) error {
	var st syscall.Stat_t
	if err := syscall.Fstat(int(r.f.Fd()), &st); err != nil {
		return err
	}
	if st.Size != int64(len(r.data)) {
		return ErrChanged
	}
	return r.readInPlace(info, dst)
}

// BenchmarkReadMechanism reads the benchmark's full chunks with each
// mechanism: guarded (the Reader: copy out of the mapping under
// SetPanicOnFault, check and decode the copy), in-place (v3: check and
// decode in the mapping, unguarded), pread, fstat+in-place.
func BenchmarkReadMechanism(b *testing.B) {
	cs := benchChunks(b)
	r := benchFile(b, cs)
	if r.data == nil {
		b.Skip("no mapping on this platform")
	}
	var dst chunk.Chunk
	for _, m := range []struct {
		name string
		read func(RecordInfo, *chunk.Chunk) error
	}{
		{"guarded", func(i RecordInfo, d *chunk.Chunk) error { _, err := r.read(0, 0, i, d); return err }},
		{"in-place", r.readInPlace},
		{"pread", r.readPositioned},
		{"fstat+in-place", r.readStatFirst},
	} {
		b.Run(m.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				info, _ := r.Record(i%len(cs), 0)
				r.mu.Lock()
				err := m.read(info, &dst)
				r.mu.Unlock()
				if err != nil {
					b.Fatal(fmt.Errorf("%s: %w", m.name, err))
				}
			}
		})
	}
}
