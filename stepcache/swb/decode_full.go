package swb

import (
	"fmt"
	"math/bits"

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
	cells := &dst.Cells

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
	p = d.readPlaneOrRaw(&r, packed)
	for i := range cells {
		cells[i].Z = zs[i]
		cells[i].Walk = p[i]
	}
	if swim {
		p = d.readPlaneOrRaw(&r, packed)
		for i := range cells {
			cells[i].Wet = p[i]
		}
	} else {
		for i := range cells {
			cells[i].Wet = 0
			cells[i].SwimZ = [8]int8{}
		}
	}
	p = d.readPlaneOrRaw(&r, packed)
	for i := range cells {
		cells[i].Info = p[i]
	}
	if r.bad {
		return fmt.Errorf("%w: truncated planes", ErrCorrupt)
	}
	parts := 1
	if swim {
		parts = 2
	}
	for part := 0; part < parts; part++ {
		var ok bool
		if packed {
			ok = d.zPacked(&r, cells, &pad, part == 1, neighbour)
		} else {
			ok = d.zArrays(&r, cells, &pad, part == 1, neighbour)
		}
		if !ok {
			return fmt.Errorf("%w: truncated Z residuals", ErrCorrupt)
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

// reconstruct sets zs = residual + (mask bit ? prediction : 0) for one cell.
func reconstruct(zs *[8]int8, res uint64, mask byte, pad *[padW * padW]byte, base int, own byte, neighbour bool) {
	var pred uint64
	if neighbour {
		pred = predWord(pad, base)
	} else {
		pred = uint64(own) * 0x0101010101010101
	}
	v := swarAdd(res, pred&expandMask[mask])
	zs[0], zs[1], zs[2], zs[3] = int8(v), int8(v>>8), int8(v>>16), int8(v>>24)
	zs[4], zs[5], zs[6], zs[7] = int8(v>>32), int8(v>>40), int8(v>>48), int8(v>>56)
}

// zPacked decodes one sparse Z part (walk or swim) straight into the cells.
func (d *Decoder) zPacked(r *rd, cells *[stepcache.ChunkCells]stepcache.Cell, pad *[padW * padW]byte, swim, neighbour bool) bool {
	var bm []byte
	switch r.u8() {
	case 0:
	case 1:
		bm = r.bytes(32)
	default:
		return false
	}
	if r.bad {
		return false
	}
	var masks [stepcache.ChunkCells]byte
	nv := 0
	if bm != nil {
		for i := range masks {
			if bm[i>>3]&(1<<(i&7)) != 0 {
				m := r.u8()
				if m == 0 {
					return false
				}
				masks[i] = m
				nv += bits.OnesCount8(m)
			}
		}
		k := int(r.u8())
		if k < 1 || k > 8 {
			return false
		}
		if cap(d.vals) < nv {
			d.vals = make([]byte, nv, stepcache.ChunkCells*8)
		}
		d.vals = d.vals[:nv]
		r.readBits(d.vals, k)
		if r.bad {
			return false
		}
	}
	v := 0
	for i := range cells {
		c := &cells[i]
		mask, zs := c.Walk, &c.WalkZ
		if swim {
			mask, zs = c.Wet, &c.SwimZ
		}
		var res uint64
		if m := masks[i]; m != 0 {
			for dir := 0; dir < 8; dir++ {
				if m&(1<<dir) != 0 {
					res |= uint64(unzigzag(d.vals[v]+1)) << (8 * dir)
					v++
				}
			}
		}
		base := (i/stepcache.ChunkSize+1)*padW + i%stepcache.ChunkSize + 1
		reconstruct(zs, res, mask, pad, base, byte(c.Z), neighbour)
	}
	return !r.bad
}

// zArrays decodes one part of the array layout (mask byte, 256-byte arrays).
func (d *Decoder) zArrays(r *rd, cells *[stepcache.ChunkCells]stepcache.Cell, pad *[padW * padW]byte, swim, neighbour bool) bool {
	m := r.u8()
	var arr [8][]byte
	for dir := 0; dir < 8; dir++ {
		if m&(1<<dir) != 0 {
			arr[dir] = r.bytes(stepcache.ChunkCells)
		}
	}
	if r.bad {
		return false
	}
	for i := range cells {
		c := &cells[i]
		mask, zs := c.Walk, &c.WalkZ
		if swim {
			mask, zs = c.Wet, &c.SwimZ
		}
		var res uint64
		for dir := 0; dir < 8; dir++ {
			if arr[dir] != nil {
				res |= uint64(arr[dir][i]) << (8 * dir)
			}
		}
		base := (i/stepcache.ChunkSize+1)*padW + i%stepcache.ChunkSize + 1
		reconstruct(zs, res, mask, pad, base, byte(c.Z), neighbour)
	}
	return true
}
