package codec

import (
	"encoding/binary"
	"unsafe"
)

// huffDecoder holds a code's decode tables. single maps the low
// huffMaxBits bits of the stream to one symbol and its length; multi to up
// to three whole symbols that fit in those bits, their total length (bits
// 0-5: the entry itself is the shift count, which x86 masks to 6 bits,
// keeping the lookup-shift chain short) and count (bits 6-7), the symbols
// from bit 8. Read-only after construction, so safe for concurrent use.
type huffDecoder struct {
	single [huffTableSize]uint16
	multi  [huffTableSize]uint32
}

// newHuffDecoder builds the decode tables of the code lens describes.
func newHuffDecoder(lens *[256]uint8) (*huffDecoder, bool) {
	h, ok := newHuffCode(lens)
	if !ok {
		return nil, false
	}
	d := new(huffDecoder)
	for s, l := range h.lens {
		if l == 0 {
			continue
		}
		for j := int(h.codes[s]); j < huffTableSize; j += 1 << l {
			d.single[j] = uint16(s) | uint16(l)<<huffSingleLen
		}
	}
	for w := range d.multi {
		e := uint32(0)
		used, cnt := 0, 0
		for cnt < huffMultiMax {
			s := d.single[(w>>used)&huffMask]
			l := int(s >> huffSingleLen)
			if used+l > huffMaxBits {
				break
			}
			e |= uint32(s&0xFF) << (8 + 8*cnt)
			used += l
			cnt++
		}
		d.multi[w] = e | uint32(used) | uint32(cnt)<<huffCntShift
	}
	return d, true
}

// HuffPad is the readable bytes decode needs after the coded bits: a
// refill loads 8 bytes from at most 7 bytes past them. Their values do not
// matter.
const HuffPad = 16

// huffState is a decode in progress: bit buffer v holding nb valid bits,
// pos the next byte of the coded bits to load, k the next byte of output.
type huffState struct {
	v      uint64
	nb     uint
	pos, k int
}

// decode fills dst (its full length) from the coded bits src[:m], which
// must end in their last byte (its unused high bits zero); ok false
// otherwise. src must hold HuffPad readable bytes after m, dst 4 bytes of
// capacity beyond its length.
func (d *huffDecoder) decode(dst []byte, src []byte, m int) bool {
	n := len(dst)
	dst = dst[:cap(dst)]
	if len(dst) < n+4 || m < 0 || len(src)-HuffPad < m {
		return false
	}
	var s huffState
	if n >= huffBulkMin && !huffBulk(&d.multi, &dst[0], n-huffBulkMin, &src[0], m*8, &s) {
		return false
	}
	// The last < 16 symbols: multi entries while all their symbols are due,
	// else single ones; a refill serves every lookup it can.
	v, nb, pos, k := s.v, s.nb, s.pos, s.k
	for k < n {
		if pos*8-int(nb) > m*8 {
			return false // past the coded bits
		}
		v |= binary.LittleEndian.Uint64(src[pos:]) << (nb & 63)
		pos += int(63-nb) >> 3
		nb |= 56
		for nb >= huffMaxBits && k+huffMultiMax <= n {
			e := d.multi[v&huffMask]
			v >>= e & 63
			nb -= uint(e & 63)
			binary.LittleEndian.PutUint32(dst[k:], e>>8)
			k += int(e >> huffCntShift & 3)
		}
		for nb >= huffMaxBits && k < n && k+huffMultiMax > n {
			e := d.single[v&huffMask]
			l := e >> huffSingleLen
			v >>= l
			nb -= uint(l)
			dst[k] = byte(e)
			k++
		}
	}
	// The bits end in src[m-1], whose unused high bits are zero.
	used := pos*8 - int(nb)
	return used <= m*8 && used > (m-1)*8 && v&(1<<(m*8-used)-1) == 0
}

// huffBulkMin is the output bytes a bulk step may touch: five multi entries
// of up to three symbols, stored four bytes at a time.
const huffBulkMin = 5*huffMultiMax + 1

// huffBulkGo decodes from state s while k ≤ limit: five multi entries per
// refill (≤ 11 bits each of the ≥ 56 a refill leaves), so the stores stay
// below limit+huffBulkMin. It reads 8 bytes at src[pos] (pos stays below
// mbits/8 + 8) and fails once the bits consumed pass mbits.
func huffBulkGo(tab *[huffTableSize]uint32, dst *byte, limit int, src *byte, mbits int, s *huffState) bool {
	out := unsafe.Slice(dst, limit+huffBulkMin)
	in := unsafe.Slice(src, mbits/8+HuffPad)
	v, nb, pos, k := s.v, s.nb, s.pos, s.k
	for k <= limit {
		if pos*8-int(nb) > mbits {
			return false // past the coded bits
		}
		v |= binary.LittleEndian.Uint64(in[pos:]) << (nb & 63)
		pos += int(63-nb) >> 3
		nb |= 56
		for range 5 {
			e := tab[v&huffMask]
			v >>= e & 63
			nb -= uint(e & 63)
			binary.LittleEndian.PutUint32(out[k:], e>>8)
			k += int(e >> huffCntShift & 3)
		}
	}
	s.v, s.nb, s.pos, s.k = v, nb, pos, k
	return true
}
