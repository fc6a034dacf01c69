package codec

import (
	"encoding/binary"

	"github.com/shardcore/shardcore/stepcache/chunk"
)

// zigzag maps a small signed residual to a small unsigned one.
func zigzag(v byte) byte { return byte(int8(v)<<1) ^ byte(int8(v)>>7) }

// unzigzag is the inverse of zigzag.
func unzigzag(u byte) byte { return (u >> 1) ^ -(u & 1) }

// bitWidth is the bits needed to hold u.
func bitWidth(u byte) int {
	n := 0
	for u != 0 {
		n++
		u >>= 1
	}
	return n
}

// appendBits packs vals (each < 1<<k) LSB-first, k bits each.
func appendBits(dst []byte, vals []byte, k int) []byte {
	var acc uint32
	n := 0
	for _, v := range vals {
		acc |= uint32(v) << n
		n += k
		for n >= 8 {
			dst = append(dst, byte(acc))
			acc >>= 8
			n -= 8
		}
	}
	if n > 0 {
		dst = append(dst, byte(acc))
	}
	return dst
}

// readBits unpacks len(vals) k-bit values (1 ≤ k ≤ 8), LSB-first, eight at
// a time: eight values are exactly k bytes.
func (r *rd) readBits(vals []byte, k int) {
	src := r.bytes((len(vals)*k + 7) / 8)
	if r.bad {
		return
	}
	m := uint64(1)<<k - 1
	sh := uint(k)
	i, j := 0, 0
	for ; i+8 <= len(vals) && j+8 <= len(src); i, j = i+8, j+k {
		x := binary.LittleEndian.Uint64(src[j:])
		v := (*[8]byte)(vals[i:])
		v[0] = byte(x & m)
		x >>= sh
		v[1] = byte(x & m)
		x >>= sh
		v[2] = byte(x & m)
		x >>= sh
		v[3] = byte(x & m)
		x >>= sh
		v[4] = byte(x & m)
		x >>= sh
		v[5] = byte(x & m)
		x >>= sh
		v[6] = byte(x & m)
		x >>= sh
		v[7] = byte(x & m)
	}
	// The last values, from a zero-padded copy of the last bytes.
	var tail [16]byte
	copy(tail[:], src[j:])
	var acc uint64
	n, t := 0, 0
	for ; i < len(vals); i++ {
		if n < k {
			acc |= uint64(tail[t]) << n
			t++
			n += 8
		}
		vals[i] = byte(acc & m)
		acc >>= k
		n -= k
	}
}

// SWAR helpers: eight bytes in a uint64, lane by lane, no carries across.
const (
	laneHigh = 0x8080808080808080
	laneOnes = 0x0101010101010101
)

// swarAdd adds eight bytes lane by lane.
func swarAdd(a, b uint64) uint64 {
	return ((a &^ laneHigh) + (b &^ laneHigh)) ^ ((a ^ b) & laneHigh)
}

// swarSub subtracts eight bytes lane by lane.
func swarSub(a, b uint64) uint64 {
	return ((a | laneHigh) - (b &^ laneHigh)) ^ ((a ^ ^b) & laneHigh)
}

// swarExtrapolate is 2a − b lane by lane: one step on from b through a.
func swarExtrapolate(a, b uint64) uint64 {
	return swarSub(a<<1&^(laneOnes), b)
}

// swarPrefix is the running sum of eight bytes: lane k holds lanes 0..k added.
func swarPrefix(x uint64) uint64 {
	x = swarAdd(x, x<<8)
	x = swarAdd(x, x<<16)
	return swarAdd(x, x<<32)
}

// swarUnzigzag undoes zigzag in each lane.
func swarUnzigzag(u uint64) uint64 {
	return (u >> 1 &^ laneHigh) ^ ((u & laneOnes) * 0xFF)
}

// fillPad builds the 18×18 predictor grid: the chunk's SourceZs, and around
// them each edge cell's value extrapolated one step outwards along the
// outward direction (2·edge − inner), exact on planar slopes.
func fillPad(zs *[chunk.NumCells]int8, pad *[padLen]byte) {
	const w = chunk.Size
	for y := 0; y < w; y++ {
		row := pad[(y+1)*padW : (y+2)*padW : (y+2)*padW]
		for x, v := range zs[y*w : y*w+w] {
			row[x+1] = byte(v)
		}
	}
	extrapolatePad(pad)
}

// extrapolatePad fills the grid's outer ring from its interior (see fillPad).
func extrapolatePad(pad *[padLen]byte) {
	for y := 1; y <= chunk.Size; y++ {
		row := pad[y*padW : (y+1)*padW : (y+1)*padW]
		row[0] = 2*row[1] - row[2]
		row[padW-1] = 2*row[padW-2] - row[padW-3]
	}
	// Top and bottom rows (corners included) extrapolate the grid's columns,
	// which already hold the extrapolated left and right edges: 18 bytes as
	// bytes 0-7, 8-15 and 10-17.
	const bot = (padW - 1) * padW
	for _, x := range [3]int{0, 8, padW - 8} {
		le := binary.LittleEndian
		le.PutUint64(pad[x:], swarExtrapolate(le.Uint64(pad[padW+x:]), le.Uint64(pad[2*padW+x:])))
		le.PutUint64(pad[bot+x:], swarExtrapolate(le.Uint64(pad[bot-padW+x:]), le.Uint64(pad[bot-2*padW+x:])))
	}
}
