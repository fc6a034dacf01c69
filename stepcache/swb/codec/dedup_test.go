package codec

import (
	"math/rand/v2"
	"testing"

	"github.com/zeebo/xxh3"

	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/swb/swbtest"
)

// TestDedupCollision: with every record hashing alike, identical chunks
// still share a record and different ones never do (dedup compares bytes),
// and every chunk's record decodes back to it.
func TestDedupCollision(t *testing.T) {
	chunks := swbtest.SynthMap(21, 9, 7)
	set := NewRecordSet(DefaultOptions, true)
	set.hash = func([]byte) xxh3.Uint128 { return xxh3.Uint128{Hi: 1, Lo: 2} }
	for _, c := range chunks {
		if _, err := set.Add(c); err != nil {
			t.Fatal(err)
		}
	}
	if err := set.Finish(); err != nil {
		t.Fatal(err)
	}
	recs := set.ChunkRecords()
	for i, a := range chunks {
		for j, b := range chunks[:i] {
			if a == nil || b == nil {
				continue
			}
			if same := recs[i] == recs[j]; same != swbtest.ChunkEqual(a, b) {
				t.Fatalf("chunks %d and %d: same record %v, equal %v", i, j, same, !same)
			}
		}
	}
	dec := NewDecoder()
	if err := dec.SetCode(set.Code()); err != nil {
		t.Fatal(err)
	}
	for i, c := range chunks {
		if (recs[i] < 0) != (c == nil) {
			t.Fatalf("chunk %d: record %d", i, recs[i])
		}
		if c == nil {
			continue
		}
		var got chunk.Chunk
		if err := dec.DecodeRecord(set.AppendRecord(nil, int(recs[i])), &got); err != nil || !swbtest.ChunkEqual(c, &got) {
			t.Fatalf("chunk %d: %v", i, err)
		}
	}
	// Chunks that differ in one byte under one hash key.
	a := hillChunkSeeded(1)
	b := hillChunkSeeded(1)
	b.Cells[77].Info ^= 1
	set = NewRecordSet(DefaultOptions, true)
	set.hash = func([]byte) xxh3.Uint128 { return xxh3.Uint128{} }
	ia, _ := set.Add(a)
	ib, _ := set.Add(b)
	ic, _ := set.Add(hillChunkSeeded(1))
	if ia == ib || ic != ia || set.Records() != 2 {
		t.Fatalf("records %d %d %d of %d", ia, ib, ic, set.Records())
	}
}

func hillChunkSeeded(seed uint64) *chunk.Chunk {
	return swbtest.HillChunk(rand.New(rand.NewPCG(seed, seed)), false)
}
