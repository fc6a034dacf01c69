package uo

import (
	"bufio"
	"encoding/binary"
	"fmt"

	"shardcore/world"
)

// WriteMultis writes defs as multi.idx and multi.mul: wide selects the
// 16-byte component layout (with cliloc), otherwise 12-byte. Each def is
// written at the index record of its ID; the index covers ids up to the
// largest, and ids without a def (or a nil entry) get lookup -1. A negative
// or repeated ID is an error.
func WriteMultis(idxPath, mulPath string, defs []*world.MultiDef, wide bool) error {
	byID := map[int]*world.MultiDef{}
	n := 0
	for _, d := range defs {
		if d == nil {
			continue
		}
		if d.ID < 0 {
			return fmt.Errorf("uo: write multis: negative multi id %d", d.ID)
		}
		if _, dup := byID[d.ID]; dup {
			return fmt.Errorf("uo: write multis: multi id %d appears twice", d.ID)
		}
		byID[d.ID] = d
		n = max(n, d.ID+1)
	}
	layout := MultiNarrow
	if wide {
		layout = MultiWide
	}
	cs := layout.componentSize()
	err := writeFile(idxPath, func(w *bufio.Writer) error {
		var rec [multiIdxRecord]byte
		pos := int64(0)
		for id := 0; id < n; id++ {
			d := byID[id]
			clear(rec[:])
			if d == nil || len(d.Components) == 0 {
				binary.LittleEndian.PutUint32(rec[0:], 0xFFFFFFFF)
			} else {
				length := int64(len(d.Components) * cs)
				if pos+length > 1<<31-1 {
					return fmt.Errorf("uo: write %s: multi %d past 32-bit offsets", idxPath, id)
				}
				binary.LittleEndian.PutUint32(rec[0:], uint32(pos))
				binary.LittleEndian.PutUint32(rec[4:], uint32(length))
				pos += length
			}
			_, _ = w.Write(rec[:])
		}
		return nil
	})
	if err != nil {
		return err
	}
	return writeFile(mulPath, func(w *bufio.Writer) error {
		var e [16]byte
		for id := 0; id < n; id++ {
			d := byID[id]
			if d == nil {
				continue
			}
			for _, c := range d.Components {
				binary.LittleEndian.PutUint16(e[0:], c.ItemID)
				binary.LittleEndian.PutUint16(e[2:], uint16(c.DX))
				binary.LittleEndian.PutUint16(e[4:], uint16(c.DY))
				binary.LittleEndian.PutUint16(e[6:], uint16(c.DZ))
				binary.LittleEndian.PutUint32(e[8:], c.Flags)
				binary.LittleEndian.PutUint32(e[12:], c.Cliloc)
				_, _ = w.Write(e[:cs])
			}
		}
		return nil
	})
}
