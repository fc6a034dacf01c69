package swb

import (
	"fmt"
	"math/bits"

	"github.com/klauspost/compress/zstd"

	"shardcore/stepcache"
)

// maxPlain bounds a full record's uncompressed body: every plane raw, every
// residual array stored, and the most strata a chunk can frame.
const maxPlain = 1 + 4*(1+stepcache.ChunkCells) + 2*(1+32+stepcache.ChunkCells*9) +
	(1 + stepcache.ChunkCells) + maxStrata*(4+2+16)

// Decoder turns records back into chunks. It reuses its buffers and zstd
// decoder; it is not safe for concurrent use.
type Decoder struct {
	zdec  *zstd.Decoder
	huff  *huffDecoder // the file's Huffman code (nil: none)
	plain []byte       // a decoded body, with room for the Huffman decoder's stores
	coded []byte       // coded bits copied where the record has no readable slack
	vals  []byte

	plane, walk, wet, info [stepcache.ChunkCells]byte
	pad                    [padLen]byte
}

// NewDecoder returns a decoder.
func NewDecoder() (*Decoder, error) {
	z, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1),
		zstd.WithDecoderMaxMemory(max(maxPlain, 1<<20)), zstd.WithDecodeAllCapLimit(true))
	if err != nil {
		return nil, fmt.Errorf("swb: zstd decoder: %w", err)
	}
	return &Decoder{zdec: z, vals: make([]byte, stepcache.ChunkCells*8)}, nil
}

// Close releases the decoder's resources.
func (d *Decoder) Close() { d.zdec.Close() }

// setCode installs the file's Huffman code (nil: the file has none).
func (d *Decoder) setCode(h *huffDecoder) { d.huff = h }

// DecodeRecord decodes one record into dst, overwriting all of it. A
// malformed record returns an error wrapping ErrCorrupt (dst is then
// unspecified); it never panics. dst.Strata is a fresh slice (nil when
// empty). Where rec's capacity runs huffPad bytes past its end, a
// Huffman-coded record is read in place; those bytes are loaded, never used.
func (d *Decoder) DecodeRecord(rec []byte, dst *stepcache.Chunk) error {
	if len(rec) == 0 {
		return fmt.Errorf("%w: empty record", ErrCorrupt)
	}
	switch rec[0] {
	case kindUniform:
		if len(rec) != 1+cellSize {
			return fmt.Errorf("%w: uniform record of %d bytes", ErrCorrupt, len(rec))
		}
		out := cellBytes(dst)
		copy(out[:cellSize], rec[1:])
		for n := cellSize; n < len(out); n *= 2 {
			copy(out[n:], out[:n])
		}
		dst.StrataStart, dst.Strata = nil, nil
		return nil
	case kindFull:
		return d.decodeFull(rec[1:], dst)
	case kindFull | tagHuff:
		r := rd{b: rec[1:]}
		n := r.uvarint()
		if r.bad || n == 0 || n > maxPlain {
			return fmt.Errorf("%w: bad plain length", ErrCorrupt)
		}
		if d.huff == nil {
			return fmt.Errorf("%w: Huffman-coded record in a file without a code", ErrCorrupt)
		}
		coded := rec[1+r.off:]
		m := len(coded)
		if cap(coded)-m >= huffPad {
			coded = coded[:m+huffPad]
		} else {
			var pad [huffPad]byte
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
	case kindFull | tagZstd:
		r := rd{b: rec[1:]}
		n := r.uvarint()
		if r.bad || n > maxPlain {
			return fmt.Errorf("%w: bad plain length", ErrCorrupt)
		}
		if cap(d.plain) < int(n) {
			d.plain = make([]byte, 0, n)
		}
		out, err := d.zdec.DecodeAll(r.b[r.off:], d.plain[:0:n])
		if err != nil {
			return fmt.Errorf("%w: zstd: %w", ErrCorrupt, err)
		}
		if len(out) != int(n) {
			return fmt.Errorf("%w: body is %d bytes, want %d", ErrCorrupt, len(out), n)
		}
		return d.decodeFull(out, dst)
	}
	return fmt.Errorf("%w: record tag %#x", ErrCorrupt, rec[0])
}

func (d *Decoder) decodeStrata(r *rd, dst *stepcache.Chunk, packed bool) error {
	if packed {
		r.readPlane(&d.plane)
	} else if b := r.bytes(stepcache.ChunkCells); b != nil {
		copy(d.plane[:], b)
	}
	if r.bad {
		return fmt.Errorf("%w: truncated strata counts", ErrCorrupt)
	}
	start := new([stepcache.ChunkCells + 1]uint16)
	total := 0
	for i := 0; i < stepcache.ChunkCells; i++ {
		start[i] = uint16(total)
		total += int(d.plane[i])
	}
	if total > maxStrata {
		return fmt.Errorf("%w: %d strata", ErrCorrupt, total)
	}
	start[stepcache.ChunkCells] = uint16(total)
	// Each stratum takes at least 4 bytes (6 packed): refuse counts the body cannot hold.
	per := 20
	if packed {
		per = 6
	}
	if total*per > len(r.b)-r.off {
		return fmt.Errorf("%w: %d strata do not fit", ErrCorrupt, total)
	}
	var strata []stepcache.Cell
	if total > 0 {
		strata = make([]stepcache.Cell, total)
	}
	for i := 0; i < stepcache.ChunkCells; i++ {
		for k := start[i]; k < start[i+1]; k++ {
			st := &strata[k]
			h := r.bytes(4)
			if r.bad {
				return fmt.Errorf("%w: truncated stratum", ErrCorrupt)
			}
			st.Z = int8(h[0] + byte(dst.Cells[i].Z))
			st.Walk, st.Wet, st.Info = h[1], h[2], h[3]
			var res [16]byte
			if packed {
				m := r.u16()
				vals := r.bytes(bits.OnesCount16(m))
				if r.bad {
					return fmt.Errorf("%w: truncated stratum", ErrCorrupt)
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
			for dir := 0; dir < 8; dir++ {
				var p byte
				if st.Walk&(1<<dir) != 0 {
					p = byte(st.Z)
				}
				st.WalkZ[dir] = int8(res[dir] + p)
				p = 0
				if st.Wet&(1<<dir) != 0 {
					p = byte(st.Z)
				}
				st.SwimZ[dir] = int8(res[8+dir] + p)
			}
		}
	}
	dst.StrataStart, dst.Strata = start, strata
	return nil
}
