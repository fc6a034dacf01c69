package swb

import (
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/zeebo/xxh3"

	"shardcore/stepcache"
)

// TestDedupCollision: with every record hashing alike, identical chunks
// still share a record and different ones never do: dedup compares bytes.
func TestDedupCollision(t *testing.T) {
	const w, h = 9, 7
	chunks := synthMap(21, w, h)
	distinct := map[string]bool{}
	for _, c := range chunks {
		if c != nil {
			distinct[string(appendRaw(nil, c))] = true
		}
	}
	saved := dedupHash
	dedupHash = func([]byte) xxh3.Uint128 { return xxh3.Uint128{Hi: 1, Lo: 2} }
	defer func() { dedupHash = saved }()

	path := filepath.Join(t.TempDir(), "collide.swb")
	st := writeTestFile(t, path, chunks, w, h)
	if st.Records != len(distinct) {
		t.Fatalf("%d records for %d distinct chunks", st.Records, len(distinct))
	}
	r, err := Open(path, want)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for i, c := range chunks {
		got, ok, err := r.ReadChunk(i%w, i/w)
		if err != nil || ok != (c != nil) || (ok && !chunkEqual(c, got)) {
			t.Fatalf("chunk %d: ok %v err %v", i, ok, err)
		}
	}
	// And the record set itself, on chunks that differ in one byte.
	a := hillChunkSeeded(1)
	b := hillChunkSeeded(1)
	b.Cells[77].Info ^= 1
	set, err := newRecordSet(DefaultOptions, true)
	if err != nil {
		t.Fatal(err)
	}
	ia, _ := set.add(a)
	ib, _ := set.add(b)
	ic, _ := set.add(hillChunkSeeded(1))
	if ia == ib || ic != ia || set.records() != 2 {
		t.Fatalf("records %d %d %d of %d", ia, ib, ic, set.records())
	}
}

func hillChunkSeeded(seed uint64) *stepcache.Chunk {
	return hillChunk(rand.New(rand.NewPCG(seed, seed)), false)
}
