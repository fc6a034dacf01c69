package swb

import (
	"github.com/shardcore/shardcore/internal/swbcodec"
	"github.com/shardcore/shardcore/stepcache"
)

// IsUniform reports whether c is stored as a uniform record: every primary
// cell identical and no strata (most chunks of a map; ReadChunk shares one
// object per such record).
func IsUniform(c *stepcache.Chunk) bool { return swbcodec.IsUniform(c) }
