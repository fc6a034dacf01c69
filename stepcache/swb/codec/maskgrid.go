package codec

import (
	"encoding/binary"

	"github.com/shardcore/shardcore/stepcache/chunk"
)

// A direction mask (Walk or Wet) mostly says which neighbours can be
// entered, and a cell that cannot be entered (a tree, a wall, water for a
// walker) is closed from all its neighbours at once. So the masks are
// stored against a grid of blocked cells over the 18×18 predictor grid
// (the chunk and its outer ring): a cell's predicted mask has bit d set
// where neighbour d is not blocked, and the record stores the grid (324
// bits) and the mask XOR its prediction, a plane that is almost all zero.
// A forest chunk's Walk plane goes from ≈ 130 bytes to ≈ 25.

// gridBits is the predictor grid's cells; gridBytes its bitmap's bytes.
const (
	gridBits  = padW * padW
	gridBytes = (gridBits + 7) / 8
)

// maskGrid is a bitmap of the predictor grid in row-major order (bit j of
// the grid is bit j%8 of byte j/8): set where the cell is blocked. The
// bits past gridBits are zero.
type maskGrid [gridBytes]byte

// Mask section modes: how a full body stores a mask plane when the record
// uses the mask grid (flagMaskGrid).
const (
	maskPlain    = 0 // the plane as is
	maskWithGrid = 1 // a grid, then the plane XOR the grid's prediction
	maskGridInv  = 2 // Wet only: the grid XOR the complement of Walk's grid, then the plane XOR the prediction
)

// spreadBits maps 8 bits to 8 bytes: byte k is bit k (0 or 1).
var spreadBits = func() (t [256]uint64) {
	for b := range t {
		for k := 0; k < 8; k++ {
			t[b] |= uint64(b>>k&1) << (8 * k)
		}
	}
	return t
}()

// predictMasks writes per cell the mask of its neighbours that g leaves
// open: bit d of cell i is set when neighbour d of i is not blocked. The
// grid is spread to one byte per cell (1 open, 0 blocked), laid out like
// the predictor grid, so direction d's bits of eight cells are one 8-byte
// load at the offset of their neighbours, shifted into place.
func predictMasks(g *maskGrid, out *[chunk.NumCells]byte) {
	var buf [gridBytes + 7]byte
	copy(buf[:], g[:])
	var open [padLen]byte
	le := binary.LittleEndian
	for y := 0; y < padW; y++ {
		bit := y * padW
		row := ^le.Uint32(buf[bit>>3:]) >> (bit & 7)
		o := open[y*padW : y*padW+24 : y*padW+24]
		le.PutUint64(o[0:], spreadBits[byte(row)])
		le.PutUint64(o[8:], spreadBits[byte(row>>8)])
		le.PutUint64(o[16:], spreadBits[byte(row>>16)]&0xFFFF)
	}
	for i := 0; i < chunk.NumCells; i += 8 {
		g := i/chunk.Size*padW + i%chunk.Size // the row above, one column left
		up := (*[10]byte)(open[g:])
		mid := (*[10]byte)(open[g+padW:])
		dn := (*[10]byte)(open[g+2*padW:])
		m := le.Uint64(up[1:]) | le.Uint64(up[2:])<<1 | le.Uint64(mid[2:])<<2 | le.Uint64(dn[2:])<<3 |
			le.Uint64(dn[1:])<<4 | le.Uint64(dn[0:])<<5 | le.Uint64(mid[0:])<<6 | le.Uint64(up[0:])<<7
		le.PutUint64(out[i:], m)
	}
}

// blockedGrid is the grid that predicts mask best cell by cell: a grid
// cell is blocked when more of the chunk's steps onto it are closed than
// open. The closed steps are counted eight cells at a time (a count fits a
// byte lane).
func blockedGrid(mask *[chunk.NumCells]byte) (g maskGrid) {
	var closed [padLen]byte
	le := binary.LittleEndian
	for i := 0; i < chunk.NumCells; i += 8 {
		w := ^le.Uint64(mask[i:])
		base := (i/chunk.Size+1)*padW + i%chunk.Size + 1
		for d, off := range padOff {
			p := base + off
			le.PutUint64(closed[p:], le.Uint64(closed[p:])+w>>d&laneOnes)
		}
	}
	for j, v := range closed[:gridBits] {
		if 2*int(v) > int(gridVoters[j]) {
			g[j>>3] |= 1 << (j & 7)
		}
	}
	return g
}

// gridVoters is, per grid cell, how many of the chunk's steps land on it.
var gridVoters = func() (t [gridBits]byte) {
	for i := 0; i < chunk.NumCells; i++ {
		base := (i/chunk.Size+1)*padW + i%chunk.Size + 1
		for _, off := range padOff {
			t[base+off]++
		}
	}
	return t
}()

// invertGrid is g with every grid bit flipped (the padding bits stay zero).
func invertGrid(g *maskGrid) (inv maskGrid) {
	for i := range g {
		inv[i] = ^g[i]
	}
	inv[gridBytes-1] &= 1<<(gridBits%8) - 1
	return inv
}

// xorGrid is a XOR b.
func xorGrid(a, b *maskGrid) (x maskGrid) {
	for i := range a {
		x[i] = a[i] ^ b[i]
	}
	return x
}

// isConst reports whether every byte of v is v[0].
func isConst(v *[chunk.NumCells]byte) bool {
	for _, b := range v {
		if b != v[0] {
			return false
		}
	}
	return true
}

// estBits is a rough coded size of b: a zero byte ≈ 1 bit, others ≈ 6.
func estBits(b []byte) int {
	n := 0
	for _, v := range b {
		if v == 0 {
			n++
		} else {
			n += 6
		}
	}
	return n
}

// maskCand is one way to store a mask section: its mode, the grid bytes
// stored and the grid they stand for.
type maskCand struct {
	mode         byte
	stored, grid maskGrid
}

// appendMask appends c's Walk (wet false) or Wet section in the mask-grid
// form: of the candidate modes, the one with the smallest estimate.
// walkGrid is the grid the Walk section used (zero when plain), which
// maskGridInv stores the Wet grid against. It returns the grid used (zero
// when plain).
func (e *Encoder) appendMask(dst []byte, c *chunk.Chunk, wet, packed bool, walkGrid *maskGrid) ([]byte, maskGrid) {
	var mask [chunk.NumCells]byte
	for i := range c.Cells {
		mask[i] = c.Cells[i].Walk
		if wet {
			mask[i] = c.Cells[i].Wet
		}
	}
	if isConst(&mask) {
		return e.appendMaskAs(dst, &maskCand{mode: maskPlain}, &mask, packed), maskGrid{} // two bytes: nothing beats it
	}
	g := blockedGrid(&mask)
	cands := []maskCand{{mode: maskPlain}, {maskWithGrid, g, g}}
	if wet {
		inv := invertGrid(walkGrid)
		cands = append(cands, maskCand{maskGridInv, xorGrid(&g, &inv), g})
	}
	best, bestEst := 0, 0
	for k := range cands {
		e.try[k] = e.appendMaskAs(e.try[k][:0], &cands[k], &mask, packed)
		if est := estBits(e.try[k]); k == 0 || est < bestEst {
			best, bestEst = k, est
		}
	}
	return append(dst, e.try[best]...), cands[best].grid
}

// appendMaskAs appends mask as the section cd describes.
func (e *Encoder) appendMaskAs(dst []byte, cd *maskCand, mask *[chunk.NumCells]byte, packed bool) []byte {
	dst = append(dst, cd.mode)
	e.plane = *mask
	if cd.mode != maskPlain {
		dst = append(dst, cd.stored[:]...)
		var pred [chunk.NumCells]byte
		predictMasks(&cd.grid, &pred)
		xorPlane(&e.plane, &pred)
	}
	return e.appendPlaneOf(dst, packed)
}

// readMask reads a Walk (wet false) or Wet section in the mask-grid form
// into out and returns the grid it used (zero when plain); ok false on a
// malformed section.
func (d *Decoder) readMask(r *rd, out *[chunk.NumCells]byte, wet, packed bool, walkGrid *maskGrid) (maskGrid, bool) {
	var g maskGrid
	mode := r.u8()
	switch {
	case mode == maskPlain:
		r.readPlaneInto(packed, out)
		return g, !r.bad
	case mode == maskWithGrid, mode == maskGridInv && wet:
	default:
		return g, false
	}
	b := r.bytes(gridBytes)
	if r.bad || b[gridBytes-1]>>(gridBits%8) != 0 {
		return g, false
	}
	copy(g[:], b)
	if mode == maskGridInv {
		inv := invertGrid(walkGrid)
		g = xorGrid(&g, &inv)
	}
	predictMasks(&g, &d.pred)
	r.readPlaneInto(packed, out)
	xorPlane(out, &d.pred)
	return g, !r.bad
}

// xorPlane XORs p into v.
func xorPlane(v, p *[chunk.NumCells]byte) {
	le := binary.LittleEndian
	for w := 0; w < chunk.NumCells; w += 8 {
		le.PutUint64(v[w:], le.Uint64(v[w:])^le.Uint64(p[w:]))
	}
}
