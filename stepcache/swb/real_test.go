package swb

import (
	"testing"

	"shardcore/stepcache"
)

// realFullChunks returns up to n full chunks of terrain-shaped data: the
// probed hill world (stepcache.BuildChunk had not landed when this was
// written; switch to it and the default world when it does).
func realFullChunks(tb testing.TB, n int) []*stepcache.Chunk {
	m, td := hillWorld(tb, 256, 256, 0.7)
	chunks, _, _ := probeMap(m, td)
	var out []*stepcache.Chunk
	for _, c := range chunks {
		if !IsUniform(c) && len(out) < n {
			out = append(out, c)
		}
	}
	return out
}
