package swb

import (
	"errors"
	"math/rand/v2"
	"testing"

	"shardcore/stepcache"
)

func allOptions() []Options {
	var out []Options
	for _, p := range []Predictor{PredictOwn, PredictNeighbour} {
		for _, l := range []Layout{LayoutArrays, LayoutPacked} {
			for _, z := range []bool{false, true} {
				for _, h := range []bool{false, true} {
					out = append(out, Options{Predictor: p, Layout: l, Zstd: z, Huff: h})
				}
			}
		}
	}
	return out
}

// recordSetOf is the finished record set Write would build from chunks.
func recordSetOf(tb testing.TB, o Options, chunks []*stepcache.Chunk) *recordSet {
	tb.Helper()
	set, err := newRecordSet(o, false)
	if err != nil {
		tb.Fatal(err)
	}
	for _, c := range chunks {
		if _, err := set.add(c); err != nil {
			tb.Fatal(err)
		}
	}
	if err := set.finish(); err != nil {
		tb.Fatal(err)
	}
	return set
}

// codecFor returns an encoder and a decoder for o sharing the file code
// Write would build from chunks (when o asks for one).
func codecFor(tb testing.TB, o Options, chunks []*stepcache.Chunk) (*Encoder, *Decoder) {
	tb.Helper()
	set := recordSetOf(tb, o, chunks)
	dec, err := NewDecoder()
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(dec.Close)
	if set.code != nil {
		h, ok := newHuffDecoder(set.code)
		if !ok {
			tb.Fatal("file code does not decode")
		}
		dec.setCode(h)
	}
	return set.enc, dec
}

// TestRoundTripSynthetic: every option set decodes every synthetic chunk
// shape back to what was encoded.
func TestRoundTripSynthetic(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	chunks := synthChunks(rng, 140)
	for _, o := range allOptions() {
		enc, dec := codecFor(t, o, chunks)
		var rec []byte
		var err error
		for i, c := range chunks {
			rec, err = enc.AppendRecord(rec[:0], c)
			if err != nil {
				t.Fatalf("%+v chunk %d: %v", o, i, err)
			}
			var got stepcache.Chunk
			got.Cells[3].Z = 99 // decode must overwrite everything
			got.StrataStart = new([stepcache.ChunkCells + 1]uint16)
			if err := dec.DecodeRecord(rec, &got); err != nil {
				t.Fatalf("%+v chunk %d: decode: %v", o, i, err)
			}
			if !chunkEqual(c, &got) {
				t.Fatalf("%+v chunk %d (shape %d): round trip differs", o, i, i%7)
			}
		}
	}
}

// TestUniformRecordIsTiny: a uniform chunk is a 21-byte record.
func TestUniformRecordIsTiny(t *testing.T) {
	enc, _ := NewEncoder(DefaultOptions)
	rec, err := enc.AppendRecord(nil, uniformChunk(rand.New(rand.NewPCG(3, 4)), 0))
	if err != nil {
		t.Fatal(err)
	}
	if len(rec) != 1+cellSize {
		t.Fatalf("uniform record is %d bytes, want %d", len(rec), 1+cellSize)
	}
}

// TestEncodeRejectsBadStrata: a chunk whose strata frame is inconsistent is
// an error, not a silently different file.
func TestEncodeRejectsBadStrata(t *testing.T) {
	enc, _ := NewEncoder(DefaultOptions)
	c := hillChunk(rand.New(rand.NewPCG(5, 6)), false)
	c.Strata = make([]stepcache.Cell, 3)
	if _, err := enc.AppendRecord(nil, c); err == nil {
		t.Fatal("strata without StrataStart accepted")
	}
	c.StrataStart = new([stepcache.ChunkCells + 1]uint16)
	c.StrataStart[stepcache.ChunkCells] = 2
	if _, err := enc.AppendRecord(nil, c); err == nil {
		t.Fatal("StrataStart framing 2 of 3 strata accepted")
	}
}

// TestDecodeTruncatedIsCorrupt: every prefix of a valid record is refused
// with ErrCorrupt (never a panic, never a silent success).
func TestDecodeTruncatedIsCorrupt(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	chunks := []*stepcache.Chunk{randomChunk(rng, true), hillChunk(rng, true), hillChunk(rng, false), uniformChunk(rng, 0)}
	for _, o := range allOptions() {
		enc, dec := codecFor(t, o, chunks)
		for _, c := range chunks {
			rec, err := enc.AppendRecord(nil, c)
			if err != nil {
				t.Fatal(err)
			}
			for n := 0; n < len(rec); n++ {
				var got stepcache.Chunk
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
	chunks := []*stepcache.Chunk{hillChunk(rng, false), hillChunk(rng, true), hillChunk(rng, false)}
	enc, dec := codecFor(t, DefaultOptions, chunks)
	plain, _ := NewDecoder()
	defer plain.Close()
	for i, c := range chunks {
		rec, err := enc.AppendRecord(nil, c)
		if err != nil {
			t.Fatal(err)
		}
		if rec[0] != kindFull|tagHuff {
			t.Fatalf("chunk %d: tag %#x, want Huffman-coded", i, rec[0])
		}
		var got stepcache.Chunk
		if err := dec.DecodeRecord(rec, &got); err != nil || !chunkEqual(c, &got) {
			t.Fatalf("chunk %d: %v", i, err)
		}
		if err := plain.DecodeRecord(rec, &got); !errors.Is(err, ErrCorrupt) {
			t.Fatalf("chunk %d without the code: %v", i, err)
		}
	}
}
