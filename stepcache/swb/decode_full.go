package swb

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"unsafe"

	"shardcore/stepcache"
)

// padW is the row width of the decoder's padded SourceZ grid: 16 cells plus
// one clamped copy on each side, so every neighbour is one fixed offset away.
const padW = stepcache.ChunkSize + 2

// padOff is the offset of direction d's neighbour in the padded grid.
var padOff = [8]int{-padW, -padW + 1, 1, padW + 1, padW, padW - 1, -1, -padW - 1}

func (d *Decoder) readPlaneOrRaw(r *rd, packed bool) *[stepcache.ChunkCells]byte {
	if packed {
		r.readPlane(&d.plane)
	} else if b := r.bytes(stepcache.ChunkCells); b != nil {
		copy(d.plane[:], b)
	}
	return &d.plane
}

// decodeSource undoes the median-edge-detector prediction of appendFull.
func decodeSource(p *[stepcache.ChunkCells]byte, z *[stepcache.ChunkCells]int8) {
	const w = stepcache.ChunkSize
	z[0] = int8(p[0])
	for x := 1; x < w; x++ {
		z[x] = int8(p[x] + byte(z[x-1]))
	}
	for y := 1; y < w; y++ {
		row := y * w
		z[row] = int8(p[row] + byte(z[row-w]))
		for i := row + 1; i < row+w; i++ {
			a, b, c := z[i-1], z[i-w], z[i-w-1]
			lo, hi := min(a, b), max(a, b)
			var pr int8
			switch {
			case c >= hi:
				pr = lo
			case c <= lo:
				pr = hi
			default:
				pr = int8(int(a) + int(b) - int(c))
			}
			z[i] = int8(p[i] + byte(pr))
		}
	}
}

func (d *Decoder) decodeFull(body []byte, dst *stepcache.Chunk) error {
	r := rd{b: body}
	flags := r.u8()
	if flags&^(flagSwim|flagStrata|flagNeighbour|flagPacked|flagHalo) != 0 || (flags&flagHalo != 0 && flags&(flagNeighbour|flagPacked) != flagNeighbour|flagPacked) {
		return fmt.Errorf("%w: full record flags %#x", ErrCorrupt, flags)
	}
	neighbour, packed := flags&flagNeighbour != 0, flags&flagPacked != 0
	swim := flags&flagSwim != 0

	var zs [stepcache.ChunkCells]int8
	p := d.readPlaneOrRaw(&r, packed)
	if neighbour {
		decodeSource(p, &zs)
	} else {
		for i := range zs {
			zs[i] = int8(p[i])
		}
	}
	// Padded grid of the predictor: clamped neighbour Zs, or the own Z.
	var pad [padW * padW]byte
	fillPad(&zs, &pad)
	if flags&flagHalo != 0 {
		k := int(r.u8())
		if k > 8 {
			return fmt.Errorf("%w: halo width %d", ErrCorrupt, k)
		}
		if k > 0 {
			var vals [4*padW - 4]byte
			r.readBits(vals[:], k)
			for n, p := range ringIdx {
				pad[p] += unzigzag(vals[n])
			}
		}
	}
	walk, wet, info := &d.walk, &d.wet, &d.info
	d.readPlaneInto(&r, packed, walk)
	if swim {
		d.readPlaneInto(&r, packed, wet)
	}
	d.readPlaneInto(&r, packed, info)
	if r.bad {
		return fmt.Errorf("%w: truncated planes", ErrCorrupt)
	}
	pw := &d.pred
	if neighbour {
		predWords(&pad, pw)
	} else {
		for i, z := range zs {
			pw[i] = uint64(byte(z)) * 0x0101010101010101
		}
	}
	parts := 1
	if swim {
		parts = 2
	}
	for part := 0; part < parts; part++ {
		var ok bool
		if packed {
			ok = d.zPacked(&r, &d.res[part])
		} else {
			ok = zArrays(&r, &d.res[part])
		}
		if !ok {
			return fmt.Errorf("%w: truncated Z residuals", ErrCorrupt)
		}
	}
	cells := &dst.Cells
	wr := &d.res[0]
	if swim {
		sr := &d.res[1]
		for i := range cells {
			c := &cells[i]
			w, s := walk[i], wet[i]
			c.Z, c.Walk, c.Wet, c.Info = zs[i], w, s, info[i]
			putZ(&c.WalkZ, swarAdd(wr[i], pw[i]&expandMask[w]))
			putZ(&c.SwimZ, swarAdd(sr[i], pw[i]&expandMask[s]))
		}
	} else {
		for i := range cells {
			c := &cells[i]
			w := walk[i]
			c.Z, c.Walk, c.Wet, c.Info = zs[i], w, 0, info[i]
			putZ(&c.WalkZ, swarAdd(wr[i], pw[i]&expandMask[w]))
			putZ(&c.SwimZ, 0)
		}
	}
	dst.StrataStart, dst.Strata = nil, nil
	if flags&flagStrata != 0 {
		if err := d.decodeStrata(&r, dst, packed); err != nil {
			return err
		}
	}
	if r.bad || r.off != len(body) {
		return fmt.Errorf("%w: full record length", ErrCorrupt)
	}
	return nil
}

// readPlaneInto reads one plane of either layout into v.
func (d *Decoder) readPlaneInto(r *rd, packed bool, v *[stepcache.ChunkCells]byte) {
	if packed {
		r.readPlane(v)
	} else if b := r.bytes(stepcache.ChunkCells); b != nil {
		copy(v[:], b)
	}
}

// putZ stores eight Z bytes (byte d = direction d) with one 64-bit store.
func putZ(zs *[8]int8, v uint64) {
	binary.LittleEndian.PutUint64((*[8]byte)(unsafe.Pointer(zs))[:], v)
}

// expandMask maps a direction mask to a byte mask (bit d set → byte d 0xFF).
var expandMask = func() (t [256]uint64) {
	for m := range t {
		for d := 0; d < 8; d++ {
			if m&(1<<d) != 0 {
				t[m] |= 0xFF << (8 * d)
			}
		}
	}
	return t
}()

// swarAdd adds eight bytes lane by lane, without carries between lanes.
func swarAdd(a, b uint64) uint64 {
	const h = 0x8080808080808080
	return ((a &^ h) + (b &^ h)) ^ ((a ^ b) & h)
}

// predWord gathers the eight neighbour Zs of the grid cell at base, byte d =
// direction d.
func predWord(pad *[padW * padW]byte, base int) uint64 {
	p := pad[base-padW-1 : base+padW+2 : base+padW+2]
	return uint64(p[1]) | uint64(p[2])<<8 | uint64(p[padW+2])<<16 | uint64(p[2*padW+2])<<24 |
		uint64(p[2*padW+1])<<32 | uint64(p[2*padW])<<40 | uint64(p[padW])<<48 | uint64(p[0])<<56
}

// predWords gathers every cell's eight neighbour Zs from the padded grid.
func predWords(pad *[padW * padW]byte, pw *[stepcache.ChunkCells]uint64) {
	for y := 0; y < stepcache.ChunkSize; y++ {
		base := (y+1)*padW + 1
		row := pw[y*stepcache.ChunkSize : (y+1)*stepcache.ChunkSize : (y+1)*stepcache.ChunkSize]
		for x := range row {
			row[x] = predWord(pad, base+x)
		}
	}
}

// zPacked decodes one sparse Z part (walk or swim) into per-cell residual
// words (byte d = direction d).
func (d *Decoder) zPacked(r *rd, res *[stepcache.ChunkCells]uint64) bool {
	var bm []byte
	switch r.u8() {
	case 0:
		clear(res[:])
		return !r.bad
	case 1:
		bm = r.bytes(32)
	default:
		return false
	}
	if r.bad {
		return false
	}
	n := 0
	for w := 0; w < 4; w++ {
		n += bits.OnesCount64(binary.LittleEndian.Uint64(bm[8*w:]))
	}
	ms := r.bytes(n)
	if r.bad {
		return false
	}
	nv := 0
	for _, m := range ms {
		if m == 0 {
			return false
		}
		nv += bits.OnesCount8(m)
	}
	k := int(r.u8())
	if k < 1 || k > 8 {
		return false
	}
	if cap(d.vals) < nv {
		d.vals = make([]byte, nv, stepcache.ChunkCells*8)
	}
	vals := d.vals[:nv]
	r.readBits(vals, k)
	if r.bad {
		return false
	}
	clear(res[:])
	v, j := 0, 0
	for w := 0; w < 4; w++ {
		word := binary.LittleEndian.Uint64(bm[8*w:])
		for word != 0 {
			i := w*64 + bits.TrailingZeros64(word)
			word &= word - 1
			m := ms[j]
			j++
			var x uint64
			for m != 0 {
				dir := bits.TrailingZeros8(m)
				m &= m - 1
				x |= uint64(unzigzag(vals[v]+1)) << (8 * dir)
				v++
			}
			res[i] = x
		}
	}
	return true
}

// zArrays decodes one part of the array layout (mask byte, 256-byte arrays)
// into per-cell residual words.
func zArrays(r *rd, res *[stepcache.ChunkCells]uint64) bool {
	m := r.u8()
	clear(res[:])
	for dir := 0; dir < 8; dir++ {
		if m&(1<<dir) == 0 {
			continue
		}
		arr := r.bytes(stepcache.ChunkCells)
		if r.bad {
			return false
		}
		for i, b := range arr {
			res[i] |= uint64(b) << (8 * dir)
		}
	}
	return !r.bad
}
