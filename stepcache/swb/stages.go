package swb

import (
	"fmt"

	"github.com/klauspost/compress/zstd"
	"github.com/zeebo/xxh3"

	"shardcore/stepcache"
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

// Stages measures, step by step, what each encoding idea buys on chunks
// (row-major, nil = absent), ending with the format Write produces; the last
// row is the reference v9 encoder on the same chunks.
func Stages(chunks []*stepcache.Chunk) ([]Stage, error) {
	present := int64(0)
	var raw, uni int64
	var buf []byte
	for _, c := range chunks {
		if c == nil {
			continue
		}
		present++
		buf = appendRaw(buf[:0], c)
		raw += int64(1 + len(buf))
		if IsUniform(c) {
			uni += 1 + cellSize
		} else {
			uni += int64(1 + len(buf))
		}
	}
	idx := present * plainIndexEntry
	out := []Stage{
		{"fixed full records (20 B/cell + strata)", HeaderSize + raw + idx},
		{"+ uniform chunks as one 21-byte record", HeaderSize + uni + idx},
	}
	steps := []struct {
		name string
		o    Options
	}{
		{"+ Z residuals vs own SourceZ, zero arrays omitted (v6)", Options{PredictOwn, LayoutArrays, false, false}},
		{"+ predict Z[d] from neighbour d's SourceZ, SourceZ by MED", Options{PredictNeighbour, LayoutArrays, false, false}},
		{"+ packed planes and sparse residual bitmaps", Options{PredictNeighbour, LayoutPacked, false, false}},
		{"(optional, off by default) huff0 per record when smaller", Options{PredictNeighbour, LayoutPacked, false, true}},
		{"+ zstd per record (when smaller)", Options{PredictNeighbour, LayoutPacked, true, false}},
	}
	for _, s := range steps {
		n, err := recordBytes(chunks, s.o, false)
		if err != nil {
			return nil, err
		}
		out = append(out, Stage{s.name, HeaderSize + n + idx})
	}
	final := DefaultOptions
	n, err := recordBytes(chunks, final, true)
	if err != nil {
		return nil, err
	}
	out = append(out, Stage{fmt.Sprintf("+ identical records stored once (format: %s)", final), HeaderSize + n + idx})
	ix, err := indexBytes(chunks)
	if err != nil {
		return nil, err
	}
	out = append(out, Stage{"+ compact zstd index (the file Write produces)", HeaderSize + n + ix})
	out = append(out, Stage{"reference: C# v9 (zlib-9 records, 8 B index)", ReferenceSize(chunks)})
	return out, nil
}

// String names the option set.
func (o Options) String() string {
	p := map[Predictor]string{PredictOwn: "own", PredictNeighbour: "neighbour"}[o.Predictor]
	l := map[Layout]string{LayoutArrays: "arrays", LayoutPacked: "packed"}[o.Layout]
	if o.Huff {
		l += "+huff0"
	}
	if o.Zstd {
		l += "+zstd"
	}
	return p + "/" + l
}

func recordBytes(chunks []*stepcache.Chunk, o Options, dedup bool) (int64, error) {
	enc, err := NewEncoder(o)
	if err != nil {
		return 0, err
	}
	seen := map[xxh3.Uint128]bool{}
	var n int64
	var raw, rec []byte
	for _, c := range chunks {
		if c == nil {
			continue
		}
		if dedup {
			raw = appendRaw(raw[:0], c)
			k := xxh3.Hash128(raw)
			if seen[k] {
				continue
			}
			seen[k] = true
		}
		rec, err = enc.AppendRecord(rec[:0], c)
		if err != nil {
			return 0, err
		}
		n += int64(len(rec))
	}
	return n, nil
}

// indexBytes is the stored size of the index Write would produce.
func indexBytes(chunks []*stepcache.Chunk) (int64, error) {
	enc, err := NewEncoder(DefaultOptions)
	if err != nil {
		return 0, err
	}
	ix := &index{chunkRec: make([]int32, len(chunks))}
	seen := map[xxh3.Uint128]int32{}
	var raw, rec []byte
	for i, c := range chunks {
		if c == nil {
			ix.chunkRec[i] = -1
			continue
		}
		raw = appendRaw(raw[:0], c)
		k := xxh3.Hash128(raw)
		if id, ok := seen[k]; ok {
			ix.chunkRec[i] = id
			continue
		}
		rec, err = enc.AppendRecord(rec[:0], c)
		if err != nil {
			return 0, err
		}
		id := int32(len(ix.recLen))
		seen[k] = id
		ix.chunkRec[i] = id
		ix.recLen = append(ix.recLen, uint32(len(rec)))
		ix.recSum = append(ix.recSum, recordSum(xxh3.Hash(rec)))
	}
	st, err := compressIndex(ix.marshal())
	return int64(len(st)), err
}

var _ = zstd.SpeedBestCompression
