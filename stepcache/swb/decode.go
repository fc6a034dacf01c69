package swb

import (
	"fmt"
	"math/bits"

	"github.com/klauspost/compress/huff0"
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
	hs    *huff0.Scratch
	plain []byte
	vals  []byte
	plane [stepcache.ChunkCells]byte

	walk, wet, info [stepcache.ChunkCells]byte
	pred            [stepcache.ChunkCells]uint64    // per cell: the eight predictions
	res             [2][stepcache.ChunkCells]uint64 // per part and cell: the eight residuals
}

// NewDecoder returns a decoder.
func NewDecoder() (*Decoder, error) {
	z, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1),
		zstd.WithDecoderMaxMemory(max(maxPlain, 1<<20)), zstd.WithDecodeAllCapLimit(true))
	if err != nil {
		return nil, fmt.Errorf("swb: zstd decoder: %w", err)
	}
	return &Decoder{zdec: z, hs: &huff0.Scratch{MaxDecodedSize: maxPlain}}, nil
}

// Close releases the decoder's resources.
func (d *Decoder) Close() { d.zdec.Close() }

// DecodeRecord decodes one record into dst, overwriting all of it. A
// malformed record returns an error wrapping ErrCorrupt; it never panics.
// dst.Strata is a fresh slice (nil when empty).
func (d *Decoder) DecodeRecord(rec []byte, dst *stepcache.Chunk) error {
	if len(rec) == 0 {
		return fmt.Errorf("%w: empty record", ErrCorrupt)
	}
	tag := rec[0]
	switch {
	case tag == kindUniform:
		r := rd{b: rec[1:]}
		var c stepcache.Cell
		r.readCell(&c)
		if r.bad || r.off != len(r.b) {
			return fmt.Errorf("%w: uniform record of %d bytes", ErrCorrupt, len(rec))
		}
		for i := range dst.Cells {
			dst.Cells[i] = c
		}
		dst.StrataStart, dst.Strata = nil, nil
		return nil
	case tag == kindFull:
		return d.decodeFull(rec[1:], dst)
	case tag == kindFull|tagHuff:
		r := rd{b: rec[1:]}
		n := r.uvarint()
		if r.bad || n == 0 || n > maxPlain {
			return fmt.Errorf("%w: bad plain length", ErrCorrupt)
		}
		hs, rest, err := huff0.ReadTable(r.b[r.off:], d.hs)
		if err != nil {
			return fmt.Errorf("%w: huff0 table: %w", ErrCorrupt, err)
		}
		d.hs = hs
		if cap(d.plain) < int(n) {
			d.plain = make([]byte, 0, n)
		}
		out, err := hs.Decoder().Decompress1X(d.plain[:0:n], rest)
		if err != nil {
			return fmt.Errorf("%w: huff0: %w", ErrCorrupt, err)
		}
		if len(out) != int(n) {
			return fmt.Errorf("%w: body is %d bytes, want %d", ErrCorrupt, len(out), n)
		}
		return d.decodeFull(out, dst)
	case tag == kindFull|tagZstd:
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
	return fmt.Errorf("%w: record tag %#x", ErrCorrupt, tag)
}

func (r *rd) readCell(c *stepcache.Cell) {
	b := r.bytes(cellSize)
	if r.bad {
		return
	}
	c.Z, c.Walk, c.Wet, c.Info = int8(b[0]), b[1], b[2], b[3]
	for k := 0; k < 8; k++ {
		c.WalkZ[k] = int8(b[4+k])
		c.SwimZ[k] = int8(b[12+k])
	}
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
