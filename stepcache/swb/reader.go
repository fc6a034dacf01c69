package swb

import (
	"errors"
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/zeebo/xxh3"

	"shardcore/stepcache"
)

// Reader serves chunks of one .swb file lazily: Open reads the header and
// index and maps the file read-only (where the platform allows; otherwise
// each ReadChunk is one positioned read); each ReadChunk checks and decodes
// one record. It holds the file open and mapped, so replacing the file by
// rename leaves this reader on the old, still-valid contents. Truncating the
// file in place while it is open is not supported (reads of a mapped page
// past the new end fault): .swb files are only ever replaced by rename.
// Safe for concurrent use.
type Reader struct {
	f    *os.File
	hdr  Header
	ix   *index
	data []byte // the whole file, mapped; nil: positioned reads

	mu      sync.Mutex
	dec     *Decoder
	buf     []byte
	uniform map[int32]*stepcache.Chunk // uniform records read so far, one object each
}

// maxSharedUniform bounds Reader.uniform (≈5 KB each; a map has a handful).
const maxSharedUniform = 1024

// Open opens a .swb file and checks it against want: a file that is not a
// .swb (ErrBadMagic), of another version (ErrVersion), of another map
// (ErrWrongMap), baked from other client files (ErrStaleFingerprint), or
// whose header or index fails its checksum (ErrCorrupt) is refused.
func Open(path string, want Expect) (*Reader, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("swb: open: %w", err)
	}
	r, err := open(f, want)
	if err != nil {
		_ = f.Close()
		return nil, fmt.Errorf("swb: open %s: %w", path, err)
	}
	return r, nil
}

func open(f *os.File, want Expect) (*Reader, error) {
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	hb := make([]byte, HeaderSize)
	if _, err := f.ReadAt(hb, 0); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, ErrBadMagic
		}
		return nil, err
	}
	hdr, err := parseHeader(hb, fi.Size())
	if err != nil {
		return nil, err
	}
	if !want.AnyIdentity {
		if hdr.MapID != want.MapID {
			return nil, fmt.Errorf("%w: file is for map %d, want %d", ErrWrongMap, hdr.MapID, want.MapID)
		}
		if hdr.Fingerprint != want.Fingerprint {
			return nil, fmt.Errorf("%w: file %016x, client files %016x", ErrStaleFingerprint, hdr.Fingerprint, want.Fingerprint)
		}
	}
	stored := make([]byte, hdr.IndexLength)
	if _, err := f.ReadAt(stored, hdr.IndexOffset); err != nil {
		return nil, fmt.Errorf("read index: %w", err)
	}
	if xxh3.Hash(stored) != hdr.IndexChecksum {
		return nil, fmt.Errorf("%w: index checksum", ErrCorrupt)
	}
	ix, err := parseIndex(stored, &hdr)
	if err != nil {
		return nil, err
	}
	dec, err := NewDecoder()
	if err != nil {
		return nil, err
	}
	if ix.code != nil {
		h, ok := newHuffDecoder(ix.code)
		if !ok {
			dec.Close()
			return nil, fmt.Errorf("%w: index: Huffman code lengths", ErrCorrupt)
		}
		dec.setCode(h)
	}
	rr := &Reader{f: f, hdr: hdr, ix: ix, dec: dec}
	if data, err := mapFile(f, fi.Size()); err == nil {
		rr.data = data
	}
	return rr, nil
}

// Header returns the file's header.
func (r *Reader) Header() Header { return r.hdr }

// Close closes the file.
func (r *Reader) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.dec.Close()
	var uerr error
	if r.data != nil {
		uerr = unmapFile(r.data)
		r.data = nil
	}
	if err := errors.Join(uerr, r.f.Close()); err != nil {
		return fmt.Errorf("swb: close: %w", err)
	}
	return nil
}

// RecordInfo describes the record a chunk reads.
type RecordInfo struct {
	ID     int   // record number in file order (shared by identical chunks)
	Offset int64 // file offset
	Length int   // stored bytes
}

// Record returns the record chunk (cx, cy) reads, ok false when the file does
// not hold the chunk.
func (r *Reader) Record(cx, cy int) (RecordInfo, bool) {
	if cx < 0 || cy < 0 || cx >= r.hdr.WidthChunks || cy >= r.hdr.HeightChunks {
		return RecordInfo{}, false
	}
	id := r.ix.chunkRec[cy*r.hdr.WidthChunks+cx]
	if id < 0 {
		return RecordInfo{}, false
	}
	return RecordInfo{ID: int(id), Offset: r.ix.recOff[id], Length: int(r.ix.recLen[id])}, true
}

// ReadChunk reads and decodes chunk (cx, cy): ok false (and no error) when
// the file does not hold it; ok false and an error wrapping ErrCorrupt when
// its record fails its checksum or does not decode. It implements
// stepcache.ChunkSource. Chunks are immutable: every chunk of one uniform
// record (usually most of a map) is one shared object, allocated once.
func (r *Reader) ReadChunk(cx, cy int) (*stepcache.Chunk, bool, error) {
	info, ok := r.Record(cx, cy)
	if !ok {
		return nil, false, nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if c := r.uniform[int32(info.ID)]; c != nil {
		return c, true, nil
	}
	c := new(stepcache.Chunk)
	uniform, err := r.read(cx, cy, info, c)
	if err != nil {
		return nil, false, err
	}
	if uniform && len(r.uniform) < maxSharedUniform {
		if r.uniform == nil {
			r.uniform = make(map[int32]*stepcache.Chunk)
		}
		r.uniform[int32(info.ID)] = c
	}
	return c, true, nil
}

// ReadChunkInto is ReadChunk decoding into dst (all of it overwritten).
func (r *Reader) ReadChunkInto(cx, cy int, dst *stepcache.Chunk) (bool, error) {
	info, ok := r.Record(cx, cy)
	if !ok {
		return false, nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	_, err := r.read(cx, cy, info, dst)
	return true, err
}

// read checks and decodes the record of chunk (cx, cy) into dst, reporting
// whether it is uniform. r.mu is held.
func (r *Reader) read(cx, cy int, info RecordInfo, dst *stepcache.Chunk) (uniform bool, err error) {
	// The record, with up to huffPad bytes of what follows it as capacity
	// (the Huffman decoder's loads run ahead; what they load is not used).
	var buf []byte
	if end := info.Offset + int64(info.Length); r.data != nil && end <= int64(len(r.data)) {
		buf = r.data[info.Offset:end:min(end+huffPad, int64(len(r.data)))]
	} else {
		if cap(r.buf) < info.Length+huffPad {
			r.buf = make([]byte, info.Length+huffPad)
		}
		buf = r.buf[:info.Length]
		if _, err := r.f.ReadAt(buf, info.Offset); err != nil {
			return false, fmt.Errorf("swb: chunk (%d,%d): read: %w", cx, cy, err)
		}
	}
	if recordSum(xxh3.Hash(buf)) != r.ix.recSum[info.ID] {
		return false, fmt.Errorf("swb: chunk (%d,%d): %w: record checksum", cx, cy, ErrCorrupt)
	}
	if err := r.dec.DecodeRecord(buf, dst); err != nil {
		return false, fmt.Errorf("swb: chunk (%d,%d): %w", cx, cy, err)
	}
	return buf[0] == kindUniform, nil
}

// Reader is what a stepcache.Cache attaches as a map's chunk source.
var _ stepcache.ChunkSource = (*Reader)(nil)
