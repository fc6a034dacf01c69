//go:build !amd64 || purego

package swbcodec

import "github.com/shardcore/shardcore/stepcache"

// cellsNeighbour writes every cell before residuals (see cellsNeighbourGo).
func cellsNeighbour(pad *[padLen]byte, walk, wet, info *[stepcache.ChunkCells]byte, c *stepcache.Chunk) {
	cellsNeighbourGo(pad, walk, wet, info, cellWords(c))
}

// huffBulk is the bulk of a Huffman decode (see huffBulkGo).
func huffBulk(tab *[huffTableSize]uint32, dst *byte, limit int, src *byte, mbits int, s *huffState) bool {
	return huffBulkGo(tab, dst, limit, src, mbits, s)
}

// infoPred writes per cell the Info its neighbours predict (see infoPredGo).
func infoPred(pad *[padLen]byte, walk *[stepcache.ChunkCells]byte, out *[stepcache.ChunkCells]byte) {
	infoPredGo(pad, walk, out)
}
