package swb

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/zeebo/xxh3"

	"shardcore/stepcache"
)

// ChunkFunc yields the chunk at (cx, cy), or nil when the file should not
// hold it. An error aborts the write.
type ChunkFunc func(cx, cy int) (*stepcache.Chunk, error)

// SliceChunks serves chunks from a row-major slice of a map widthChunks wide
// (nil entries are absent).
func SliceChunks(chunks []*stepcache.Chunk, widthChunks int) ChunkFunc {
	return func(cx, cy int) (*stepcache.Chunk, error) {
		i := cy*widthChunks + cx
		if i < 0 || i >= len(chunks) {
			return nil, nil
		}
		return chunks[i], nil
	}
}

// WriteStats reports what Write stored.
type WriteStats struct {
	Chunks, Records, Uniform, Full     int // Uniform/Full count distinct records
	RecordBytes, IndexBytes, FileBytes int64
}

// Write bakes a .swb file at path from the chunks of a hdr.WidthChunks ×
// hdr.HeightChunks map. Each chunk is requested once and encoded at once;
// the distinct records' plain bytes (≈ 250 B per distinct full chunk; an
// identical chunk is stored once, its bytes compared) and the index stay in
// memory until the file's Huffman code is built and the records written.
// It writes a temporary file in the same directory, fsyncs it, renames it over
// path and fsyncs the directory, so an error or cancellation leaves any old
// file at path untouched and no temporary behind.
func Write(ctx context.Context, path string, hdr Header, chunks ChunkFunc) (WriteStats, error) {
	return WriteWith(ctx, path, hdr, chunks, DefaultOptions)
}

// WriteWith is Write with a chosen record encoding (for example without the
// Huffman code: larger, but each read skips the entropy decode).
func WriteWith(ctx context.Context, path string, hdr Header, chunks ChunkFunc, opts Options) (WriteStats, error) {
	var st WriteStats
	if hdr.WidthChunks <= 0 || hdr.HeightChunks <= 0 || hdr.WidthChunks > MaxSideChunks || hdr.HeightChunks > MaxSideChunks {
		return st, fmt.Errorf("swb: write %s: map of %d×%d chunks", path, hdr.WidthChunks, hdr.HeightChunks)
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return st, fmt.Errorf("swb: write %s: %w", path, err)
	}
	tmp := f.Name()
	ok := false
	defer func() {
		if !ok {
			_ = f.Close()
			_ = os.Remove(tmp)
		}
	}()
	st, err = writeBody(ctx, f, &hdr, chunks, opts)
	if err != nil {
		return st, fmt.Errorf("swb: write %s: %w", path, err)
	}
	if err := f.Sync(); err != nil {
		return st, fmt.Errorf("swb: write %s: fsync: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return st, fmt.Errorf("swb: write %s: close: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return st, fmt.Errorf("swb: write %s: rename: %w", path, err)
	}
	ok = true
	if d, err := os.Open(dir); err == nil {
		serr := d.Sync()
		cerr := d.Close()
		if err := errors.Join(serr, cerr); err != nil {
			return st, fmt.Errorf("swb: write %s: fsync dir: %w", path, err)
		}
	}
	return st, nil
}

// writeBody writes header, records and index to f: every chunk is encoded
// to its plain record first (identical ones kept once), then the file's
// Huffman code is built and the records written in their final form.
func writeBody(ctx context.Context, f *os.File, hdr *Header, chunks ChunkFunc, opts Options) (WriteStats, error) {
	var st WriteStats
	set, err := newRecordSet(opts, true)
	if err != nil {
		return st, err
	}
	for cy := 0; cy < hdr.HeightChunks; cy++ {
		if err := ctx.Err(); err != nil {
			return st, err
		}
		for cx := 0; cx < hdr.WidthChunks; cx++ {
			c, err := chunks(cx, cy)
			if err != nil {
				return st, fmt.Errorf("chunk (%d,%d): %w", cx, cy, err)
			}
			if _, err := set.add(c); err != nil {
				return st, fmt.Errorf("chunk (%d,%d): %w", cx, cy, err)
			}
			if c != nil {
				st.Chunks++
			}
		}
	}
	if err := set.finish(); err != nil {
		return st, err
	}
	if _, err := f.Write(make([]byte, HeaderSize)); err != nil {
		return st, err
	}
	bw := bufio.NewWriterSize(f, 1<<20)
	ix := &index{chunkRec: set.chunkRec, code: set.code}
	var rec []byte
	for id := 0; id < set.records(); id++ {
		if id%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return st, err
			}
		}
		rec = set.appendRecord(rec[:0], id)
		if _, err := bw.Write(rec); err != nil {
			return st, err
		}
		ix.recLen = append(ix.recLen, uint32(len(rec)))
		ix.recSum = append(ix.recSum, recordSum(xxh3.Hash(rec)))
		st.RecordBytes += int64(len(rec))
		if rec[0]&tagKindMask == kindUniform {
			st.Uniform++
		} else {
			st.Full++
		}
	}
	stored, err := compressIndex(ix.marshal())
	if err != nil {
		return st, err
	}
	if _, err := bw.Write(stored); err != nil {
		return st, err
	}
	if err := bw.Flush(); err != nil {
		return st, err
	}
	hdr.Version = Version
	hdr.ChunkCount = st.Chunks
	hdr.RecordCount = len(ix.recLen)
	hdr.IndexOffset = HeaderSize + st.RecordBytes
	hdr.IndexLength = int64(len(stored))
	hdr.IndexChecksum = xxh3.Hash(stored)
	if _, err := f.WriteAt(hdr.marshal(), 0); err != nil {
		return st, err
	}
	st.Records = len(ix.recLen)
	st.IndexBytes = int64(len(stored))
	st.FileBytes = hdr.IndexOffset + hdr.IndexLength
	return st, nil
}
