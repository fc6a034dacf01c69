// Package swb owns the .swb step-cache file: its format (header, index,
// the record layout below), the writer (identical chunks stored once,
// byte-compared; one Huffman code per file; temp file + fsync + rename,
// through an FS that tests can make fail), the lazy Reader (header, index
// and code in memory, the file mapped read-only where the platform allows,
// else one positioned read per chunk; a stepcache ChunkSource that survives
// its file changing under it) and the refusal sentinels. The record codec
// itself is stepcache/swb/codec (shared with the measurement lab,
// stepcache/swb/lab: the stage table and the v9 encoder of the shard this
// design comes from).
//
// It does not build chunks (stepcache/bake does), compute fingerprints (world/uo
// does, over the client files; the header only carries the value), or
// decide when to reopen or rebake (the server does, on an Open error, a
// Reader's ErrChanged, a bad record, or Check).
//
// # Reading a file that changes under the Reader
//
// A .swb is replaced by rename (our writer, and a mapping keeps the old
// inode alive), but an operator's cp, a backup restore or rsync --inplace
// truncate and rewrite the same inode: a mapped page past the new end then
// raises SIGBUS, which kills a Go program by default. The Reader copies
// each record out of the mapping with debug.SetPanicOnFault set for that
// copy alone, so the fault becomes a recovered panic (the read fails, the
// Reader marks itself changed and reads every chunk as absent); it checks
// the record's checksum and decodes only its private copy, so bytes that
// change during a read can never reach a chunk unchecked. Bytes rewritten
// in place fail the checksums of the index read at Open; the first failure
// that the file's size or time explains marks the Reader changed too.
// Check compares the path with the open file (deleted, replaced, resized,
// modified), so the server can notice a rename or deletion and reopen.
//
// Per full chunk (BenchmarkReadMechanism: the same file in one run, medians
// of 8):
//
//	mechanism                                          µs/chunk  survives truncation
//	in place in the mapping, unguarded (format v3)     1.35      no: SIGBUS kills the shard
//	copy out under SetPanicOnFault, check the copy     1.37      yes (chosen)
//	pread per record into a buffer                     2.35      yes
//	fstat before each read, then in place              3.3       no: truncation between the two
//
// The guarded copy costs a 100-200 byte copy and two runtime calls, within
// noise of the unguarded read (the decode reads a cache-hot buffer instead
// of the mapping); a syscall per read (pread or fstat) costs about 1-2 µs,
// doubling a read, and fstat alone does not close the window.
//
// # Layout, version 5 (little-endian)
//
//	offset  size  field
//	0       4     magic 0x67425753 ("SWBg")
//	4       2     version (5)
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
// Record: a tag byte (bits 0-1 kind: 0 uniform, 1 full; bit 3 Huffman).
//
//	uniform  20 bytes: one Cell (Z, Walk, Wet, Info, WalkZ[8], SwimZ[8]) for all 256
//	full     body, or (Huffman) uvarint body length + the body's bytes in the
//	         file's code: canonical codes of at most 11 bits, LSB-first, the
//	         last byte zero-padded
//
// Write codes every full record whose coded form is smaller than its body.
//
// Full body: a flag byte (bit 0 swim part, 1 strata, 2 neighbour
// predictor, 3 packed layout, 4 Info prediction, 5 gradient, 6 mask grid,
// 7 strata columns), then in order:
//
//	SourceZ     plane of Z − its prediction: first row the cell to the left,
//	            first column the cell above, elsewhere with the gradient flag
//	            left + above − above-left, else the cell above (the writer
//	            sets the flag per record, when that plane is shorter); own
//	            predictor: Z itself
//	halo        packed+neighbour: width k, 68 zigzag k-bit corrections
//	            of the 18×18 predictor grid's outer ring (extrapolated 2·edge−inner)
//	Walk        plane, or with the mask grid a mask section
//	Wet         the same (swim part only)
//	Info        plane, or with the Info prediction the plane XOR the window
//	            its neighbours predict: with s the highest grid Z among the
//	            Walk-enterable neighbours above the cell's own (0 when none is
//	            higher), 0x0F when s = 0, 0x0E for 1-2, 0x0C from 3 (the ring
//	            as the halo corrected it)
//	WalkZ       residuals Z[d] − (Walk bit d ? grid Z of neighbour d : 0)
//	SwimZ       the same against Wet (swim part only)
//	strata      per-cell counts (plane), then per stratum Z − cell Z, Walk,
//	            Wet, Info and 16 residuals against (bit ? stratum Z : 0); or
//	            with strata columns (packed only), when there are strata, six
//	            columns over all of them (Z − cell Z, Walk, Wet, Info, and the
//	            low and high bytes of the masks of nonzero residuals), then
//	            the nonzero residuals in stratum order
//
// A mask section is a mode byte: 0 the plane; 1 a grid of blocked cells
// (41 bytes: the 18×18 predictor grid's 324 bits row-major, LSB-first, the
// last 4 bits zero), then the plane XOR the grid's prediction (bit d of a
// cell set where neighbour d is not blocked); 2 (Wet only) the same with the
// stored grid XOR the complement of the Walk section's grid (all zero when
// Walk is mode 0): a shore's water is where its land is not.
//
// A plane (256 bytes, one per cell) is, packed: 0 const (1 byte), 1 base +
// 32-byte bitmap of differing cells + their bytes, 2 raw 256, 3 base + width
// k + 256 zigzag(v − base) in k bits; in the arrays layout, 256 raw bytes.
// Bits are packed LSB-first. Residuals, packed: 0 (all zero) or 1 + 32-byte
// bitmap of cells with any nonzero residual + a direction mask per such cell
// + width k + the nonzero residuals as zigzag(v)−1 in k bits; arrays layout:
// a mask of stored directions + 256 bytes per stored direction (the C#
// original's v6 idea). Strata residuals, packed: a u16 mask + the nonzero
// bytes; arrays: 16 bytes. A column (n bytes, one per stratum) is 0 const
// (1 byte), 1 base + bitmap of the strata that differ (n/8 bytes rounded
// up) + their bytes, or 2 raw n bytes. Write uses the neighbour predictor
// with the gradient, the packed layout, the mask grid and strata columns;
// every option set decodes, so the lab can measure each step with real
// records.
//
// # Versions
//
//	1  MED SourceZ predictor, zstd per record
//	2  + edge-ring (halo) corrections
//	3  SourceZ from the cell above (decodes a row per two 64-bit adds); one
//	   Huffman code per file instead of a zstd frame per record (a read
//	   pays no entropy setup); the code in the index
//	4  the zstd record tag (bit 2), which no file of version 3 used, is gone
//	   (a tag with it is corrupt); the records are otherwise those of 3
//	5  Walk and Wet against a grid of blocked cells (mask sections);
//	   SourceZ from the gradient where shorter; strata as columns; Info
//	   against its neighbours' prediction; the halo implied by the neighbour
//	   predictor in the packed layout (its flag bit is the Info
//	   prediction's). Britannia map 0 takes 0.232 of the reference
//	   encoder's bytes (version 4: 0.460), the default world 0.185 (0.309)
package swb
