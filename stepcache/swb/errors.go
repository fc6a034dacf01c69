package swb

import "errors"

// Refusal reasons of Open and ReadChunk. Each is errors.Is-able through the
// wrapped errors this package returns, so a server can log one clear line and
// rebake.
var (
	// ErrBadMagic: the file is not a .swb file (or its header is truncated).
	ErrBadMagic = errors.New("swb: bad magic")
	// ErrVersion: the file is a .swb of another format version.
	ErrVersion = errors.New("swb: unsupported version")
	// ErrWrongMap: the file was baked for another map id.
	ErrWrongMap = errors.New("swb: wrong map")
	// ErrStaleFingerprint: the client files changed since the bake.
	ErrStaleFingerprint = errors.New("swb: stale fingerprint")
	// ErrCorrupt: a checksum or structural check failed (header, index or record).
	ErrCorrupt = errors.New("swb: corrupt")
)
