package codec

import (
	"encoding/binary"
	"unsafe"

	"github.com/shardcore/shardcore/stepcache/chunk"
)

// Writing the 256 cells of a full record from the decoded planes and the
// predictor grid, before residuals: the decoder's hottest loop (amd64 runs
// cellsNeighbourSSE2 instead of cellsNeighbourGo).

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

// cellWords is a chunk's 256 cells as 640 aligned words: the cells are
// written two at a time as five whole words (unaligned 8-byte stores at the
// 20-byte cell stride are several times slower).
func cellWords(c *chunk.Chunk) *[chunk.NumCells * CellSize / 8]uint64 {
	return (*[chunk.NumCells * CellSize / 8]uint64)(unsafe.Pointer(&c.Cells))
}

// cellsNeighbourGo writes every cell's Z, masks and predicted Zs (the
// neighbour's grid Z where the mask bit is set, else 0), before residuals,
// eight cells at a time: the eight neighbour rows (N, NE, E, SE, S, SW, W,
// NW of the eight cells, each one 8-byte load from the grid) transposed
// into one word of eight neighbour Zs per cell, and Z, Walk, Wet, Info
// transposed into one header word per cell.
func cellsNeighbourGo(pad *[padLen]byte, walk, wet, info *[chunk.NumCells]byte, out *[chunk.NumCells * CellSize / 8]uint64) {
	le := binary.LittleEndian
	var nz, hd [8]uint64
	for i := 0; i < chunk.NumCells; i += 8 {
		g := i/chunk.Size*padW + i%chunk.Size // the row above, one column left
		up := (*[10]byte)(pad[g:])
		mid := (*[10]byte)(pad[g+padW:])
		dn := (*[10]byte)(pad[g+2*padW:])
		nz[0], nz[1], nz[2], nz[3], nz[4], nz[5], nz[6], nz[7] = transpose8(
			le.Uint64(up[1:]), le.Uint64(up[2:]), le.Uint64(mid[2:]), le.Uint64(dn[2:]),
			le.Uint64(dn[1:]), le.Uint64(dn[0:]), le.Uint64(mid[0:]), le.Uint64(up[0:]))
		hd[0], hd[1], hd[2], hd[3], hd[4], hd[5], hd[6], hd[7] = transpose4(
			le.Uint64(mid[1:]), le.Uint64(walk[i:]), le.Uint64(wet[i:]), le.Uint64(info[i:]))
		putCells8((*[8 * CellSize / 8]uint64)(out[i*CellSize/8:]), &hd, &nz)
	}
}

// cellsOwn is cellsNeighbourGo for the own predictor: every Z predicted as
// the cell's own SourceZ.
func cellsOwn(pad *[padLen]byte, walk, wet, info *[chunk.NumCells]byte, out *[chunk.NumCells * CellSize / 8]uint64) {
	le := binary.LittleEndian
	var nz, hd [8]uint64
	for i := 0; i < chunk.NumCells; i += 8 {
		z := le.Uint64(pad[(i/chunk.Size+1)*padW+i%chunk.Size+1:])
		for j := range nz {
			nz[j] = (z >> (8 * j) & 0xFF) * laneOnes
		}
		hd[0], hd[1], hd[2], hd[3], hd[4], hd[5], hd[6], hd[7] = transpose4(
			z, le.Uint64(walk[i:]), le.Uint64(wet[i:]), le.Uint64(info[i:]))
		putCells8((*[8 * CellSize / 8]uint64)(out[i*CellSize/8:]), &hd, &nz)
	}
}

// putCells8 stores eight cells from their header words (Z, Walk, Wet, Info
// in the low four bytes) and neighbour Z words, each direction's Z kept
// where the Walk (WalkZ) or Wet (SwimZ) bit is set.
func putCells8(o *[8 * CellSize / 8]uint64, hd, nz *[8]uint64) {
	for j := 0; j < 8; j += 2 {
		a, b := hd[j], hd[j+1]
		aw, as := nz[j]&expandMask[byte(a>>8)], nz[j]&expandMask[byte(a>>16)]
		bw, bs := nz[j+1]&expandMask[byte(b>>8)], nz[j+1]&expandMask[byte(b>>16)]
		q := (*[5]uint64)(o[j/2*5:])
		q[0] = a | aw<<32
		q[1] = aw>>32 | as<<32
		q[2] = as>>32 | b<<32
		q[3] = bw
		q[4] = bs
	}
}

// transpose8 transposes an 8×8 byte matrix held as eight words: byte c of
// word r becomes byte r of word c.
func transpose8(a0, a1, a2, a3, a4, a5, a6, a7 uint64) (uint64, uint64, uint64, uint64, uint64, uint64, uint64, uint64) {
	const m8, m16, m32 = 0x00FF00FF00FF00FF, 0x0000FFFF0000FFFF, 0x00000000FFFFFFFF
	a0, a1 = swapLanes(a0, a1, 8, m8)
	a2, a3 = swapLanes(a2, a3, 8, m8)
	a4, a5 = swapLanes(a4, a5, 8, m8)
	a6, a7 = swapLanes(a6, a7, 8, m8)
	a0, a2 = swapLanes(a0, a2, 16, m16)
	a1, a3 = swapLanes(a1, a3, 16, m16)
	a4, a6 = swapLanes(a4, a6, 16, m16)
	a5, a7 = swapLanes(a5, a7, 16, m16)
	a0, a4 = swapLanes(a0, a4, 32, m32)
	a1, a5 = swapLanes(a1, a5, 32, m32)
	a2, a6 = swapLanes(a2, a6, 32, m32)
	a3, a7 = swapLanes(a3, a7, 32, m32)
	return a0, a1, a2, a3, a4, a5, a6, a7
}

// transpose4 is transpose8 with the last four rows zero: word j of the
// result is [a_j, b_j, c_j, d_j, 0, 0, 0, 0].
func transpose4(a, b, c, d uint64) (w0, w1, w2, w3, w4, w5, w6, w7 uint64) {
	const m8, m16, m32 = 0x00FF00FF00FF00FF, 0x0000FFFF0000FFFF, 0x00000000FFFFFFFF
	a, b = swapLanes(a, b, 8, m8)
	c, d = swapLanes(c, d, 8, m8)
	a, c = swapLanes(a, c, 16, m16)
	b, d = swapLanes(b, d, 16, m16)
	return a & m32, b & m32, c & m32, d & m32, a >> 32, b >> 32, c >> 32, d >> 32
}

// swapLanes exchanges the odd s-bit lanes of a with the even ones of b.
func swapLanes(a, b uint64, s uint, m uint64) (uint64, uint64) {
	t := (a>>s ^ b) & m
	return a ^ t<<s, b ^ t
}
