package codec

import (
	"encoding/binary"
	"math/bits"
	"sort"
)

// One canonical Huffman code per file over the bytes of the full records'
// bodies: built once at write time from every body, stored once in the
// index, turned into decode tables once at Open. A record then costs no
// table setup, only its bits.

const (
	huffMaxBits   = 11                // longest code
	huffTableSize = 1 << huffMaxBits  // decode table entries
	huffMask      = huffTableSize - 1 // a table index from the low bits
	huffMultiMax  = 3                 // most symbols one multi entry produces
	huffCntShift  = 6                 // multi entry: bits consumed in bits 0-5, symbol count in 6-7, symbols from bit 8
	huffSingleLen = 8                 // single entry: symbol bits 0-7, length bits 8-11
)

// LensSize is the stored size of a file's code: 256 code lengths, 4 bits each.
const LensSize = 256 / 2

// huffCode is a code ready to encode: per symbol its length (0: absent) and
// its bits LSB-first (the canonical code bit-reversed).
type huffCode struct {
	lens  [256]uint8
	codes [256]uint16
}

// buildHuffLens returns length-limited Huffman code lengths for hist; ok
// false when hist holds no symbol. A lone symbol gets a 1-bit code (with a
// 1-bit sibling) so every code is complete.
func buildHuffLens(hist *[256]uint64) (lens [256]uint8, ok bool) {
	var syms []int
	for s, n := range hist {
		if n > 0 {
			syms = append(syms, s)
		}
	}
	switch len(syms) {
	case 0:
		return lens, false
	case 1:
		lens[syms[0]] = 1
		lens[(syms[0]+1)%256] = 1
		return lens, true
	}
	count := huffDepthCounts(hist, syms)
	limitDepths(&count)
	// Shortest codes to the most frequent symbols.
	sort.SliceStable(syms, func(i, j int) bool { return hist[syms[i]] > hist[syms[j]] })
	k := 0
	for l := 1; l <= huffMaxBits; l++ {
		for range count[l] {
			lens[syms[k]] = uint8(l)
			k++
		}
	}
	return lens, true
}

// huffDepthCounts builds plain Huffman depths of syms (at least two) by
// repeatedly merging the two lightest nodes (ties to the lower node number,
// so the result is deterministic) and counts the leaves per depth, depths
// past huffMaxBits counted at huffMaxBits.
func huffDepthCounts(hist *[256]uint64, syms []int) (count [huffMaxBits + 1]int) {
	n := len(syms)
	w := make([]uint64, 0, 2*n)
	parent := make([]int, 2*n)
	alive := make([]bool, 0, 2*n)
	for _, s := range syms {
		w = append(w, hist[s])
		alive = append(alive, true)
	}
	for range n - 1 {
		a, b := -1, -1
		for i := range w {
			if !alive[i] {
				continue
			}
			switch {
			case a < 0 || w[i] < w[a]:
				a, b = i, a
			case b < 0 || w[i] < w[b]:
				b = i
			}
		}
		alive[a], alive[b] = false, false
		parent[a], parent[b] = len(w), len(w)
		w = append(w, w[a]+w[b])
		alive = append(alive, true)
	}
	root := len(w) - 1
	for i := range n {
		d := 0
		for j := i; j != root; j = parent[j] {
			d++
		}
		count[min(d, huffMaxBits)]++
	}
	return count
}

// limitDepths makes clamped depth counts a complete code again (as miniz
// does): the leaves clamped to huffMaxBits overfill the Kraft sum; move one
// leaf from the deepest level under a shallower leaf until it is exact.
func limitDepths(count *[huffMaxBits + 1]int) {
	total := 0
	for l := 1; l <= huffMaxBits; l++ {
		total += count[l] << (huffMaxBits - l)
	}
	for total > huffTableSize {
		count[huffMaxBits]--
		for l := huffMaxBits - 1; l > 0; l-- {
			if count[l] > 0 {
				count[l]--
				count[l+1] += 2
				break
			}
		}
		total--
	}
}

// newHuffCode assigns canonical codes to lens; ok false when lens is not a
// complete prefix code of at most huffMaxBits bits.
func newHuffCode(lens *[256]uint8) (*huffCode, bool) {
	var count [huffMaxBits + 1]int
	for _, l := range lens {
		if l > huffMaxBits {
			return nil, false
		}
		count[l]++
	}
	total := 0
	for l := 1; l <= huffMaxBits; l++ {
		total += count[l] << (huffMaxBits - l)
	}
	if total != huffTableSize {
		return nil, false
	}
	count[0] = 0
	var next [huffMaxBits + 1]int
	code := 0
	for l := 1; l <= huffMaxBits; l++ {
		code = (code + count[l-1]) << 1
		next[l] = code
	}
	h := &huffCode{lens: *lens}
	for s, l := range lens {
		if l == 0 {
			continue
		}
		c := next[l]
		next[l]++
		h.codes[s] = uint16(bits.Reverse16(uint16(c)) >> (16 - l))
	}
	return h, true
}

// AppendLens stores 256 code lengths, two per byte (low nibble first).
func AppendLens(dst []byte, lens *[256]uint8) []byte {
	for s := 0; s < 256; s += 2 {
		dst = append(dst, lens[s]|lens[s+1]<<4)
	}
	return dst
}

// ParseLens is the inverse of AppendLens; b holds at least LensSize bytes.
func ParseLens(b []byte) (lens [256]uint8) {
	for i, v := range b[:LensSize] {
		lens[2*i], lens[2*i+1] = v&0xF, v>>4
	}
	return lens
}

// appendHuff appends src coded with h (LSB-first, the last byte zero-padded).
// Every byte of src must have a code.
func (h *huffCode) appendHuff(dst []byte, src []byte) []byte {
	var acc uint64
	n := uint(0)
	for _, b := range src {
		acc |= uint64(h.codes[b]) << n
		n += uint(h.lens[b])
		if n >= 32 {
			dst = binary.LittleEndian.AppendUint32(dst, uint32(acc))
			acc >>= 32
			n -= 32
		}
	}
	for n > 0 {
		dst = append(dst, byte(acc))
		acc >>= 8
		n -= min(n, 8)
	}
	return dst
}

// huffBits is the coded size of src in bits (math.MaxInt when a byte has no code).
func (h *huffCode) huffBits(src []byte) int {
	n := 0
	for _, b := range src {
		if h.lens[b] == 0 {
			return int(^uint(0) >> 1)
		}
		n += int(h.lens[b])
	}
	return n
}
