package lab

import (
	"context"
	"encoding/binary"
	"fmt"
	"time"

	"github.com/klauspost/compress/zstd"

	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/swb"
	"github.com/shardcore/shardcore/stepcache/swb/codec"
)

// Stage is one step of the size table: what the chunks would cost with the
// encodings up to and including this one.
type Stage struct {
	Name  string
	Bytes int64
}

// plainIndexEntry is a straightforward index entry (offset u64, length u32,
// checksum u32; the key implicit in a dense row-major table), the index the
// early stages are charged with.
const plainIndexEntry = 16

// Stages measures, step by step, what each encoding idea buys on chunks (a
// map wide chunks across, row-major, nil = absent), ending with the file
// stepcache/swb writes; the last row is the reference v9 encoder on the
// same chunks. One row, marked, is a comparison that the file does not use.
func Stages(chunks []*chunk.Chunk, wide int) ([]Stage, error) {
	present, raw, uni := rawSizes(chunks)
	idx := present * plainIndexEntry
	out := []Stage{
		{"fixed full records (20 B/cell + strata)", swb.HeaderSize + raw + idx},
		{"+ uniform chunks as one 21-byte record", swb.HeaderSize + uni + idx},
	}
	own := codec.Options{Predictor: codec.PredictOwn, Layout: codec.LayoutArrays}
	nbr := codec.Options{Predictor: codec.PredictNeighbour, Layout: codec.LayoutArrays}
	packed := codec.Options{Predictor: codec.PredictNeighbour, Layout: codec.LayoutPacked}
	// The format 5 steps, each measured with the file's Huffman code (the
	// gains are in coded bytes: a plane of zeros is as long as the plane).
	huff := packed
	huff.Huff = true
	grid := huff
	grid.MaskGrid = true
	grad := grid
	grad.Gradient = true
	cols := grad
	cols.StrataColumns = true
	plain := codec.DefaultOptions
	plain.Huff = false
	steps := []struct {
		name string
		size func() (int64, error)
	}{
		{"+ Z residuals vs own SourceZ, zero arrays omitted (v6)", func() (int64, error) { return recordBytes(chunks, own, false) }},
		{"+ predict Z[d] from neighbour d's SourceZ, SourceZ from the cell above", func() (int64, error) { return recordBytes(chunks, nbr, false) }},
		{"+ packed planes, edge-ring corrections, sparse residuals", func() (int64, error) { return recordBytes(chunks, packed, false) }},
		{"+ one Huffman code per file (stored once), per record when smaller", func() (int64, error) { return recordBytes(chunks, huff, false) }},
		{"+ Walk and Wet against a grid of blocked cells", func() (int64, error) { return recordBytes(chunks, grid, false) }},
		{"+ SourceZ from left + above − above-left (gradient)", func() (int64, error) { return recordBytes(chunks, grad, false) }},
		{"+ strata as columns", func() (int64, error) { return recordBytes(chunks, cols, false) }},
		{"+ Info XOR the window its neighbours' heights predict", func() (int64, error) {
			return recordBytes(chunks, codec.DefaultOptions, false)
		}},
		{"(comparison, not used) zstd frame per record instead of the Huffman code", func() (int64, error) { return zstdRecordBytes(chunks, plain) }},
		{fmt.Sprintf("+ identical records stored once (format: %s)", codec.DefaultOptions), func() (int64, error) {
			return recordBytes(chunks, codec.DefaultOptions, true)
		}},
	}
	for _, s := range steps {
		n, err := s.size()
		if err != nil {
			return nil, err
		}
		out = append(out, Stage{s.name, swb.HeaderSize + n + idx})
	}
	file, err := fileBytes(chunks, wide)
	if err != nil {
		return nil, err
	}
	out = append(out, Stage{"+ compact zstd index, code inside (the file swb.Write produces)", file})
	out = append(out, Stage{"reference: C# v9 (zlib-9 records, 8 B index)", ReferenceSize(chunks)})
	return out, nil
}

// rawSizes counts the chunks present and their bytes as fixed full records
// (a tag and the raw cells and strata), and with uniform chunks as one
// 21-byte record.
func rawSizes(chunks []*chunk.Chunk) (present, raw, uni int64) {
	var buf []byte
	for _, c := range chunks {
		if c == nil {
			continue
		}
		present++
		buf = appendRaw(buf[:0], c)
		raw += int64(1 + len(buf))
		if codec.IsUniform(c) {
			uni += 1 + codec.CellSize
		} else {
			uni += int64(1 + len(buf))
		}
	}
	return present, raw, uni
}

// recordSet encodes chunks as a file would with o (dedup: identical
// records once).
func recordSet(chunks []*chunk.Chunk, o codec.Options, dedup bool) (*codec.RecordSet, error) {
	set := codec.NewRecordSet(o, dedup)
	for _, c := range chunks {
		if _, err := set.Add(c); err != nil {
			return nil, err
		}
	}
	return set, set.Finish()
}

// recordBytes is the records' stored bytes with o, plus the code when the
// set has one.
func recordBytes(chunks []*chunk.Chunk, o codec.Options, dedup bool) (int64, error) {
	set, err := recordSet(chunks, o, dedup)
	if err != nil {
		return 0, err
	}
	var n int64
	var rec []byte
	for id := 0; id < set.Records(); id++ {
		rec = set.AppendRecord(rec[:0], id)
		n += int64(len(rec))
	}
	if set.Code() != nil {
		n += codec.LensSize
	}
	return n, nil
}

// zstdRecordBytes is the records' bytes with o (no Huffman code) and each
// full body stored as a tag, its length and one zstd frame where that is
// smaller: the entropy stage of format versions 1 and 2, which read ≈2–3 µs
// slower per record (a frame's setup) than the file's Huffman code.
func zstdRecordBytes(chunks []*chunk.Chunk, o codec.Options) (int64, error) {
	set, err := recordSet(chunks, o, false)
	if err != nil {
		return 0, err
	}
	z, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedBestCompression),
		zstd.WithEncoderConcurrency(1), zstd.WithZeroFrames(true),
		zstd.WithEncoderCRC(false), zstd.WithSingleSegment(true))
	if err != nil {
		return 0, fmt.Errorf("lab: zstd encoder: %w", err)
	}
	defer z.Close()
	var n int64
	var frame []byte
	for id := 0; id < set.Records(); id++ {
		p := set.Plain(id)
		if codec.IsUniformRecord(p) {
			n += int64(len(p))
			continue
		}
		body := p[1:]
		frame = z.EncodeAll(body, frame[:0])
		n += int64(min(len(p), 1+len(binary.AppendUvarint(nil, uint64(len(body))))+len(frame)))
	}
	return n, nil
}

// fileBytes is the size of the file swb.Write produces from chunks,
// written through an FS that keeps nothing.
func fileBytes(chunks []*chunk.Chunk, wide int) (int64, error) {
	if wide <= 0 || len(chunks)%wide != 0 {
		return 0, fmt.Errorf("lab: %d chunks are not rows of %d", len(chunks), wide)
	}
	hdr := swb.Header{WidthChunks: wide, HeightChunks: len(chunks) / wide, BakeTime: time.Unix(0, 0)}
	st, err := swb.WriteFS(context.Background(), discardFS{}, "stages.swb", hdr, swb.SliceChunks(chunks, wide))
	if err != nil {
		return 0, err
	}
	return st.FileBytes, nil
}

// appendRaw appends c's content in the fixed plain form: 256 cells, then the
// strata frame and strata when present.
func appendRaw(dst []byte, c *chunk.Chunk) []byte {
	for i := range c.Cells {
		dst = codec.AppendCell(dst, &c.Cells[i])
	}
	if c.StrataStart != nil {
		dst = append(dst, 1)
		for _, s := range c.StrataStart {
			dst = append(dst, byte(s), byte(s>>8))
		}
		for i := range c.Strata {
			dst = codec.AppendCell(dst, &c.Strata[i])
		}
	}
	return dst
}
