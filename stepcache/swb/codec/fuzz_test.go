package codec

import (
	"bytes"
	"errors"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/swb/swbtest"
)

// fuzzRecord is a FuzzDecodeRecord base: 0 and a record (no file code), or
// 1, the 128 bytes of a file's code lengths and a record.
func fuzzRecord(code *[256]uint8, rec []byte) []byte {
	if code == nil {
		return append([]byte{0}, rec...)
	}
	return append(AppendLens([]byte{1}, code), rec...)
}

// splitFuzzRecord is the inverse of fuzzRecord: the decoder with the
// input's code installed (none when its lengths are not a code) and the
// record.
func splitFuzzRecord(dec *Decoder, in []byte) []byte {
	rec := in[1:]
	_ = dec.SetCode(nil)
	if in[0] == 1 && len(rec) >= LensSize {
		lens := ParseLens(rec[:LensSize])
		_ = dec.SetCode(&lens)
		rec = rec[LensSize:]
	}
	return rec
}

// fuzzBaseDir holds the real records FuzzDecodeRecord's inputs edit, with
// their file's code (fuzzRecord), written by TestWriteFuzzSeeds.
var fuzzBaseDir = filepath.Join("testdata", "fuzzbase", "FuzzDecodeRecord")

// fuzzBases are the records FuzzDecodeRecord's inputs edit (fuzzRecord
// form): the committed real ones in name order, then those of synthetic
// chunks under every fourth option set.
func fuzzBases(tb testing.TB) [][]byte {
	tb.Helper()
	names, err := filepath.Glob(filepath.Join(fuzzBaseDir, "*"))
	if err != nil || len(names) == 0 {
		tb.Fatalf("no fuzz base records in %s (%v): regenerate with SWB_WRITE_SEEDS=1", fuzzBaseDir, err)
	}
	slices.Sort(names)
	var out [][]byte
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, b)
	}
	chunks := swbtest.SynthChunks(rand.New(rand.NewPCG(31, 32)), 7)
	for i, o := range allOptions() {
		if i%4 != 0 {
			continue
		}
		set := recordSetOf(tb, o, chunks)
		for id := range set.Records() {
			out = append(out, fuzzRecord(set.Code(), set.AppendRecord(nil, id)))
		}
	}
	return out
}

// fuzzEncoding is the option set FuzzDecodeRecord re-encodes with unless an
// input asks for DefaultOptions: the cheapest (own predictor, arrays, no
// Huffman), a fifth of DefaultOptions' cost.
var fuzzEncoding = Options{Predictor: PredictOwn, Layout: LayoutArrays}

// FuzzDecodeRecord: any code lengths and record bytes decode or return
// ErrCorrupt, never panic; what decodes re-encodes (with DefaultOptions when
// the input's first byte has its high bit set, else fuzzEncoding) to a
// record that decodes to the same chunk. An input (swbtest.Input) is an
// edit of one of the base records, code lengths included, or a small record
// whole; the committed corpus (testdata/fuzz/FuzzDecodeRecord, see
// TestWriteFuzzSeeds) holds the real bases whole, cut and without their
// code. On whole records as inputs the fuzzer spent its run minimizing
// (165 executions in 20 s).
func FuzzDecodeRecord(f *testing.F) {
	bases := fuzzBases(f)
	for i := range bases {
		f.Add(swbtest.EditInput(i, false))
	}
	dec := NewDecoder()
	cheap, full := NewEncoder(fuzzEncoding), NewEncoder(DefaultOptions)
	f.Fuzz(func(t *testing.T, in []byte) {
		b, useFull, ok := swbtest.Input(in, bases)
		if !ok || len(b) == 0 {
			return
		}
		rec := splitFuzzRecord(dec, b)
		var c chunk.Chunk
		if err := dec.DecodeRecord(rec, &c); err != nil {
			if !errors.Is(err, ErrCorrupt) {
				t.Fatalf("not ErrCorrupt: %v", err)
			}
			return
		}
		enc := cheap
		if useFull {
			enc = full
		}
		again, err := enc.AppendRecord(nil, &c)
		if err != nil {
			t.Fatalf("decoded chunk does not re-encode: %v", err)
		}
		var c2 chunk.Chunk
		if err := dec.DecodeRecord(again, &c2); err != nil || !swbtest.ChunkEqual(&c, &c2) {
			t.Fatalf("re-encoded record differs (%v)", err)
		}
	})
}

// FuzzKernels: on arbitrary bytes, the platform's kernels (assembly on
// amd64) agree with the Go functions they mirror: the cell writer and the
// Info predictor on any grid and planes, the Huffman bulk loop on any coded bits and bit limit,
// valid or not (output, state and verdict), under one of the test
// histograms' codes (the first byte picks it).
func FuzzKernels(f *testing.F) {
	var decs []*huffDecoder
	hs := testHistograms()
	for _, name := range slices.Sorted(maps.Keys(hs)) {
		lens, _ := buildHuffLens(hs[name])
		dec, ok := newHuffDecoder(&lens)
		if !ok {
			f.Fatal("built lengths do not decode")
		}
		decs = append(decs, dec)
	}
	f.Add([]byte{}, uint16(0))
	f.Add(bytes.Repeat([]byte{0x5A, 0x01, 0xFF, 0x80}, 300), uint16(4000))
	f.Add(bytes.Repeat([]byte{7}, 2000), uint16(65535))
	f.Fuzz(func(t *testing.T, in []byte, limit uint16) {
		checkCellsKernel(t, in)
		checkInfoKernel(t, in)
		if len(in) > 0 {
			checkHuffKernel(t, decs[int(in[0])%len(decs)], in[1:], int(limit))
		}
	})
}

// checkInfoKernel fills a grid and a Walk plane from in (repeated; zeros
// when empty) and compares the two Info predictors.
func checkInfoKernel(t *testing.T, in []byte) {
	var pad [padLen]byte
	var walk, a, b [chunk.NumCells]byte
	if len(in) > 0 {
		for i := range pad {
			pad[i] = in[i%len(in)]
		}
		for i := range walk {
			walk[i] = in[(i+3)%len(in)]
		}
	}
	checkInfoPred(t, &pad, &walk, &a, &b)
}

// checkCellsKernel fills a grid and three planes from in (repeated; zeros
// when empty) and compares the two cell writers.
func checkCellsKernel(t *testing.T, in []byte) {
	var pad [padLen]byte
	var walk, wet, info [chunk.NumCells]byte
	if len(in) > 0 {
		for i := range pad {
			pad[i] = in[i%len(in)]
		}
		for i := range walk {
			walk[i], wet[i], info[i] = in[(i+7)%len(in)], in[(3*i+1)%len(in)], in[(5*i+2)%len(in)]
		}
	}
	var a, b chunk.Chunk
	cellBytes(&a)[7] = 1 // both must overwrite everything
	cellsNeighbour(&pad, &walk, &wet, &info, &a)
	cellsNeighbourGo(&pad, &walk, &wet, &info, cellWords(&b))
	if a.Cells != b.Cells {
		t.Fatal("cell kernel and Go cells differ")
	}
}

// checkHuffKernel takes in as coded bits, limit as the bits available, and
// compares the two bulk loops decoding up to 4 symbols per coded byte.
func checkHuffKernel(t *testing.T, dec *huffDecoder, in []byte, limit int) {
	coded := append(append([]byte(nil), in...), make([]byte, HuffPad)...)
	m := len(in)
	n := 4 * (m + 1)
	if n < huffBulkMin {
		return
	}
	mbits := min(limit, m*8)
	outA, outB := make([]byte, n+4), make([]byte, n+4)
	var sa, sb huffState
	okA := huffBulk(&dec.multi, &outA[0], n-huffBulkMin, &coded[0], mbits, &sa)
	okB := huffBulkGo(&dec.multi, &outB[0], n-huffBulkMin, &coded[0], mbits, &sb)
	if okA != okB || sa != sb || !bytes.Equal(outA, outB) {
		t.Fatalf("Huffman kernel %v %+v, Go %v %+v", okA, sa, okB, sb)
	}
}
