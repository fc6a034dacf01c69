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

// TestRoundTripSynthetic: every option set decodes every synthetic chunk
// shape back to what was encoded.
func TestRoundTripSynthetic(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	chunks := synthChunks(rng, 140)
	dec, err := NewDecoder()
	if err != nil {
		t.Fatal(err)
	}
	defer dec.Close()
	for _, o := range allOptions() {
		enc, err := NewEncoder(o)
		if err != nil {
			t.Fatal(err)
		}
		var rec []byte
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
	dec, _ := NewDecoder()
	defer dec.Close()
	for _, o := range allOptions() {
		enc, _ := NewEncoder(o)
		for _, c := range []*stepcache.Chunk{randomChunk(rng, true), hillChunk(rng, true), uniformChunk(rng, 0)} {
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
