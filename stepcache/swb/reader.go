package swb

import (
	"errors"
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/zeebo/xxh3"

	"github.com/shardcore/shardcore/internal/safefile"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/swb/codec"
)

// Reader serves chunks of one .swb file lazily: Open reads the header and
// index and maps the file read-only (where the platform allows; otherwise
// each ReadChunk is one positioned read); each ReadChunk copies one record
// out of the file, checks it and decodes the copy. A Reader survives its
// file changing under it: replacing the path (rename) or deleting it
// leaves the open file as it was; truncating or rewriting it in place
// turns the reads that touch lost pages into errors (never a crash) and
// changed bytes into checksum failures, never into chunks. The first such
// failure that the file's size or time explains marks the Reader changed
// (ErrChanged): every chunk then reads as absent. Check tells whether the
// path still names the file the Reader holds. Safe for concurrent use.
type Reader struct {
	f    *os.File
	fi   os.FileInfo // the file at Open: identity, size, modification time
	hdr  Header
	ix   *index
	data []byte // the whole file, mapped; nil: positioned reads

	mu      sync.Mutex
	dec     *codec.Decoder
	buf     []byte                 // the record being read, copied out of the file
	uniform map[int32]*chunk.Chunk // uniform records read so far, one object each
	changed error                  // why the file no longer serves (ErrChanged, or closed)
	bad     int                    // records that failed their checksum or decode
}

// maxSharedUniform bounds Reader.uniform (≈5 KB each; a map has a handful).
const maxSharedUniform = 1024

// errClosed is the Reader's state after Close.
var errClosed = errors.New("swb: reader closed")

// Open opens a .swb file and checks it against want: a file that is not a
// .swb (ErrBadMagic), of another version (ErrVersion), of another map or map
// size (ErrWrongMap), baked from other client files (ErrStaleFingerprint),
// or whose header or index fails its checksum or bounds (ErrCorrupt) is
// refused. The index is read only once the header matches want, so what
// Open allocates is bounded by the size of the map want names.
//
// path must name a regular file (checked before it is opened: a named pipe,
// a device or a directory is refused at once, never waited on).
func Open(path string, want Expect) (*Reader, error) {
	f, _, err := safefile.Open(path, safefile.NoLimit)
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
	if err := want.check(&hdr); err != nil {
		return nil, err
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
	dec := codec.NewDecoder()
	if err := dec.SetCode(ix.code); err != nil {
		return nil, fmt.Errorf("index: %w", err)
	}
	rr := &Reader{f: f, fi: fi, hdr: hdr, ix: ix, dec: dec}
	if data, err := mapFile(f, fi.Size()); err == nil {
		rr.data = data
	}
	return rr, nil
}

// Header returns the file's header.
func (r *Reader) Header() Header { return r.hdr }

// Close unmaps and closes the file; the Reader then reads every chunk as absent.
func (r *Reader) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.changed == errClosed {
		return nil
	}
	r.changed = errClosed
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
// the file does not hold it or no longer serves (see Reader); ok false and
// an error wrapping ErrCorrupt when its record fails its checksum or does
// not decode, or ErrChanged when the read found the file changed. It
// implements stepcache.ChunkSource. Chunks are immutable: every chunk of
// one uniform record (usually most of a map) is one shared object,
// allocated once.
func (r *Reader) ReadChunk(cx, cy int) (*chunk.Chunk, bool, error) {
	info, ok := r.Record(cx, cy)
	if !ok {
		return nil, false, nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.changed != nil {
		return nil, false, nil
	}
	if c := r.uniform[int32(info.ID)]; c != nil {
		return c, true, nil
	}
	c := new(chunk.Chunk)
	uniform, err := r.read(cx, cy, info, c)
	if err != nil {
		return nil, false, err
	}
	if uniform && len(r.uniform) < maxSharedUniform {
		if r.uniform == nil {
			r.uniform = make(map[int32]*chunk.Chunk)
		}
		r.uniform[int32(info.ID)] = c
	}
	return c, true, nil
}

// ReadChunkInto is ReadChunk decoding into dst (all of it overwritten).
func (r *Reader) ReadChunkInto(cx, cy int, dst *chunk.Chunk) (bool, error) {
	info, ok := r.Record(cx, cy)
	if !ok {
		return false, nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.changed != nil {
		return false, nil
	}
	_, err := r.read(cx, cy, info, dst)
	return true, err
}

// Reader is what a stepcache.Cache attaches as a map's chunk source.
var _ stepcache.ChunkSource = (*Reader)(nil)
