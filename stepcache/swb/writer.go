package swb

import (
	"bufio"
	"context"
	"fmt"
	"path/filepath"
	"runtime"

	"github.com/zeebo/xxh3"

	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/swb/codec"
)

// ChunkFunc yields the chunk at (cx, cy), or nil when the file should not
// hold it. An error aborts the write.
type ChunkFunc func(cx, cy int) (*chunk.Chunk, error)

// SliceChunks serves chunks from a row-major slice of a map widthChunks wide
// (nil entries are absent).
func SliceChunks(chunks []*chunk.Chunk, widthChunks int) ChunkFunc {
	return func(cx, cy int) (*chunk.Chunk, error) {
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
	return WriteFS(ctx, OSFS{}, path, hdr, chunks)
}

// WriteFS is Write through fsys.
func WriteFS(ctx context.Context, fsys FS, path string, hdr Header, chunks ChunkFunc) (st WriteStats, err error) {
	if hdr.WidthChunks <= 0 || hdr.HeightChunks <= 0 || hdr.WidthChunks > MaxSideChunks || hdr.HeightChunks > MaxSideChunks {
		return st, fmt.Errorf("swb: write %s: map of %d×%d chunks", path, hdr.WidthChunks, hdr.HeightChunks)
	}
	set, st, err := encodeChunks(ctx, &hdr, chunks)
	if err != nil {
		return st, fmt.Errorf("swb: write %s: %w", path, err)
	}
	dir := filepath.Dir(path)
	f, err := fsys.CreateTemp(dir, tempPattern(path))
	if err != nil {
		return st, fmt.Errorf("swb: write %s: %w", path, err)
	}
	tmp := f.Name()
	renamed := false
	defer func() {
		if !renamed {
			_ = f.Close()
			_ = fsys.Remove(tmp)
		}
	}()
	if err := writeBody(ctx, f, &hdr, set, &st); err != nil {
		return st, fmt.Errorf("swb: write %s: %w", path, err)
	}
	if err := f.Sync(); err != nil {
		return st, fmt.Errorf("swb: write %s: fsync: %w", path, err)
	}
	// Where temporaries are locked, the lock (held until Close) covers the
	// rename, so no RemoveStaleTemps of another shard takes the finished
	// file for a dead writer's.
	if !renameOpen {
		if err := f.Close(); err != nil {
			return st, fmt.Errorf("swb: write %s: close: %w", path, err)
		}
	}
	if err := fsys.Rename(tmp, path); err != nil {
		return st, fmt.Errorf("swb: write %s: rename: %w", path, err)
	}
	renamed = true
	if renameOpen {
		if err := f.Close(); err != nil {
			return st, fmt.Errorf("swb: write %s: close: %w", path, err)
		}
	}
	if err := fsys.SyncDir(dir); err != nil {
		return st, fmt.Errorf("swb: write %s: fsync dir: %w", path, err)
	}
	return st, nil
}

// encodeChunks encodes every chunk of hdr's grid to its plain record
// (identical ones kept once) and builds the file's Huffman code.
func encodeChunks(ctx context.Context, hdr *Header, chunks ChunkFunc) (*codec.RecordSet, WriteStats, error) {
	var st WriteStats
	set := codec.NewRecordSet(codec.DefaultOptions, true)
	for cy := 0; cy < hdr.HeightChunks; cy++ {
		if err := ctx.Err(); err != nil {
			return nil, st, err
		}
		for cx := 0; cx < hdr.WidthChunks; cx++ {
			c, err := chunks(cx, cy)
			if err != nil {
				return nil, st, fmt.Errorf("chunk (%d,%d): %w", cx, cy, err)
			}
			if _, err := set.Add(c); err != nil {
				return nil, st, fmt.Errorf("chunk (%d,%d): %w", cx, cy, err)
			}
			if c != nil {
				st.Chunks++
			}
			if cx%64 == 63 {
				runtime.Gosched() // a bake beside a running shard holds a core briefly (see bake.BuildMap)
			}
		}
	}
	return set, st, set.Finish()
}

// writeBody writes the records in their final form, the index, and then
// the header (which carries the index's place and checksum) to f.
func writeBody(ctx context.Context, f File, hdr *Header, set *codec.RecordSet, st *WriteStats) error {
	if _, err := f.Write(make([]byte, HeaderSize)); err != nil {
		return err
	}
	bw := bufio.NewWriterSize(f, 1<<20)
	ix := &index{chunkRec: set.ChunkRecords(), code: set.Code()}
	var rec []byte
	for id := 0; id < set.Records(); id++ {
		if id%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		rec = set.AppendRecord(rec[:0], id)
		if _, err := bw.Write(rec); err != nil {
			return err
		}
		ix.recLen = append(ix.recLen, uint32(len(rec)))
		ix.recSum = append(ix.recSum, recordSum(xxh3.Hash(rec)))
		st.RecordBytes += int64(len(rec))
		if codec.IsUniformRecord(rec) {
			st.Uniform++
		} else {
			st.Full++
		}
	}
	stored, err := compressIndex(ix.marshal())
	if err != nil {
		return err
	}
	if _, err := bw.Write(stored); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	hdr.Version = Version
	hdr.ChunkCount = st.Chunks
	hdr.RecordCount = len(ix.recLen)
	hdr.IndexOffset = HeaderSize + st.RecordBytes
	hdr.IndexLength = int64(len(stored))
	hdr.IndexChecksum = xxh3.Hash(stored)
	if _, err := f.WriteAt(hdr.marshal(), 0); err != nil {
		return err
	}
	st.Records = len(ix.recLen)
	st.IndexBytes = int64(len(stored))
	st.FileBytes = hdr.IndexOffset + hdr.IndexLength
	return nil
}
