package swb

import (
	"context"
	"testing"

	"shardcore/movement"
	"shardcore/stepcache"
	"shardcore/world/gen"
)

// realFullChunks returns up to n distinct full chunks baked from the default
// world.
func realFullChunks(tb testing.TB, n int) []*stepcache.Chunk {
	w, err := gen.Default(context.Background())
	if err != nil {
		tb.Fatal(err)
	}
	chunks, err := stepcache.BuildMap(context.Background(), movement.NewRules(w.Map, w.Tiles, nil), 0, nil)
	if err != nil {
		tb.Fatal(err)
	}
	seen := map[*stepcache.Chunk]bool{}
	var out []*stepcache.Chunk
	for _, c := range chunks {
		if !IsUniform(c) && !seen[c] && len(out) < n {
			seen[c] = true
			out = append(out, c)
		}
	}
	return out
}
