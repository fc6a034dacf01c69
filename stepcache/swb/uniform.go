package swb

import (
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/swb/codec"
)

// IsUniform reports whether c is stored as a uniform record: every primary
// cell identical and no strata (most chunks of a map; ReadChunk shares one
// object per such record).
func IsUniform(c *chunk.Chunk) bool { return codec.IsUniform(c) }
