package swb

import (
	"math/rand/v2"
	"testing"

	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/swb/swbtest"
)

// benchFile writes a file of full land chunks (benchChunks) and opens it.
func benchFile(b *testing.B, chunks []*chunk.Chunk) *Reader {
	return openTestFile(b, chunks, len(chunks), 1)
}

// benchChunks are the full chunks the read benchmarks decode: real baked
// land when available (realFullChunks), else synthetic hills.
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

// BenchmarkReadFullChunk: one record copied out of the mapping, checksum and decode of a full
// chunk into a reused Chunk (what a cache refill costs beyond the allocation).
func BenchmarkReadFullChunk(b *testing.B) { benchReadFull(b, benchChunks(b)) }

// BenchmarkReadFullChunkBritannia is BenchmarkReadFullChunk over 256 full
// chunks of a small Britannia map 0: forests, towns, shores, hills,
// dungeons and strata, the chunks a real shard reads.
func BenchmarkReadFullChunkBritannia(b *testing.B) {
	benchReadFull(b, swbtest.BritanniaFullChunks(b, 256))
}

// benchReadFull reads the full chunks cs of a file round-robin into a reused Chunk.
func benchReadFull(b *testing.B, cs []*chunk.Chunk) {
	r := benchFile(b, cs)
	var dst chunk.Chunk
	bytes := 0
	for i := range cs {
		info, _ := r.Record(i, 0)
		bytes += info.Length
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if ok, err := r.ReadChunkInto(i%len(cs), 0, &dst); !ok || err != nil {
			b.Fatal(ok, err)
		}
	}
	b.ReportMetric(float64(bytes)/float64(len(cs)), "B/record")
}

// BenchmarkReadChunkAlloc is ReadChunk of full chunks: the same plus a
// fresh Chunk.
func BenchmarkReadChunkAlloc(b *testing.B) {
	cs := benchChunks(b)
	r := benchFile(b, cs)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, ok, err := r.ReadChunk(i%len(cs), 0); !ok || err != nil {
			b.Fatal(ok, err)
		}
	}
}

// BenchmarkReadChunkUniform is ReadChunk of a uniform chunk: its record's
// shared Chunk once the record has been read.
func BenchmarkReadChunkUniform(b *testing.B) {
	cs := benchChunks(b)
	rng := rand.New(rand.NewPCG(3, 4))
	cs = append(cs, swbtest.UniformChunk(rng, 0), swbtest.UniformChunk(rng, 0))
	r := benchFile(b, cs)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, ok, err := r.ReadChunk(len(cs)-1-i%2, 0); !ok || err != nil {
			b.Fatal(ok, err)
		}
	}
}
