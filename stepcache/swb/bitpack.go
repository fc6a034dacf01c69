package swb

import "shardcore/stepcache"

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

// readBits unpacks len(vals) k-bit values.
func (r *rd) readBits(vals []byte, k int) {
	src := r.bytes((len(vals)*k + 7) / 8)
	if r.bad {
		return
	}
	var acc uint32
	n, j := 0, 0
	m := uint32(1)<<k - 1
	for i := range vals {
		for n < k {
			acc |= uint32(src[j]) << n
			j++
			n += 8
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
	at := func(x, y int) int { return int(zs[y*w+x]) }
	for y := 0; y < w; y++ {
		for x := 0; x < w; x++ {
			pad[(y+1)*padW+x+1] = byte(zs[y*w+x])
		}
	}
	for y := -1; y <= w; y++ {
		for x := -1; x <= w; x++ {
			if x >= 0 && y >= 0 && x < w && y < w {
				continue
			}
			ex, ey := min(max(x, 0), w-1), min(max(y, 0), w-1)
			ix, iy := ex-(x-ex), ey-(y-ey)
			pad[(y+1)*padW+x+1] = byte(2*at(ex, ey) - at(ix, iy))
		}
	}
}
