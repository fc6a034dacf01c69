package codec

import (
	"fmt"
	"math/bits"

	"github.com/shardcore/shardcore/stepcache/chunk"
)

// maxPlain bounds a full record's uncompressed body: the flags, every plane
// raw, the halo, both mask grids, every residual stored, and the most strata
// a chunk can frame with their column headers.
const maxPlain = 1 + 4*(1+chunk.NumCells) + (1 + 4*padW - 4) + 2*(1+gridBytes) +
	2*(2+32+chunk.NumCells*9) + (1 + chunk.NumCells) + stratumColumns*2 + maxStrata*(4+2+16)

// Decoder turns records back into chunks. It reuses its buffers; it is not
// safe for concurrent use.
type Decoder struct {
	huff  *huffDecoder // the file's Huffman code (nil: none)
	plain []byte       // a decoded body, with room for the Huffman decoder's stores
	coded []byte       // coded bits copied where the record has no readable slack
	vals  []byte

	plane, walk, wet, info [chunk.NumCells]byte
	pred                   [chunk.NumCells]byte   // a mask grid's prediction
	cols                   [stratumColumns][]byte // strata columns
	pad                    [padLen]byte
}

// NewDecoder returns a decoder without a file code.
func NewDecoder() *Decoder {
	return &Decoder{vals: make([]byte, chunk.NumCells*8)}
}

// SetCode installs the file's Huffman code from its code lengths (nil: the
// file has none). Lengths that are not a complete prefix code of at most 11
// bits are ErrCorrupt, and leave the decoder without a code.
func (d *Decoder) SetCode(lens *[256]uint8) error {
	d.huff = nil
	if lens == nil {
		return nil
	}
	h, ok := newHuffDecoder(lens)
	if !ok {
		return fmt.Errorf("%w: Huffman code lengths", ErrCorrupt)
	}
	d.huff = h
	return nil
}

// DecodeRecord decodes one record into dst, overwriting all of it. A
// malformed record returns an error wrapping ErrCorrupt (dst is then
// unspecified); it never panics. dst.Strata is a fresh slice (nil when
// empty). Where rec's capacity runs HuffPad bytes past its end, a
// Huffman-coded record is read in place; those bytes are loaded, never used.
func (d *Decoder) DecodeRecord(rec []byte, dst *chunk.Chunk) error {
	if len(rec) == 0 {
		return fmt.Errorf("%w: empty record", ErrCorrupt)
	}
	switch rec[0] {
	case kindUniform:
		return decodeUniform(rec[1:], dst)
	case kindFull:
		return d.decodeFull(rec[1:], dst)
	case kindFull | tagHuff:
		return d.decodeHuff(rec[1:], dst)
	}
	return fmt.Errorf("%w: record tag %#x", ErrCorrupt, rec[0])
}

// decodeUniform broadcasts one stored cell to all 256.
func decodeUniform(cell []byte, dst *chunk.Chunk) error {
	if len(cell) != CellSize {
		return fmt.Errorf("%w: uniform record of %d bytes", ErrCorrupt, 1+len(cell))
	}
	out := cellBytes(dst)
	copy(out[:CellSize], cell)
	for n := CellSize; n < len(out); n *= 2 {
		copy(out[n:], out[:n])
	}
	dst.StrataStart, dst.Strata = nil, nil
	return nil
}

// decodeHuff decodes a Huffman-coded full record (after its tag): the body
// length, then the body in the file's code.
func (d *Decoder) decodeHuff(b []byte, dst *chunk.Chunk) error {
	r := rd{b: b}
	n := r.uvarint()
	if r.bad || n == 0 || n > maxPlain {
		return fmt.Errorf("%w: bad plain length", ErrCorrupt)
	}
	if d.huff == nil {
		return fmt.Errorf("%w: Huffman-coded record in a file without a code", ErrCorrupt)
	}
	coded := b[r.off:]
	m := len(coded)
	if cap(coded)-m >= HuffPad {
		coded = coded[:m+HuffPad]
	} else {
		var pad [HuffPad]byte
		d.coded = append(append(d.coded[:0], coded...), pad[:]...)
		coded = d.coded
	}
	if cap(d.plain) < int(n)+4 {
		d.plain = make([]byte, 0, max(int(n)+4, 4096))
	}
	body := d.plain[:n]
	if !d.huff.decode(body, coded, m) {
		return fmt.Errorf("%w: Huffman bits", ErrCorrupt)
	}
	return d.decodeFull(body, dst)
}

// decodeStrata reads the strata counts and every stratum of a full body
// stored stratum by stratum.
func (d *Decoder) decodeStrata(r *rd, dst *chunk.Chunk, packed bool) error {
	start, total, err := d.readStrataCounts(r, packed)
	if err != nil {
		return err
	}
	// Each stratum takes at least 4 bytes (6 packed): refuse counts the body cannot hold.
	per := 20
	if packed {
		per = 6
	}
	if total*per > len(r.b)-r.off {
		return fmt.Errorf("%w: %d strata do not fit", ErrCorrupt, total)
	}
	var strata []chunk.Cell
	if total > 0 {
		strata = make([]chunk.Cell, total)
	}
	for i := 0; i < chunk.NumCells; i++ {
		for k := start[i]; k < start[i+1]; k++ {
			if !readStratum(r, &strata[k], dst.Cells[i].Z, packed) {
				return fmt.Errorf("%w: truncated stratum", ErrCorrupt)
			}
		}
	}
	dst.StrataStart, dst.Strata = start, strata
	return nil
}

// readStrataCounts reads the per-cell strata counts (a plane) and returns
// the chunk's StrataStart and the strata total.
func (d *Decoder) readStrataCounts(r *rd, packed bool) (*[chunk.NumCells + 1]uint16, int, error) {
	r.readPlaneInto(packed, &d.plane)
	if r.bad {
		return nil, 0, fmt.Errorf("%w: truncated strata counts", ErrCorrupt)
	}
	start := new([chunk.NumCells + 1]uint16)
	total := 0
	for i := 0; i < chunk.NumCells; i++ {
		start[i] = uint16(total)
		total += int(d.plane[i])
	}
	if total > maxStrata {
		return nil, 0, fmt.Errorf("%w: %d strata", ErrCorrupt, total)
	}
	start[chunk.NumCells] = uint16(total)
	return start, total, nil
}

// readStratum reads one stratum of a cell whose SourceZ is z: its Z
// against z, Walk, Wet, Info, then its 16 Z residuals against (bit ? its
// Z : 0), packed as a 16-bit mask and the nonzero ones. ok false when the
// body ends first.
func readStratum(r *rd, st *chunk.Cell, z int8, packed bool) bool {
	h := r.bytes(4)
	if r.bad {
		return false
	}
	st.Z = int8(h[0] + byte(z))
	st.Walk, st.Wet, st.Info = h[1], h[2], h[3]
	var res [16]byte
	if packed {
		m := r.u16()
		vals := r.bytes(bits.OnesCount16(m))
		if r.bad {
			return false
		}
		n := 0
		for j := 0; j < 16; j++ {
			if m&(1<<j) != 0 {
				res[j] = vals[n]
				n++
			}
		}
	} else if b := r.bytes(16); b != nil {
		copy(res[:], b)
	}
	addStratumResiduals(st, &res)
	return !r.bad
}
