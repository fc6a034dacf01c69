package swb

import (
	"fmt"

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
// row is the reference v9 encoder on the same chunks. One row, marked, is a
// comparison that the file does not use.
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
		{"+ Z residuals vs own SourceZ, zero arrays omitted (v6)", Options{Predictor: PredictOwn, Layout: LayoutArrays}},
		{"+ predict Z[d] from neighbour d's SourceZ, SourceZ from the cell above", Options{Predictor: PredictNeighbour, Layout: LayoutArrays}},
		{"+ packed planes, edge-ring corrections, sparse residuals", Options{Predictor: PredictNeighbour, Layout: LayoutPacked}},
		{"(comparison, not used) zstd frame per record when smaller", Options{Predictor: PredictNeighbour, Layout: LayoutPacked, Zstd: true}},
		{"+ one Huffman code per file (stored once), per record when smaller", Options{Predictor: PredictNeighbour, Layout: LayoutPacked, Huff: true}},
	}
	for _, s := range steps {
		set, n, err := measure(chunks, s.o, false)
		if err != nil {
			return nil, err
		}
		if set.code != nil {
			n += huffLensSize
		}
		out = append(out, Stage{s.name, HeaderSize + n + idx})
	}
	set, n, err := measure(chunks, DefaultOptions, true)
	if err != nil {
		return nil, err
	}
	ixBytes := n + idx
	if set.code != nil {
		ixBytes += huffLensSize
	}
	out = append(out, Stage{fmt.Sprintf("+ identical records stored once (format: %s)", DefaultOptions), HeaderSize + ixBytes})
	ix := &index{chunkRec: set.chunkRec, code: set.code}
	var rec []byte
	for id := 0; id < set.records(); id++ {
		rec = set.appendRecord(rec[:0], id)
		ix.recLen = append(ix.recLen, uint32(len(rec)))
		ix.recSum = append(ix.recSum, recordSum(xxh3.Hash(rec)))
	}
	stored, err := compressIndex(ix.marshal())
	if err != nil {
		return nil, err
	}
	out = append(out, Stage{"+ compact zstd index, code inside (the file Write produces)", HeaderSize + n + int64(len(stored))})
	out = append(out, Stage{"reference: C# v9 (zlib-9 records, 8 B index)", ReferenceSize(chunks)})
	return out, nil
}

// String names the option set.
func (o Options) String() string {
	p := map[Predictor]string{PredictOwn: "own", PredictNeighbour: "neighbour"}[o.Predictor]
	l := map[Layout]string{LayoutArrays: "arrays", LayoutPacked: "packed"}[o.Layout]
	if o.Huff {
		l += "+huffman"
	}
	if o.Zstd {
		l += "+zstd"
	}
	return p + "/" + l
}

// measure encodes chunks as Write would with o (dedup: identical records
// once) and returns the record set and the records' stored bytes.
func measure(chunks []*stepcache.Chunk, o Options, dedup bool) (*recordSet, int64, error) {
	set, err := newRecordSet(o, dedup)
	if err != nil {
		return nil, 0, err
	}
	for _, c := range chunks {
		if _, err := set.add(c); err != nil {
			return nil, 0, err
		}
	}
	if err := set.finish(); err != nil {
		return nil, 0, err
	}
	var n int64
	var rec []byte
	for id := 0; id < set.records(); id++ {
		rec = set.appendRecord(rec[:0], id)
		n += int64(len(rec))
	}
	return set, n, nil
}

// appendRaw appends c's content in the fixed plain form: 256 cells, then the
// strata frame and strata when present.
func appendRaw(dst []byte, c *stepcache.Chunk) []byte {
	for i := range c.Cells {
		dst = appendCell(dst, &c.Cells[i])
	}
	if c.StrataStart != nil {
		dst = append(dst, 1)
		for _, s := range c.StrataStart {
			dst = append(dst, byte(s), byte(s>>8))
		}
		for i := range c.Strata {
			dst = appendCell(dst, &c.Strata[i])
		}
	}
	return dst
}
