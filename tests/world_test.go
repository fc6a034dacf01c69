package tests

import (
	"context"
	"sync"
	"testing"

	"github.com/shardcore/shardcore/world/gen"
)

var (
	defaultOnce  sync.Once
	defaultWorld *gen.World
	defaultErr   error
)

// defaultGen returns the default world, generated once per test binary (it
// is only read: sims add their own dynamic items and mobiles).
func defaultGen(t testing.TB) *gen.World {
	t.Helper()
	defaultOnce.Do(func() { defaultWorld, defaultErr = gen.Default(context.Background()) })
	if defaultErr != nil {
		t.Fatalf("generate default world: %v", defaultErr)
	}
	return defaultWorld
}
