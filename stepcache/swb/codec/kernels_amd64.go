//go:build !purego

package codec

import "github.com/shardcore/shardcore/stepcache/chunk"

// The amd64 kernels, in SSE2 and plain x86-64 (every amd64 has both); the
// Go functions they mirror are the fallback elsewhere (and with the purego
// tag) and the reference the tests compare them with.

// cellsNeighbourSSE2 is cellsNeighbourGo: byte unpacks transpose the
// neighbour rows, a compare expands the masks, two stores write each cell.
// It reads 8 bytes past each grid row it uses (padLen holds them).
//
//go:noescape
func cellsNeighbourSSE2(pad *[padLen]byte, walk, wet, info *[chunk.NumCells]byte, out *[chunk.NumCells * CellSize]byte)

// huffBulkAsm is huffBulkGo with the bit buffer held in a register.
//
//go:noescape
func huffBulkAsm(tab *[huffTableSize]uint32, dst *byte, limit int, src *byte, mbits int, s *huffState) bool

// infoPredSSE2 is infoPredGo: a row of 16 cells per iteration, the
// maximum with PMAXUB, the difference with PSUBUSB. It reads 16 bytes at
// each grid row offset it uses (padLen holds them).
//
//go:noescape
func infoPredSSE2(pad *[padLen]byte, walk *[chunk.NumCells]byte, out *[chunk.NumCells]byte)

// infoPred writes per cell the Info its neighbours predict (see infoPredGo).
func infoPred(pad *[padLen]byte, walk *[chunk.NumCells]byte, out *[chunk.NumCells]byte) {
	infoPredSSE2(pad, walk, out)
}

// cellsNeighbour writes every cell before residuals (see cellsNeighbourGo).
func cellsNeighbour(pad *[padLen]byte, walk, wet, info *[chunk.NumCells]byte, c *chunk.Chunk) {
	cellsNeighbourSSE2(pad, walk, wet, info, cellBytes(c))
}

// huffBulk is the bulk of a Huffman decode (see huffBulkGo).
func huffBulk(tab *[huffTableSize]uint32, dst *byte, limit int, src *byte, mbits int, s *huffState) bool {
	return huffBulkAsm(tab, dst, limit, src, mbits, s)
}
