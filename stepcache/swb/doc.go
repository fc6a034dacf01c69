// Package swb owns the .swb step-cache file: the writer (identical chunks
// stored once, byte-compared; one Huffman code per file; temp file + fsync +
// rename), the lazy Reader (header, index and code in memory, the file mapped
// read-only where the platform allows, else one positioned read per chunk; a
// stepcache ChunkSource), the record codec (with amd64 kernels for its two
// hot loops, pure Go elsewhere), the refusal sentinels, the stage-by-stage
// size table and a reference encoder of the C# original's v9 layout used only
// to measure against.
//
// It does not build chunks (stepcache does), compute fingerprints (world/uo
// does, over the client files; the header only carries the value), or decide
// when to rebake (the server does, on any Open error).
//
// # Layout, version 3 (little-endian)
//
//	offset  size  field
//	0       4     magic 0x67425753 ("SWBg")
//	4       2     version (3)
//	6       2     reserved (0)
//	8       4     map id
//	12      4     map width in chunks
//	16      4     map height in chunks
//	20      4     chunks present
//	24      8     fingerprint (xxh3 of the client files)
//	32      8     bake time, Unix nanoseconds
//	40      8     index offset
//	48      4     index length
//	52      4     distinct records
//	56      8     index checksum (xxh3 of the stored index)
//	64      8     header checksum (xxh3 of bytes 0..63)
//	72      ...   records, back to back, in first-use order
//	idx     ...   index (zstd frame)
//
// Index, before zstd: a code byte (0: no Huffman code; 1: the file's code
// follows as 256 code lengths, 4 bits each, symbol 2i in the low nibble of
// byte i: 128 bytes), every record's length (uvarint, in file order;
// offsets are implicit from 72), every record's checksum (u32: low 32 bits
// of xxh3 of the stored record), then per map chunk in row-major order a
// uvarint code: 0 absent, 1 the next new record, 2+k record k (a chunk
// identical to an earlier one).
//
// Record: a tag byte (bits 0-1 kind: 0 uniform, 1 full; bit 2 zstd; bit 3
// Huffman; at most one of the two).
//
//	uniform  20 bytes: one Cell (Z, Walk, Wet, Info, WalkZ[8], SwimZ[8]) for all 256
//	full     body, or (zstd) uvarint body length + one zstd frame of the body,
//	         or (Huffman) uvarint body length + the body's bytes in the file's
//	         code: canonical codes of at most 11 bits, LSB-first, the last
//	         byte zero-padded
//
// Write codes every full record whose coded form is smaller than its body
// (with the default options; zstd is an option for measurement).
//
// Full body: a flag byte (swim part, strata, neighbour predictor, packed
// layout, halo), then in order:
//
//	SourceZ     plane of Z − the cell above (first row: the cell to the left;
//	            own predictor: Z itself)
//	halo        packed+neighbour only: width k, 68 zigzag k-bit corrections
//	            of the 18×18 predictor grid's outer ring (extrapolated 2·edge−inner)
//	Walk        plane
//	Wet         plane (swim part only)
//	Info        plane
//	WalkZ       residuals Z[d] − (Walk bit d ? grid Z of neighbour d : 0)
//	SwimZ       the same against Wet (swim part only)
//	strata      per-cell counts (plane), then per stratum Z − cell Z, Walk,
//	            Wet, Info and 16 residuals against (bit ? stratum Z : 0)
//
// A plane (256 bytes, one per cell) is, packed: 0 const (1 byte), 1 base +
// 32-byte bitmap of differing cells + their bytes, 2 raw 256, 3 base + width
// k + 256 zigzag(v − base) in k bits; in the arrays layout, 256 raw bytes.
// Bits are packed LSB-first. Residuals, packed: 0 (all zero) or 1 + 32-byte
// bitmap of cells with any nonzero residual + a direction mask per such cell
// + width k + the nonzero residuals as zigzag(v)−1 in k bits; arrays layout:
// a mask of stored directions + 256 bytes per stored direction (the C#
// original's v6 idea). Strata residuals, packed: a u16 mask + the nonzero
// bytes; arrays: 16 bytes. Write uses DefaultOptions; every option set
// decodes, so Stages can measure each step with real records.
//
// # Versions
//
//	1  MED SourceZ predictor, zstd per record
//	2  + edge-ring (halo) corrections
//	3  SourceZ from the cell above (decodes a row per two 64-bit adds); one
//	   Huffman code per file instead of a zstd frame per record (a read
//	   pays no entropy setup); the code in the index
package swb
