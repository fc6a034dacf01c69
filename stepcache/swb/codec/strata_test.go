package codec

import (
	"math/rand/v2"
	"testing"

	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/swb/swbtest"
)

// TestColumnRoundTrip: every column (constant, a few exceptions, noise; 1
// to 300 strata) reads back as written, in the mode its content calls for,
// and every cut of it is refused.
func TestColumnRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(51, 52))
	modes := map[byte]int{}
	for trial := range 600 {
		n := 1 + rng.IntN(300)
		v := make([]byte, n)
		base := byte(rng.Uint32())
		for i := range v {
			v[i] = base
			if trial%3 > 0 && rng.IntN(10*(trial%3)) == 0 || trial%3 == 2 && rng.IntN(2) == 0 {
				v[i] = byte(rng.Uint32())
			}
		}
		col := appendColumn(nil, v)
		modes[col[0]]++
		got := make([]byte, n)
		r := rd{b: col}
		r.readColumn(got)
		if r.bad || r.off != len(col) || string(got) != string(v) {
			t.Fatalf("trial %d (mode %d, %d strata): round trip differs", trial, col[0], n)
		}
		for cut := 0; cut < len(col); cut++ {
			r := rd{b: col[:cut]}
			r.readColumn(got)
			if !r.bad {
				t.Fatalf("trial %d: a cut at %d/%d reads", trial, cut, len(col))
			}
		}
	}
	if modes[colConst] == 0 || modes[colExcept] == 0 || modes[colRaw] == 0 {
		t.Fatalf("modes used %v, want all three", modes)
	}
}

// TestStrataColumnsEdges: strata columns round-trip a chunk with a strata
// frame and no strata, and one with the most strata a cell can hold.
func TestStrataColumnsEdges(t *testing.T) {
	rng := rand.New(rand.NewPCG(53, 54))
	empty := swbtest.HillChunk(rng, false)
	empty.StrataStart = new([chunk.NumCells + 1]uint16)
	full := swbtest.HillChunk(rng, true)
	full.StrataStart = new([chunk.NumCells + 1]uint16)
	for i := 1; i <= chunk.NumCells; i++ {
		full.StrataStart[i] = full.StrataStart[i-1]
		if i == 7 {
			full.StrataStart[i] += 255
		}
	}
	full.Strata = make([]chunk.Cell, 255)
	for k := range full.Strata {
		full.Strata[k] = swbtest.RandCell(rng)
	}
	enc, dec := codecFor(t, DefaultOptions, []*chunk.Chunk{empty, full})
	for name, c := range map[string]*chunk.Chunk{"empty": empty, "full cell": full} {
		rec, err := enc.AppendRecord(nil, c)
		if err != nil {
			t.Fatal(err)
		}
		var got chunk.Chunk
		if err := dec.DecodeRecord(rec, &got); err != nil || !swbtest.ChunkEqual(c, &got) {
			t.Fatalf("%s: round trip: %v", name, err)
		}
	}
}
