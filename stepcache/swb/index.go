package swb

import (
	"encoding/binary"
	"fmt"

	"github.com/klauspost/compress/zstd"

	"github.com/shardcore/shardcore/stepcache/swb/codec"
)

// Index chunk codes (one uvarint per map chunk, row-major).
const (
	codeAbsent  = 0 // the file has no record for the chunk
	codeNew     = 1 // the next record in file order
	codeRefBase = 2 // codeRefBase+k: record k, shared with an earlier chunk
)

// index is the in-memory form of the trailer: the file's Huffman code,
// records in file order and, per map chunk (row-major), the record it reads
// (-1 when absent).
type index struct {
	code     *[256]uint8 // code lengths (nil: the file has no code)
	recOff   []int64
	recLen   []uint32
	recSum   []uint32
	chunkRec []int32
}

// recordSum is a record's checksum: the low 32 bits of its xxh3.
func recordSum(h uint64) uint32 { return uint32(h) }

// marshal returns the plain index bytes: a code byte (0 none, 1 the code
// lengths follow, 4 bits per symbol), all record lengths (uvarint), all
// record checksums (u32), then all chunk codes (uvarint).
func (ix *index) marshal() []byte {
	b := make([]byte, 0, 1+codec.LensSize+len(ix.recLen)*7+len(ix.chunkRec))
	if ix.code != nil {
		b = codec.AppendLens(append(b, 1), ix.code)
	} else {
		b = append(b, 0)
	}
	for _, n := range ix.recLen {
		b = binary.AppendUvarint(b, uint64(n))
	}
	for _, s := range ix.recSum {
		b = binary.LittleEndian.AppendUint32(b, s)
	}
	next := int32(0)
	for _, r := range ix.chunkRec {
		switch {
		case r < 0:
			b = append(b, codeAbsent)
		case r == next:
			b = append(b, codeNew)
			next++
		default:
			b = binary.AppendUvarint(b, uint64(r)+codeRefBase)
		}
	}
	return b
}

// compressIndex zstd-compresses the plain index.
func compressIndex(plain []byte) ([]byte, error) {
	z, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedBestCompression), zstd.WithEncoderConcurrency(1), zstd.WithSingleSegment(true))
	if err != nil {
		return nil, fmt.Errorf("swb: index encoder: %w", err)
	}
	defer z.Close()
	return z.EncodeAll(plain, nil), nil
}

// plainIndexBound is the most bytes hdr's plain index can take: the code,
// a uvarint length (≤ 5 bytes) and a checksum per record, a uvarint code
// (≤ 5 bytes) per chunk of the grid.
func plainIndexBound(hdr *Header) int {
	return 1 + codec.LensSize + hdr.RecordCount*(5+4) + hdr.WidthChunks*hdr.HeightChunks*5
}

// maxStoredIndex is the most bytes hdr's stored index can take: the plain
// bound and zstd's framing of incompressible data (raw blocks).
func maxStoredIndex(hdr *Header) int64 {
	b := int64(plainIndexBound(hdr))
	return b + b/1024 + 64
}

// parseIndex decodes a stored index for hdr; every inconsistency is ErrCorrupt.
func parseIndex(stored []byte, hdr *Header) (*index, error) {
	plain, err := decompressIndex(stored, plainIndexBound(hdr))
	if err != nil {
		return nil, err
	}
	r := rd{b: plain}
	ix := &index{
		recOff:   make([]int64, hdr.RecordCount),
		recLen:   make([]uint32, hdr.RecordCount),
		recSum:   make([]uint32, hdr.RecordCount),
		chunkRec: make([]int32, hdr.WidthChunks*hdr.HeightChunks),
	}
	switch r.u8() {
	case 0:
	case 1:
		if b := r.bytes(codec.LensSize); b != nil {
			lens := codec.ParseLens(b)
			ix.code = &lens
		}
	default:
		r.bad = true
	}
	if off := ix.readRecords(&r); r.bad || off != hdr.IndexOffset {
		return nil, fmt.Errorf("%w: index records end at %d, index at %d", ErrCorrupt, off, hdr.IndexOffset)
	}
	next, present := ix.readChunkCodes(&r)
	if r.bad || r.off != len(plain) || int(next) != hdr.RecordCount || present != hdr.ChunkCount {
		return nil, fmt.Errorf("%w: index chunk codes", ErrCorrupt)
	}
	return ix, nil
}

// decompressIndex undoes compressIndex, refusing a plain index over bound bytes.
func decompressIndex(stored []byte, bound int) ([]byte, error) {
	z, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1),
		zstd.WithDecoderMaxMemory(uint64(max(bound, 1<<20))), zstd.WithDecodeAllCapLimit(true))
	if err != nil {
		return nil, fmt.Errorf("swb: index decoder: %w", err)
	}
	defer z.Close()
	plain, err := z.DecodeAll(stored, make([]byte, 0, bound))
	if err != nil {
		return nil, fmt.Errorf("%w: index: %w", ErrCorrupt, err)
	}
	return plain, nil
}

// readRecords reads every record's length and checksum and returns where
// the records end (offsets are implicit from HeaderSize).
func (ix *index) readRecords(r *rd) int64 {
	off := int64(HeaderSize)
	for i := range ix.recLen {
		n := r.uvarint()
		if n == 0 || n > 1<<31 {
			r.bad = true
		}
		ix.recOff[i], ix.recLen[i] = off, uint32(n)
		off += int64(n)
	}
	for i := range ix.recSum {
		if b := r.bytes(4); b != nil {
			ix.recSum[i] = binary.LittleEndian.Uint32(b)
		}
	}
	return off
}

// readChunkCodes reads the per-chunk codes and returns the records they
// introduce and the chunks present.
func (ix *index) readChunkCodes(r *rd) (next int32, present int) {
	for i := range ix.chunkRec {
		c := r.uvarint()
		switch {
		case r.bad:
		case c == codeAbsent:
			ix.chunkRec[i] = -1
			continue
		case c == codeNew:
			ix.chunkRec[i] = next
			next++
		case c-codeRefBase < uint64(next):
			ix.chunkRec[i] = int32(c - codeRefBase)
		default:
			r.bad = true
		}
		present++
	}
	return next, present
}
