package swb

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"shardcore/stepcache"
)

// benchFile writes a file of full land chunks (benchChunks) and opens it.
func benchFile(b *testing.B, chunks []*stepcache.Chunk) *Reader {
	return openTestFile(b, chunks, len(chunks), 1)
}

// benchChunks are the full chunks the read benchmarks decode: real baked
// land when available (realFullChunks), else synthetic hills.
func benchChunks(b *testing.B) []*stepcache.Chunk {
	if cs := realFullChunks(b, 64); len(cs) > 0 {
		return cs
	}
	rng := rand.New(rand.NewPCG(11, 12))
	var cs []*stepcache.Chunk
	for range 64 {
		cs = append(cs, hillChunk(rng, false))
	}
	return cs
}

// BenchmarkReadFullChunk: one positioned read, checksum and decode of a full
// chunk into a reused Chunk (what a cache refill costs beyond the allocation).
func BenchmarkReadFullChunk(b *testing.B) {
	cs := benchChunks(b)
	r := benchFile(b, cs)
	var dst stepcache.Chunk
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
	cs = append(cs, uniformChunk(rng, 0), uniformChunk(rng, 0))
	r := benchFile(b, cs)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, ok, err := r.ReadChunk(len(cs)-1-i%2, 0); !ok || err != nil {
			b.Fatal(ok, err)
		}
	}
}

// BenchmarkCopyChunk calibrates the machine: copying one 5 KB Chunk, the
// floor under any read that returns a chunk.
func BenchmarkCopyChunk(b *testing.B) {
	src := hillChunk(rand.New(rand.NewPCG(1, 1)), false)
	var dst stepcache.Chunk
	for b.Loop() {
		dst = *src
	}
	_ = dst
}

// BenchmarkReadFullChunkZstd is BenchmarkReadFullChunk on a file written
// with a zstd frame per record instead of the file's Huffman code
// (WriteWith), the entropy stage of format versions 1 and 2.
func BenchmarkReadFullChunkZstd(b *testing.B) {
	cs := benchChunks(b)
	path := filepath.Join(b.TempDir(), "zstd.swb")
	hdr := testHeader(len(cs), 1)
	if _, err := WriteWith(context.Background(), path, hdr, SliceChunks(cs, len(cs)), Options{Predictor: PredictNeighbour, Layout: LayoutPacked, Zstd: true}); err != nil {
		b.Fatal(err)
	}
	r, err := Open(path, want)
	if err != nil {
		b.Fatal(err)
	}
	defer r.Close()
	var dst stepcache.Chunk
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if ok, err := r.ReadChunkInto(i%len(cs), 0, &dst); !ok || err != nil {
			b.Fatal(ok, err)
		}
	}
}

// BenchmarkDecodeFull is the decode alone (no read, no checksum) of the
// default-option records without their entropy stage: the packed codec's
// share of a read.
func BenchmarkDecodeFull(b *testing.B) {
	cs := benchChunks(b)
	e, err := NewEncoder(Options{Predictor: PredictNeighbour, Layout: LayoutPacked})
	if err != nil {
		b.Fatal(err)
	}
	var recs [][]byte
	for _, c := range cs {
		rec, err := e.AppendRecord(nil, c)
		if err != nil {
			b.Fatal(err)
		}
		recs = append(recs, rec)
	}
	d, err := NewDecoder()
	if err != nil {
		b.Fatal(err)
	}
	defer d.Close()
	var dst stepcache.Chunk
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if err := d.DecodeRecord(recs[i%len(recs)], &dst); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodeHuffman is the decode (no read, no checksum) of the
// records Write stores: the file's Huffman code, then the packed codec.
func BenchmarkDecodeHuffman(b *testing.B) {
	cs := benchChunks(b)
	set := recordSetOf(b, DefaultOptions, cs)
	_, d := codecFor(b, DefaultOptions, cs)
	var recs [][]byte
	for id := range set.records() {
		recs = append(recs, set.appendRecord(nil, id))
	}
	var dst stepcache.Chunk
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if err := d.DecodeRecord(recs[i%len(recs)], &dst); err != nil {
			b.Fatal(err)
		}
	}
}
