package codec

import (
	"encoding/binary"
	"fmt"

	"github.com/shardcore/shardcore/stepcache/chunk"
)

// The predictor grid of a full body: SourceZ decoded into its interior,
// its outer ring extrapolated and corrected by the halo.

// decodeUp undoes predictSource (cell above) into the grid's interior: the
// first row left to right, then each row from the one above, eight cells
// per add.
func decodeUp(p *[chunk.NumCells]byte, pad *[padLen]byte) {
	const w = chunk.Size
	le := binary.LittleEndian
	decodeFirstRow(p, pad)
	for y := 1; y < w; y++ {
		up, cur := (y)*padW+1, (y+1)*padW+1
		le.PutUint64(pad[cur:], swarAdd(le.Uint64(pad[up:]), le.Uint64(p[y*w:])))
		le.PutUint64(pad[cur+8:], swarAdd(le.Uint64(pad[up+8:]), le.Uint64(p[y*w+8:])))
	}
}

// decodeGradient undoes predictSource with the gradient: a row's
// differences from the row above are the prefix sums of its residuals.
func decodeGradient(p *[chunk.NumCells]byte, pad *[padLen]byte) {
	const w = chunk.Size
	le := binary.LittleEndian
	decodeFirstRow(p, pad)
	for y := 1; y < w; y++ {
		up, cur := (y)*padW+1, (y+1)*padW+1
		lo := swarPrefix(le.Uint64(p[y*w:]))
		hi := swarAdd(swarPrefix(le.Uint64(p[y*w+8:])), (lo>>56)*laneOnes)
		le.PutUint64(pad[cur:], swarAdd(le.Uint64(pad[up:]), lo))
		le.PutUint64(pad[cur+8:], swarAdd(le.Uint64(pad[up+8:]), hi))
	}
}

// decodeFirstRow undoes the first row's prediction (the cell to the left).
func decodeFirstRow(p *[chunk.NumCells]byte, pad *[padLen]byte) {
	le := binary.LittleEndian
	lo := swarPrefix(le.Uint64(p[0:]))
	le.PutUint64(pad[padW+1:], lo)
	le.PutUint64(pad[padW+9:], swarAdd(swarPrefix(le.Uint64(p[8:])), (lo>>56)*laneOnes))
}

// readGrid reads the SourceZ plane into the predictor grid's interior and
// fills its outer ring: extrapolated (neighbour predictor), then corrected
// by the halo's residuals when the body has one.
func (d *Decoder) readGrid(r *rd, flags byte) error {
	pad := &d.pad
	r.readPlaneInto(flags&flagPacked != 0, &d.plane)
	switch {
	case flags&flagGradient != 0:
		decodeGradient(&d.plane, pad)
		extrapolatePad(pad)
	case flags&flagNeighbour != 0:
		decodeUp(&d.plane, pad)
		extrapolatePad(pad)
	default:
		for y := 0; y < chunk.Size; y++ {
			copy(pad[(y+1)*padW+1:], d.plane[y*chunk.Size:(y+1)*chunk.Size])
		}
	}
	if !hasHalo(flags) {
		return nil
	}
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
	return nil
}
