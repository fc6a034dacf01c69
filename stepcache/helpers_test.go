package stepcache

import (
	"context"
	"sync"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/world/gen"
)

// defaultWorld generates the default world once per test binary.
var defaultWorld = sync.OnceValues(func() (*gen.World, error) {
	return gen.Default(context.Background())
})

func defaultRules(tb testing.TB) *movement.Rules {
	tb.Helper()
	w, err := defaultWorld()
	if err != nil {
		tb.Fatal(err)
	}
	return movement.NewRules(w.Map, w.Tiles, nil)
}

func staticRules(tb testing.TB) *movement.Rules {
	r := defaultRules(tb)
	r.StaticOnly = true
	return r
}

// defaultChunks bakes the default world once per test binary.
var defaultChunksOnce = sync.OnceValues(func() ([]*Chunk, error) {
	w, err := defaultWorld()
	if err != nil {
		return nil, err
	}
	r := movement.NewRules(w.Map, w.Tiles, nil)
	r.StaticOnly = true
	return BuildMap(context.Background(), r, 0, nil)
})

func defaultChunks(tb testing.TB) []*Chunk {
	tb.Helper()
	c, err := defaultChunksOnce()
	if err != nil {
		tb.Fatal(err)
	}
	return c
}
