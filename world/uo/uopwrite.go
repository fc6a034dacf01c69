package uo

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"hash/adler32"

	"shardcore/world"
)

// uopTableCapacity is the number of entry slots per table the writer uses.
const uopTableCapacity = 100

// WriteMapUOP writes m's land as a map{N}LegacyMUL.uop container at path
// (N = m.ID): uncompressed entries of UOPChunkBlocks blocks, in tables of
// 100 slots, each table followed by its entries' data.
func WriteMapUOP(path string, m *world.Map) error {
	return writeMapUOP(path, m, UOPChunkBlocks, uopTableCapacity)
}

func writeMapUOP(path string, m *world.Map, chunkBlocks, perTable int) error {
	nb := m.BlockCount()
	nEntries := (nb + chunkBlocks - 1) / chunkBlocks
	sizes := make([]int64, nEntries)
	sums := make([]uint32, nEntries)
	for i := range sizes {
		lo, hi := i*chunkBlocks, min((i+1)*chunkBlocks, nb)
		sizes[i] = int64(hi-lo) * world.LandBlockBytes
		h := adler32.New()
		for b := lo; b < hi; b++ {
			_, _ = h.Write(m.LandBlock(b))
		}
		sums[i] = h.Sum32()
	}
	nTables := max(1, (nEntries+perTable-1)/perTable)
	tableAt := make([]int64, nTables)
	dataAt := make([]int64, nEntries)
	pos := int64(uopDataStart)
	for t := range tableAt {
		tableAt[t] = pos
		pos += uopTableHeader + int64(perTable)*uopEntrySize
		for i := t * perTable; i < min((t+1)*perTable, nEntries); i++ {
			dataAt[i] = pos
			pos += sizes[i]
		}
	}
	return writeFile(path, func(w *bufio.Writer) error {
		var hdr [uopDataStart]byte
		binary.LittleEndian.PutUint32(hdr[0:], uopMagic)
		binary.LittleEndian.PutUint32(hdr[4:], uopVersion)
		binary.LittleEndian.PutUint32(hdr[8:], uopSignature)
		binary.LittleEndian.PutUint64(hdr[12:], uint64(tableAt[0]))
		binary.LittleEndian.PutUint32(hdr[20:], uint32(perTable))
		binary.LittleEndian.PutUint32(hdr[24:], uint32(nEntries))
		_, _ = w.Write(hdr[:])
		for t := range tableAt {
			lo, hi := t*perTable, min((t+1)*perTable, nEntries)
			var th [uopTableHeader]byte
			binary.LittleEndian.PutUint32(th[0:], uint32(perTable))
			if t+1 < nTables {
				binary.LittleEndian.PutUint64(th[4:], uint64(tableAt[t+1]))
			}
			_, _ = w.Write(th[:])
			var rec [uopEntrySize]byte
			for s := 0; s < perTable; s++ {
				clear(rec[:])
				if i := lo + s; i < hi {
					binary.LittleEndian.PutUint64(rec[0:], uint64(dataAt[i]))
					binary.LittleEndian.PutUint32(rec[12:], uint32(sizes[i]))
					binary.LittleEndian.PutUint32(rec[16:], uint32(sizes[i]))
					binary.LittleEndian.PutUint64(rec[20:], UOPHash(UOPEntryName(int(m.ID), i)))
					binary.LittleEndian.PutUint32(rec[28:], sums[i])
				}
				_, _ = w.Write(rec[:])
			}
			for i := lo; i < hi; i++ {
				for b := i * chunkBlocks; b < min((i+1)*chunkBlocks, nb); b++ {
					if _, err := w.Write(m.LandBlock(b)); err != nil {
						return fmt.Errorf("uo: write %s: %w", path, err)
					}
				}
			}
		}
		return nil
	})
}
