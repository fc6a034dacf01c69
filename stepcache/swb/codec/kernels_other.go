//go:build !amd64 || purego

package codec

import "github.com/shardcore/shardcore/stepcache/chunk"

// cellsNeighbour writes every cell before residuals (see cellsNeighbourGo).
func cellsNeighbour(pad *[padLen]byte, walk, wet, info *[chunk.NumCells]byte, c *chunk.Chunk) {
	cellsNeighbourGo(pad, walk, wet, info, cellWords(c))
}

// huffBulk is the bulk of a Huffman decode (see huffBulkGo).
func huffBulk(tab *[huffTableSize]uint32, dst *byte, limit int, src *byte, mbits int, s *huffState) bool {
	return huffBulkGo(tab, dst, limit, src, mbits, s)
}

// infoPred writes per cell the Info its neighbours predict (see infoPredGo).
func infoPred(pad *[padLen]byte, walk *[chunk.NumCells]byte, out *[chunk.NumCells]byte) {
	infoPredGo(pad, walk, out)
}
