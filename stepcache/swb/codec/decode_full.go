package codec

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"unsafe"

	"github.com/shardcore/shardcore/stepcache/chunk"
)

// padW is the row width of the predictor grid: 16 cells plus one
// extrapolated cell on each side, so every neighbour is one fixed offset away.
const padW = chunk.Size + 2

// padLen is the grid's bytes plus slack for 8-byte loads at its end.
const padLen = padW*padW + 8

// padOff is the offset of direction d's neighbour in the grid.
var padOff = [8]int{-padW, -padW + 1, 1, padW + 1, padW, padW - 1, -1, -padW - 1}

// The decoder writes cells as bytes: a Cell must be its 20 bytes in field
// order (Z, Walk, Wet, Info, WalkZ at 4, SwimZ at 12).
var (
	_ [CellSize - unsafe.Sizeof(chunk.Cell{})]struct{}
	_ [unsafe.Sizeof(chunk.Cell{}) - CellSize]struct{}
	_ [unsafe.Offsetof(chunk.Cell{}.WalkZ) - 4]struct{}
	_ [4 - unsafe.Offsetof(chunk.Cell{}.WalkZ)]struct{}
	_ [unsafe.Offsetof(chunk.Cell{}.SwimZ) - 12]struct{}
	_ [12 - unsafe.Offsetof(chunk.Cell{}.SwimZ)]struct{}
)

// cellBytes is a chunk's 256 cells as bytes.
func cellBytes(c *chunk.Chunk) *[chunk.NumCells * CellSize]byte {
	return (*[chunk.NumCells * CellSize]byte)(unsafe.Pointer(&c.Cells))
}

// readPlaneInto reads one plane of either layout into v.
func (r *rd) readPlaneInto(packed bool, v *[chunk.NumCells]byte) {
	if packed {
		r.readPlane(v)
	} else if b := r.bytes(chunk.NumCells); b != nil {
		copy(v[:], b)
	}
}

// decodeFull decodes a full body into dst: the predictor grid from the
// SourceZ plane (and halo), the Walk, Wet and Info planes, every cell's
// predicted Zs, the residuals added, then the strata.
func (d *Decoder) decodeFull(body []byte, dst *chunk.Chunk) error {
	r := rd{b: body}
	flags := r.u8()
	if !validFlags(flags) {
		return fmt.Errorf("%w: full record flags %#x", ErrCorrupt, flags)
	}
	neighbour, packed := flags&flagNeighbour != 0, flags&flagPacked != 0
	swim := flags&flagSwim != 0
	if err := d.readGrid(&r, flags); err != nil {
		return err
	}
	if !d.readMasks(&r, flags) {
		return fmt.Errorf("%w: bad Walk or Wet", ErrCorrupt)
	}
	r.readPlaneInto(packed, &d.info)
	if r.bad {
		return fmt.Errorf("%w: truncated planes", ErrCorrupt)
	}
	if flags&flagInfoPred != 0 {
		infoPred(&d.pad, &d.walk, &d.pred)
		xorPlane(&d.info, &d.pred)
	}
	if neighbour {
		cellsNeighbour(&d.pad, &d.walk, &d.wet, &d.info, dst)
	} else {
		cellsOwn(&d.pad, &d.walk, &d.wet, &d.info, cellWords(dst))
	}
	if !d.addResiduals(&r, cellBytes(dst), swim, packed) {
		return fmt.Errorf("%w: truncated Z residuals", ErrCorrupt)
	}
	dst.StrataStart, dst.Strata = nil, nil
	if flags&flagStrata != 0 {
		var err error
		if flags&flagColumns != 0 {
			err = d.decodeStrataColumns(&r, dst)
		} else {
			err = d.decodeStrata(&r, dst, packed)
		}
		if err != nil {
			return err
		}
	}
	if r.bad || r.off != len(body) {
		return fmt.Errorf("%w: full record length", ErrCorrupt)
	}
	return nil
}

// validFlags reports whether a full body's flag byte is one an encoder
// writes: known bits only, the gradient and the Info prediction only with
// the neighbour predictor, strata columns only with strata in the packed
// layout.
func validFlags(flags byte) bool {
	return flags&^flagsKnown == 0 &&
		(flags&(flagGradient|flagInfoPred) == 0 || flags&flagNeighbour != 0) &&
		(flags&flagColumns == 0 || flags&(flagStrata|flagPacked) == flagStrata|flagPacked)
}

// readMasks reads the Walk plane and the Wet plane (zero without a swim
// part): mask sections with flagMaskGrid, else planes. ok false when
// malformed.
func (d *Decoder) readMasks(r *rd, flags byte) bool {
	packed, swim := flags&flagPacked != 0, flags&flagSwim != 0
	if flags&flagMaskGrid == 0 {
		r.readPlaneInto(packed, &d.walk)
		if swim {
			r.readPlaneInto(packed, &d.wet)
		} else {
			clear(d.wet[:])
		}
		return !r.bad
	}
	var none maskGrid
	g, ok := d.readMask(r, &d.walk, false, packed, &none)
	if !ok {
		return false
	}
	if !swim {
		clear(d.wet[:])
		return true
	}
	_, ok = d.readMask(r, &d.wet, true, packed, &g)
	return ok
}

// addResiduals adds the walk and (swim) the swim Z residuals to the
// predicted Zs in out; false when the body ends first.
func (d *Decoder) addResiduals(r *rd, out *[chunk.NumCells * CellSize]byte, swim, packed bool) bool {
	parts := 1
	if swim {
		parts = 2
	}
	for part := 0; part < parts; part++ {
		off := 4 + 8*part // WalkZ, then SwimZ
		ok := false
		if packed {
			ok = d.addSparse(r, out, off)
		} else {
			ok = addArrays(r, out, off)
		}
		if !ok {
			return false
		}
	}
	return true
}

// addSparse adds one sparse Z part (walk or swim, at byte off of each cell)
// to the predicted Zs in out.
func (d *Decoder) addSparse(r *rd, out *[chunk.NumCells * CellSize]byte, off int) bool {
	switch r.u8() {
	case 0:
		return !r.bad
	case 1:
	default:
		return false
	}
	le := binary.LittleEndian
	bm := r.bytes(32)
	if r.bad {
		return false
	}
	n := 0
	for w := 0; w < 4; w++ {
		n += bits.OnesCount64(le.Uint64(bm[8*w:]))
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
	vals := d.vals[:nv]
	r.readBits(vals, k)
	if r.bad {
		return false
	}
	v, j := 0, 0
	for w := 0; w < 4; w++ {
		word := le.Uint64(bm[8*w:])
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
			o := out[i*CellSize+off : i*CellSize+off+8]
			le.PutUint64(o, swarAdd(le.Uint64(o), x))
		}
	}
	return true
}

// addArrays adds one part of the array layout (mask byte, 256-byte arrays)
// to the predicted Zs in out.
func addArrays(r *rd, out *[chunk.NumCells * CellSize]byte, off int) bool {
	m := r.u8()
	for dir := 0; dir < 8; dir++ {
		if m&(1<<dir) == 0 {
			continue
		}
		arr := r.bytes(chunk.NumCells)
		if r.bad {
			return false
		}
		for i, b := range arr {
			out[i*CellSize+off+dir] += b
		}
	}
	return !r.bad
}
