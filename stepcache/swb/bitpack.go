package swb

import (
	"encoding/binary"

	"shardcore/stepcache"
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

// readBits unpacks len(vals) k-bit values (k ≤ 8), refilling a 64-bit
// accumulator a word at a time where the input allows.
func (r *rd) readBits(vals []byte, k int) {
	src := r.bytes((len(vals)*k + 7) / 8)
	if r.bad {
		return
	}
	var acc uint64
	n, j := 0, 0
	m := uint64(1)<<k - 1
	for i := range vals {
		if n < k {
			if len(src)-j >= 8 {
				// Take the bytes that fit above the n bits still held.
				acc |= binary.LittleEndian.Uint64(src[j:]) << n
				take := (63 - n) >> 3
				j += take
				n += take * 8
			} else {
				for n < k {
					acc |= uint64(src[j]) << n
					j++
					n += 8
				}
			}
		}
		vals[i] = byte(acc & m)
		acc >>= k
		n -= k
	}
}

// fillPad builds the 18×18 predictor grid: the chunk's SourceZs, and around
// them each edge cell's value extrapolated one step outwards along the
// outward direction (2·edge − inner), exact on planar slopes.
func fillPad(zs *[stepcache.ChunkCells]int8, pad *[padW * padW]byte) {
	const w = stepcache.ChunkSize
	for y := 0; y < w; y++ {
		row := pad[(y+1)*padW : (y+2)*padW : (y+2)*padW]
		src := zs[y*w : y*w+w : y*w+w]
		for x, v := range src {
			row[x+1] = byte(v)
		}
		row[0] = 2*byte(src[0]) - byte(src[1])
		row[padW-1] = 2*byte(src[w-1]) - byte(src[w-2])
	}
	// Top and bottom rows (corners included) extrapolate the grid's columns,
	// which already hold the extrapolated left and right edges.
	top, r1, r2 := pad[0:padW:padW], pad[padW:2*padW:2*padW], pad[2*padW:3*padW:3*padW]
	bot, b1, b2 := pad[(padW-1)*padW:padW*padW:padW*padW], pad[(padW-2)*padW:(padW-1)*padW:(padW-1)*padW], pad[(padW-3)*padW:(padW-2)*padW:(padW-2)*padW]
	for x := 0; x < padW; x++ {
		top[x] = 2*r1[x] - r2[x]
		bot[x] = 2*b1[x] - b2[x]
	}
}
