package swbtest

import (
	"context"
	"testing"

	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/world/gen/britannia"
)

// BritanniaChunks bakes a w×h map 0 of the britannia profile (seed 5; the
// real map's towns, forests, hills, shores, dungeons and strata, scaled
// down): every chunk row-major, and the grid's width in chunks.
func BritanniaChunks(tb testing.TB, w, h int) ([]*chunk.Chunk, int) {
	tb.Helper()
	bw, err := britannia.Generate(context.Background(), britannia.Options{Seed: 5, Map: 0, Width: w, Height: h})
	if err != nil {
		tb.Fatal(err)
	}
	chunks, wc, _ := BakeAll(tb, bw.Map, bw.Tiles)
	return chunks, wc
}

// BritanniaFullChunks returns n distinct full chunks of an 896×512
// Britannia map 0 (or all it has, when fewer), taken evenly over the map's
// distinct full chunks so every kind of land is in: the hard chunks a real
// shard reads.
func BritanniaFullChunks(tb testing.TB, n int) []*chunk.Chunk {
	tb.Helper()
	chunks, _ := BritanniaChunks(tb, 896, 512)
	seen := map[*chunk.Chunk]bool{}
	var full []*chunk.Chunk
	for _, c := range chunks {
		if !isUniform(c) && !seen[c] {
			seen[c] = true
			full = append(full, c)
		}
	}
	if len(full) <= n {
		return full
	}
	out := make([]*chunk.Chunk, n)
	for i := range out {
		out[i] = full[i*len(full)/n]
	}
	return out
}
