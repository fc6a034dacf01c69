package uo

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"hash/adler32"

	"github.com/shardcore/shardcore/world"
)

// uopTableCapacity is the number of entry slots per table the writer uses.
const uopTableCapacity = 100

// WriteMapUOP writes m's land as a map{N}LegacyMUL.uop container at path
// (N = m.ID): uncompressed entries of UOPChunkBlocks blocks, in tables of
// 100 slots, each table followed by its entries' data.
func WriteMapUOP(path string, m *world.Map) error {
	return writeMapUOP(path, m, UOPChunkBlocks, uopTableCapacity)
}

// uopPlan is where a container's tables and entries go: per entry its
// size, checksum and data offset, per table its offset.
type uopPlan struct {
	chunkBlocks, perTable int
	sizes                 []int64
	sums                  []uint32
	tableAt, dataAt       []int64
}

// planUOP lays m's land out as entries of chunkBlocks blocks in tables of
// perTable slots, each table followed by its entries' data.
func planUOP(m *world.Map, chunkBlocks, perTable int) *uopPlan {
	nb := m.BlockCount()
	n := (nb + chunkBlocks - 1) / chunkBlocks
	p := &uopPlan{chunkBlocks: chunkBlocks, perTable: perTable, sizes: make([]int64, n), sums: make([]uint32, n), dataAt: make([]int64, n)}
	for i := range p.sizes {
		lo, hi := i*chunkBlocks, min((i+1)*chunkBlocks, nb)
		p.sizes[i] = int64(hi-lo) * world.LandBlockBytes
		h := adler32.New()
		for b := lo; b < hi; b++ {
			_, _ = h.Write(m.LandBlock(b))
		}
		p.sums[i] = h.Sum32()
	}
	p.tableAt = make([]int64, max(1, (n+perTable-1)/perTable))
	pos := int64(uopDataStart)
	for t := range p.tableAt {
		p.tableAt[t] = pos
		pos += uopTableHeader + int64(perTable)*uopEntrySize
		for i := t * perTable; i < min((t+1)*perTable, n); i++ {
			p.dataAt[i] = pos
			pos += p.sizes[i]
		}
	}
	return p
}

func writeMapUOP(path string, m *world.Map, chunkBlocks, perTable int) error {
	p := planUOP(m, chunkBlocks, perTable)
	return writeFile(path, func(w *bufio.Writer) error {
		var hdr [uopDataStart]byte
		binary.LittleEndian.PutUint32(hdr[0:], uopMagic)
		binary.LittleEndian.PutUint32(hdr[4:], uopVersion)
		binary.LittleEndian.PutUint32(hdr[8:], uopSignature)
		binary.LittleEndian.PutUint64(hdr[12:], uint64(p.tableAt[0]))
		binary.LittleEndian.PutUint32(hdr[20:], uint32(perTable))
		binary.LittleEndian.PutUint32(hdr[24:], uint32(len(p.sizes)))
		_, _ = w.Write(hdr[:])
		for t := range p.tableAt {
			if err := p.writeTable(w, m, t); err != nil {
				return fmt.Errorf("uo: write %s: %w", path, err)
			}
		}
		return nil
	})
}

// writeTable writes table t (its header and slots) and its entries' data.
func (p *uopPlan) writeTable(w *bufio.Writer, m *world.Map, t int) error {
	lo, hi := t*p.perTable, min((t+1)*p.perTable, len(p.sizes))
	var th [uopTableHeader]byte
	binary.LittleEndian.PutUint32(th[0:], uint32(p.perTable))
	if t+1 < len(p.tableAt) {
		binary.LittleEndian.PutUint64(th[4:], uint64(p.tableAt[t+1]))
	}
	_, _ = w.Write(th[:])
	var rec [uopEntrySize]byte
	for s := 0; s < p.perTable; s++ {
		clear(rec[:])
		if i := lo + s; i < hi {
			binary.LittleEndian.PutUint64(rec[0:], uint64(p.dataAt[i]))
			binary.LittleEndian.PutUint32(rec[12:], uint32(p.sizes[i]))
			binary.LittleEndian.PutUint32(rec[16:], uint32(p.sizes[i]))
			binary.LittleEndian.PutUint64(rec[20:], UOPHash(UOPEntryName(int(m.ID), i)))
			binary.LittleEndian.PutUint32(rec[28:], p.sums[i])
		}
		_, _ = w.Write(rec[:])
	}
	nb := m.BlockCount()
	for i := lo; i < hi; i++ {
		for b := i * p.chunkBlocks; b < min((i+1)*p.chunkBlocks, nb); b++ {
			if _, err := w.Write(m.LandBlock(b)); err != nil {
				return err
			}
		}
	}
	return nil
}
