package swb

import (
	"errors"

	"github.com/shardcore/shardcore/stepcache/swb/codec"
)

// Refusal reasons of Open and ReadChunk. Each is errors.Is-able through the
// wrapped errors this package returns, so a server can log one clear line and
// rebake.
var (
	// ErrBadMagic: the file is not a .swb file (or its header is truncated).
	ErrBadMagic = errors.New("swb: bad magic")
	// ErrVersion: the file is a .swb of another format version.
	ErrVersion = errors.New("swb: unsupported version")
	// ErrWrongMap: the file was baked for another map id, or for a map of
	// another size.
	ErrWrongMap = errors.New("swb: wrong map")
	// ErrStaleFingerprint: the client files changed since the bake.
	ErrStaleFingerprint = errors.New("swb: stale fingerprint")
	// ErrCorrupt: a checksum or structural check failed (header, index or record).
	ErrCorrupt = codec.ErrCorrupt
	// ErrChanged: the file changed under an open Reader (truncated,
	// rewritten in place, replaced or deleted). A Reader that saw it
	// reports every chunk absent from then on.
	ErrChanged = errors.New("swb: file changed under the reader")
)
