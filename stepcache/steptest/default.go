package steptest

import (
	"context"
	"sync"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/world/gen"
)

// defaultWorld generates the default world once per test binary.
var defaultWorld = sync.OnceValues(func() (*gen.World, error) {
	return gen.Default(context.Background())
})

// DefaultRules returns live rules over the default world (generated once
// per test binary), with no dynamics.
func DefaultRules(tb testing.TB) *movement.Rules {
	tb.Helper()
	w, err := defaultWorld()
	if err != nil {
		tb.Fatal(err)
	}
	return movement.NewRules(w.Map, w.Tiles, nil)
}

// StaticRules is DefaultRules set StaticOnly, as builds read the world.
func StaticRules(tb testing.TB) *movement.Rules {
	tb.Helper()
	r := DefaultRules(tb)
	r.StaticOnly = true
	return r
}

// BuildMapFunc bakes every chunk of a map (bake.BuildMap's signature:
// steptest does not import the builder, whose own tests use steptest).
type BuildMapFunc func(ctx context.Context, r *movement.Rules, workers int, progress func(done, total int)) ([]*chunk.Chunk, error)

var (
	defaultChunksMu sync.Mutex
	defaultChunks   []*chunk.Chunk
)

// DefaultChunks returns the default world's chunks, baked by build the
// first time a test binary asks and kept for its later calls.
func DefaultChunks(tb testing.TB, build BuildMapFunc) []*chunk.Chunk {
	tb.Helper()
	defaultChunksMu.Lock()
	defer defaultChunksMu.Unlock()
	if defaultChunks == nil {
		c, err := build(context.Background(), StaticRules(tb), 0, nil)
		if err != nil {
			tb.Fatal(err)
		}
		defaultChunks = c
	}
	return defaultChunks
}
