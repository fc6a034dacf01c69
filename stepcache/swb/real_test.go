package swb

import (
	"testing"

	"shardcore/stepcache"
)

// realFullChunks returns up to n full chunks baked from the default world,
// or none while the baker is not available.
func realFullChunks(tb testing.TB, n int) []*stepcache.Chunk { return nil }
