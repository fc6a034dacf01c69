package codec

import (
	"math/rand/v2"
	"testing"

	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/swb/swbtest"
)

// benchChunks are the full chunks the decode benchmarks decode: real baked
// land of the default world.
func benchChunks(b *testing.B) []*chunk.Chunk {
	if cs := swbtest.RealFullChunks(b, 64); len(cs) > 0 {
		return cs
	}
	rng := rand.New(rand.NewPCG(11, 12))
	var cs []*chunk.Chunk
	for range 64 {
		cs = append(cs, swbtest.HillChunk(rng, false))
	}
	return cs
}

// BenchmarkCopyChunk calibrates the machine: copying one 5 KB Chunk, the
// floor under any read that returns a chunk.
func BenchmarkCopyChunk(b *testing.B) {
	src := swbtest.HillChunk(rand.New(rand.NewPCG(1, 1)), false)
	var dst chunk.Chunk
	for b.Loop() {
		dst = *src
	}
	_ = dst
}

// BenchmarkDecodeFull is the decode alone (no read, no checksum) of the
// default-option records without their entropy stage: the packed codec's
// share of a read.
func BenchmarkDecodeFull(b *testing.B) {
	cs := benchChunks(b)
	e := NewEncoder(Options{Predictor: PredictNeighbour, Layout: LayoutPacked})
	var recs [][]byte
	for _, c := range cs {
		rec, err := e.AppendRecord(nil, c)
		if err != nil {
			b.Fatal(err)
		}
		recs = append(recs, rec)
	}
	d := NewDecoder()
	var dst chunk.Chunk
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if err := d.DecodeRecord(recs[i%len(recs)], &dst); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodeHuffman is the decode (no read, no checksum) of the
// records a file stores: the file's Huffman code, then the packed codec.
func BenchmarkDecodeHuffman(b *testing.B) {
	cs := benchChunks(b)
	set := recordSetOf(b, DefaultOptions, cs)
	_, d := codecFor(b, DefaultOptions, cs)
	var recs [][]byte
	for id := range set.Records() {
		recs = append(recs, set.AppendRecord(nil, id))
	}
	var dst chunk.Chunk
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if err := d.DecodeRecord(recs[i%len(recs)], &dst); err != nil {
			b.Fatal(err)
		}
	}
}
