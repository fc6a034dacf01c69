package codec

import (
	"encoding/binary"
	"math/bits"

	"github.com/shardcore/shardcore/stepcache/chunk"
)

// byteplane modes: how 256 bytes (one per cell) are stored in the packed layout.
const (
	planeConst  = 0 // one byte, broadcast
	planeExcept = 1 // base byte, 32-byte bitmap of cells that differ, their bytes
	planeRaw    = 2 // 256 bytes
	planeBits   = 3 // base byte, width k, 256 zigzagged (v − base) in k bits each
)

// appendPlane stores v in the smallest of the three plane modes.
func appendPlane(dst []byte, v *[chunk.NumCells]byte) []byte {
	var hist [256]uint16
	for _, b := range v {
		hist[b]++
	}
	base, best := 0, uint16(0)
	for b, n := range hist {
		if n > best {
			base, best = b, n
		}
	}
	if best == chunk.NumCells {
		return append(dst, planeConst, byte(base))
	}
	exc := chunk.NumCells - int(best)
	k := 0
	var zz [chunk.NumCells]byte
	for i, b := range v {
		zz[i] = zigzag(b - byte(base))
		k = max(k, bitWidth(zz[i]))
	}
	bitsLen := 3 + (chunk.NumCells*k+7)/8
	if bitsLen < 2+32+exc && k < 8 {
		dst = append(dst, planeBits, byte(base), byte(k))
		return appendBits(dst, zz[:], k)
	}
	if 2+32+exc >= 1+chunk.NumCells {
		dst = append(dst, planeRaw)
		return append(dst, v[:]...)
	}
	dst = append(dst, planeExcept, byte(base))
	var bm [32]byte
	for i, b := range v {
		if int(b) != base {
			bm[i>>3] |= 1 << (i & 7)
		}
	}
	dst = append(dst, bm[:]...)
	for _, b := range v {
		if int(b) != base {
			dst = append(dst, b)
		}
	}
	return dst
}

// readPlane is the inverse of appendPlane.
func (r *rd) readPlane(v *[chunk.NumCells]byte) {
	le := binary.LittleEndian
	switch r.u8() {
	case planeConst:
		fill := uint64(r.u8()) * laneOnes
		for w := 0; w < chunk.NumCells; w += 8 {
			le.PutUint64(v[w:], fill)
		}
	case planeExcept:
		base := r.u8()
		bm := r.bytes(32)
		if r.bad {
			return
		}
		n := 0
		for w := 0; w < 4; w++ {
			n += bits.OnesCount64(le.Uint64(bm[8*w:]))
		}
		exc := r.bytes(n)
		if r.bad {
			return
		}
		fill := uint64(base) * laneOnes
		for w := 0; w < chunk.NumCells; w += 8 {
			le.PutUint64(v[w:], fill)
		}
		j := 0
		for w := 0; w < 4; w++ {
			word := le.Uint64(bm[8*w:])
			for word != 0 {
				v[w*64+bits.TrailingZeros64(word)] = exc[j]
				j++
				word &= word - 1
			}
		}
	case planeRaw:
		copy(v[:], r.bytes(chunk.NumCells))
	case planeBits:
		base, k := r.u8(), int(r.u8())
		if k < 1 || k > 7 {
			r.bad = true
			return
		}
		r.readBits(v[:], k)
		fill := uint64(base) * laneOnes
		for w := 0; w < chunk.NumCells; w += 8 {
			le.PutUint64(v[w:], swarAdd(swarUnzigzag(le.Uint64(v[w:])), fill))
		}
	default:
		r.bad = true
	}
}

// appendSparse stores 256×8 residual bytes, mostly zero: a presence byte,
// then a 32-byte bitmap of cells with any nonzero residual, per such cell a
// direction mask, then a width k and the nonzero residuals as
// zigzag(v)−1 in k bits each.
func appendSparse(dst []byte, res *[chunk.NumCells][8]byte) []byte {
	var bm [32]byte
	any := false
	for i := range res {
		if binary.LittleEndian.Uint64(res[i][:]) != 0 {
			bm[i>>3] |= 1 << (i & 7)
			any = true
		}
	}
	if !any {
		return append(dst, 0)
	}
	dst = append(dst, 1)
	dst = append(dst, bm[:]...)
	var vals []byte
	k := 1
	for i := range res {
		if bm[i>>3]&(1<<(i&7)) == 0 {
			continue
		}
		var m byte
		for d, b := range res[i] {
			if b != 0 {
				m |= 1 << d
				u := zigzag(b) - 1 // nonzero, so zigzag ≥ 1
				vals = append(vals, u)
				k = max(k, bitWidth(u))
			}
		}
		dst = append(dst, m)
	}
	dst = append(dst, byte(k))
	return appendBits(dst, vals, k)
}

// rd is a bounds-checked cursor over a record: reads past the end return
// zeros and set bad, so malformed input never panics.
type rd struct {
	b   []byte
	off int
	bad bool
}

func (r *rd) u8() byte {
	if r.off >= len(r.b) {
		r.bad = true
		return 0
	}
	v := r.b[r.off]
	r.off++
	return v
}

func (r *rd) u16() uint16 {
	lo := r.u8()
	hi := r.u8()
	return uint16(lo) | uint16(hi)<<8
}

func (r *rd) bytes(n int) []byte {
	if n < 0 || len(r.b)-r.off < n {
		r.bad = true
		r.off = len(r.b)
		return nil
	}
	v := r.b[r.off : r.off+n]
	r.off += n
	return v
}

func (r *rd) uvarint() uint64 {
	var v uint64
	for s := uint(0); s < 64; s += 7 {
		b := r.u8()
		if r.bad {
			return 0
		}
		v |= uint64(b&0x7f) << s
		if b < 0x80 {
			return v
		}
	}
	r.bad = true
	return 0
}
