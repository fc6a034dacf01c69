package codec

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/swb/swbtest"
)

// allOptions is every option set an encoder accepts (the gradient goes
// with the neighbour predictor only), strata columns with a few of them.
func allOptions() []Options {
	var out []Options
	for _, p := range []Predictor{PredictOwn, PredictNeighbour} {
		for _, l := range []Layout{LayoutArrays, LayoutPacked} {
			for _, h := range []bool{false, true} {
				for _, m := range []bool{false, true} {
					for _, g := range []bool{false, true} {
						if g && p != PredictNeighbour {
							continue
						}
						o := Options{Predictor: p, Layout: l, Huff: h, MaskGrid: m, Gradient: g}
						out = append(out, o)
						if l == LayoutPacked && m && g == (p == PredictNeighbour) {
							o.StrataColumns = true
							out = append(out, o)
						}
						if p == PredictNeighbour && h && g == m {
							o.InfoPred = true
							out = append(out, o)
						}
					}
				}
			}
		}
	}
	return out
}

// recordSetOf is the finished record set a file of chunks would hold.
func recordSetOf(tb testing.TB, o Options, chunks []*chunk.Chunk) *RecordSet {
	tb.Helper()
	set := NewRecordSet(o, false)
	for _, c := range chunks {
		if _, err := set.Add(c); err != nil {
			tb.Fatal(err)
		}
	}
	if err := set.Finish(); err != nil {
		tb.Fatal(err)
	}
	return set
}

// codecFor returns an encoder and a decoder for o sharing the file code
// a file would hold, built from chunks (when o asks for one).
func codecFor(tb testing.TB, o Options, chunks []*chunk.Chunk) (*Encoder, *Decoder) {
	tb.Helper()
	set := recordSetOf(tb, o, chunks)
	dec := NewDecoder()
	if err := dec.SetCode(set.Code()); err != nil {
		tb.Fatal(err)
	}
	return set.enc, dec
}

// TestRoundTripSynthetic: every option set decodes every synthetic chunk
// shape back to what was encoded.
func TestRoundTripSynthetic(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	chunks := swbtest.SynthChunks(rng, 140)
	for _, o := range allOptions() {
		enc, dec := codecFor(t, o, chunks)
		var rec []byte
		var err error
		for i, c := range chunks {
			rec, err = enc.AppendRecord(rec[:0], c)
			if err != nil {
				t.Fatalf("%+v chunk %d: %v", o, i, err)
			}
			var got chunk.Chunk
			got.Cells[3].Z = 99 // decode must overwrite everything
			got.StrataStart = new([chunk.NumCells + 1]uint16)
			if err := dec.DecodeRecord(rec, &got); err != nil {
				t.Fatalf("%+v chunk %d: decode: %v", o, i, err)
			}
			if !swbtest.ChunkEqual(c, &got) {
				t.Fatalf("%+v chunk %d (shape %d): round trip differs", o, i, i%7)
			}
		}
	}
}

// TestRoundTripBritannia: every option set decodes real hard chunks (a
// small Britannia map's forests, towns, shores, hills, dungeons and strata)
// back to what was encoded.
func TestRoundTripBritannia(t *testing.T) {
	chunks := swbtest.BritanniaFullChunks(t, 96)
	strata, swim := 0, 0
	for _, c := range chunks {
		strata += b2i(c.StrataStart != nil)
		swim += b2i(HasSwim(c))
	}
	if strata == 0 || swim == 0 {
		t.Fatalf("%d chunks: %d with strata, %d with a swim part; want both kinds", len(chunks), strata, swim)
	}
	for _, o := range allOptions() {
		set := recordSetOf(t, o, chunks)
		dec := NewDecoder()
		if err := dec.SetCode(set.Code()); err != nil {
			t.Fatal(err)
		}
		for i, c := range chunks {
			var got chunk.Chunk
			if err := dec.DecodeRecord(set.AppendRecord(nil, int(set.ChunkRecords()[i])), &got); err != nil {
				t.Fatalf("%v chunk %d: %v", o, i, err)
			}
			if !swbtest.ChunkEqual(c, &got) {
				t.Fatalf("%v chunk %d: round trip differs", o, i)
			}
		}
	}
}

// TestUniformRecordIsTiny: a uniform chunk is a 21-byte record.
func TestUniformRecordIsTiny(t *testing.T) {
	enc := NewEncoder(DefaultOptions)
	rec, err := enc.AppendRecord(nil, swbtest.UniformChunk(rand.New(rand.NewPCG(3, 4)), 0))
	if err != nil {
		t.Fatal(err)
	}
	if len(rec) != 1+CellSize {
		t.Fatalf("uniform record is %d bytes, want %d", len(rec), 1+CellSize)
	}
}

// TestEncodeRejectsBadStrata: a chunk whose strata frame is inconsistent is
// an error, not a silently different file.
func TestEncodeRejectsBadStrata(t *testing.T) {
	enc := NewEncoder(DefaultOptions)
	c := swbtest.HillChunk(rand.New(rand.NewPCG(5, 6)), false)
	c.Strata = make([]chunk.Cell, 3)
	if _, err := enc.AppendRecord(nil, c); err == nil {
		t.Fatal("strata without StrataStart accepted")
	}
	c.StrataStart = new([chunk.NumCells + 1]uint16)
	c.StrataStart[chunk.NumCells] = 2
	if _, err := enc.AppendRecord(nil, c); err == nil {
		t.Fatal("StrataStart framing 2 of 3 strata accepted")
	}
}

// TestDecodeTruncatedIsCorrupt: every prefix of a valid record (of the
// other option sets, the first and last 64 and every seventh) is refused
// with ErrCorrupt (never a panic, never a silent success).
func TestDecodeTruncatedIsCorrupt(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	chunks := []*chunk.Chunk{swbtest.RandomChunk(rng, true), swbtest.HillChunk(rng, true), swbtest.HillChunk(rng, false), swbtest.UniformChunk(rng, 0)}
	for _, o := range allOptions() {
		enc, dec := codecFor(t, o, chunks)
		for _, c := range chunks {
			rec, err := enc.AppendRecord(nil, c)
			if err != nil {
				t.Fatal(err)
			}
			for n := 0; n < len(rec); n++ {
				if o != DefaultOptions && n > 64 && n < len(rec)-64 && n%7 != 0 {
					continue // every prefix of the file's records; a sample of the others'
				}
				var got chunk.Chunk
				if err := dec.DecodeRecord(rec[:n], &got); !errors.Is(err, ErrCorrupt) {
					t.Fatalf("%+v: prefix %d/%d: err %v", o, n, len(rec), err)
				}
			}
		}
	}
}

// TestHuffmanRecordsUsed: with the file code, hill chunks are stored coded
// (the stage the default options rely on), and a decoder without the code
// refuses them as corrupt.
func TestHuffmanRecordsUsed(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	chunks := []*chunk.Chunk{swbtest.HillChunk(rng, false), swbtest.HillChunk(rng, true), swbtest.HillChunk(rng, false)}
	enc, dec := codecFor(t, DefaultOptions, chunks)
	plain := NewDecoder()
	for i, c := range chunks {
		rec, err := enc.AppendRecord(nil, c)
		if err != nil {
			t.Fatal(err)
		}
		if rec[0] != kindFull|tagHuff {
			t.Fatalf("chunk %d: tag %#x, want Huffman-coded", i, rec[0])
		}
		var got chunk.Chunk
		if err := dec.DecodeRecord(rec, &got); err != nil || !swbtest.ChunkEqual(c, &got) {
			t.Fatalf("chunk %d: %v", i, err)
		}
		if err := plain.DecodeRecord(rec, &got); !errors.Is(err, ErrCorrupt) {
			t.Fatalf("chunk %d without the code: %v", i, err)
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestSourcePredictorChoice: the encoder stores SourceZ against the
// gradient on a bowl (exact on any sum of a column's and a row's height)
// and against the cell above around isolated bumps (where the gradient
// spreads each bump over four residuals); both round-trip.
func TestSourcePredictorChoice(t *testing.T) {
	rng := rand.New(rand.NewPCG(61, 62))
	bowl, bumps := swbtest.HillChunk(rng, false), swbtest.HillChunk(rng, false)
	for i := range bowl.Cells {
		x, y := i%chunk.Size, i/chunk.Size
		bowl.Cells[i].Z = int8(x*x/3 + y*y/5 - 20)
		bumps.Cells[i].Z = 5
		if (x*5+y*3)%13 == 0 {
			bumps.Cells[i].Z = 9
		}
	}
	o := DefaultOptions
	o.Huff = false
	enc, dec := NewEncoder(o), NewDecoder()
	for _, tc := range []struct {
		name string
		c    *chunk.Chunk
		grad bool
	}{{"bowl", bowl, true}, {"bumps", bumps, false}} {
		rec, err := enc.AppendRecord(nil, tc.c)
		if err != nil {
			t.Fatal(err)
		}
		if got := rec[1]&flagGradient != 0; got != tc.grad {
			t.Fatalf("%s: gradient %v, want %v", tc.name, got, tc.grad)
		}
		var got chunk.Chunk
		if err := dec.DecodeRecord(rec, &got); err != nil || !swbtest.ChunkEqual(tc.c, &got) {
			t.Fatalf("%s: round trip: %v", tc.name, err)
		}
	}
}
