package swb

import (
	"encoding/binary"
	"fmt"
	"time"

	"github.com/zeebo/xxh3"
)

// Format constants.
const (
	// Magic is the first four bytes of every .swb file ("SWBg" little-endian).
	Magic uint32 = 0x67425753
	// Version is the format version this package writes and reads.
	Version uint16 = 5
	// HeaderSize is the fixed header length; records start right after it.
	HeaderSize = 72
	// MaxSideChunks bounds a map side (4096 chunks = 65,536 cells), so a
	// hostile header cannot make Open allocate an absurd index.
	MaxSideChunks = 4096
)

// Header is the fixed-size head of a .swb file.
type Header struct {
	Version       uint16 // format version (Write sets it)
	MapID         uint32
	WidthChunks   int       // map width in chunks
	HeightChunks  int       // map height in chunks
	Fingerprint   uint64    // xxh3 over the client files the bake read
	BakeTime      time.Time // when the bake ran (informational)
	ChunkCount    int       // chunks present in the file (Write sets it)
	RecordCount   int       // distinct records (identical chunks share one; Write sets it)
	IndexOffset   int64     // where the index starts (Write sets it)
	IndexLength   int64     // its stored length (Write sets it)
	IndexChecksum uint64    // xxh3 of the stored index bytes (Write sets it)
}

// Expect is what Open checks a file against: the map it is for and that
// map's size in chunks, which bounds what Open allocates for the index.
type Expect struct {
	MapID                     uint32
	Fingerprint               uint64
	WidthChunks, HeightChunks int
	// AnyIdentity skips the map id, fingerprint and size checks (inspection
	// tools); the index is then bounded by MaxSideChunks only.
	AnyIdentity bool
}

// check refuses a header whose identity or size is not what e wants.
func (e Expect) check(h *Header) error {
	switch {
	case e.AnyIdentity:
		return nil
	case e.WidthChunks <= 0 || e.HeightChunks <= 0:
		return fmt.Errorf("expect: no map size given (%d×%d chunks)", e.WidthChunks, e.HeightChunks)
	case h.MapID != e.MapID:
		return fmt.Errorf("%w: file is for map %d, want %d", ErrWrongMap, h.MapID, e.MapID)
	case h.WidthChunks != e.WidthChunks || h.HeightChunks != e.HeightChunks:
		return fmt.Errorf("%w: file is for a map of %d×%d chunks, want %d×%d", ErrWrongMap, h.WidthChunks, h.HeightChunks, e.WidthChunks, e.HeightChunks)
	case h.Fingerprint != e.Fingerprint:
		return fmt.Errorf("%w: file %016x, client files %016x", ErrStaleFingerprint, h.Fingerprint, e.Fingerprint)
	}
	return nil
}

func (h *Header) marshal() []byte {
	b := make([]byte, HeaderSize)
	le := binary.LittleEndian
	le.PutUint32(b[0:], Magic)
	le.PutUint16(b[4:], h.Version)
	le.PutUint32(b[8:], h.MapID)
	le.PutUint32(b[12:], uint32(h.WidthChunks))
	le.PutUint32(b[16:], uint32(h.HeightChunks))
	le.PutUint32(b[20:], uint32(h.ChunkCount))
	le.PutUint64(b[24:], h.Fingerprint)
	le.PutUint64(b[32:], uint64(h.BakeTime.UnixNano()))
	le.PutUint64(b[40:], uint64(h.IndexOffset))
	le.PutUint32(b[48:], uint32(h.IndexLength))
	le.PutUint32(b[52:], uint32(h.RecordCount))
	le.PutUint64(b[56:], h.IndexChecksum)
	le.PutUint64(b[64:], xxh3.Hash(b[:64]))
	return b
}

// parseHeader decodes and checks a header: magic, version, checksum, sanity
// of the sizes against the file size.
func parseHeader(b []byte, fileSize int64) (Header, error) {
	var h Header
	le := binary.LittleEndian
	if len(b) < HeaderSize || le.Uint32(b[0:]) != Magic {
		return h, ErrBadMagic
	}
	h.Version = le.Uint16(b[4:])
	if h.Version != Version {
		return h, fmt.Errorf("%w: file has version %d, want %d", ErrVersion, h.Version, Version)
	}
	if got, want := xxh3.Hash(b[:64]), le.Uint64(b[64:]); got != want {
		return h, fmt.Errorf("%w: header checksum", ErrCorrupt)
	}
	h.MapID = le.Uint32(b[8:])
	h.WidthChunks = int(le.Uint32(b[12:]))
	h.HeightChunks = int(le.Uint32(b[16:]))
	h.ChunkCount = int(le.Uint32(b[20:]))
	h.Fingerprint = le.Uint64(b[24:])
	h.BakeTime = time.Unix(0, int64(le.Uint64(b[32:])))
	h.IndexOffset = int64(le.Uint64(b[40:]))
	h.IndexLength = int64(le.Uint32(b[48:]))
	h.RecordCount = int(le.Uint32(b[52:]))
	h.IndexChecksum = le.Uint64(b[56:])
	switch {
	case h.WidthChunks <= 0 || h.HeightChunks <= 0 || h.WidthChunks > MaxSideChunks || h.HeightChunks > MaxSideChunks:
		return h, fmt.Errorf("%w: map of %d×%d chunks", ErrCorrupt, h.WidthChunks, h.HeightChunks)
	case h.ChunkCount > h.WidthChunks*h.HeightChunks || h.RecordCount > h.ChunkCount:
		return h, fmt.Errorf("%w: %d chunks, %d records on a %d×%d map", ErrCorrupt, h.ChunkCount, h.RecordCount, h.WidthChunks, h.HeightChunks)
	case h.IndexOffset < HeaderSize || h.IndexOffset > fileSize || h.IndexLength != fileSize-h.IndexOffset:
		return h, fmt.Errorf("%w: index at %d+%d in a %d-byte file", ErrCorrupt, h.IndexOffset, h.IndexLength, fileSize)
	case int64(h.RecordCount) > h.IndexOffset-HeaderSize:
		return h, fmt.Errorf("%w: %d records in %d bytes", ErrCorrupt, h.RecordCount, h.IndexOffset-HeaderSize)
	case h.IndexLength > maxStoredIndex(&h):
		return h, fmt.Errorf("%w: index of %d bytes for %d records on a %d×%d map", ErrCorrupt, h.IndexLength, h.RecordCount, h.WidthChunks, h.HeightChunks)
	}
	return h, nil
}
