package uo

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"

	"github.com/shardcore/shardcore/world"
)

// WriteMultis writes defs as multi.idx and multi.mul: wide selects the
// 16-byte component layout (with cliloc), otherwise 12-byte. Each def is
// written at the index record of its ID; the index covers ids up to the
// largest, and ids without a def (or a nil entry) get lookup -1, so a def
// without components reads back as nil. An ID outside [0, 2^20] or a
// repeated ID is an error.
func WriteMultis(idxPath, mulPath string, defs []*world.MultiDef, wide bool) error {
	byID, n, err := multisByID(defs)
	if err != nil {
		return fmt.Errorf("uo: write multis: %w", err)
	}
	err = writeFile(idxPath, func(w *bufio.Writer) error {
		if err := encodeMultiIdx(w, byID, n, wide); err != nil {
			return fmt.Errorf("uo: write %s: %w", idxPath, err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return writeFile(mulPath, func(w *bufio.Writer) error {
		if err := encodeMultiMul(w, byID, n, wide); err != nil {
			return fmt.Errorf("uo: write %s: %w", mulPath, err)
		}
		return nil
	})
}

// maxMultiID bounds the index a writer will lay out.
const maxMultiID = 1 << 20

// multisByID indexes defs by ID; n is one past the largest ID.
func multisByID(defs []*world.MultiDef) (map[int]*world.MultiDef, int, error) {
	byID := map[int]*world.MultiDef{}
	n := 0
	for _, d := range defs {
		if d == nil {
			continue
		}
		if d.ID < 0 || d.ID > maxMultiID {
			return nil, 0, fmt.Errorf("multi id %d outside [0,%d]", d.ID, maxMultiID)
		}
		if _, dup := byID[d.ID]; dup {
			return nil, 0, fmt.Errorf("multi id %d appears twice", d.ID)
		}
		byID[d.ID] = d
		n = max(n, d.ID+1)
	}
	return byID, n, nil
}

func multiLayout(wide bool) MultiLayout {
	if wide {
		return MultiWide
	}
	return MultiNarrow
}

// encodeMultiIdx writes the index records of ids 0..n-1.
func encodeMultiIdx(w io.Writer, byID map[int]*world.MultiDef, n int, wide bool) error {
	cs := multiLayout(wide).componentSize()
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
				return fmt.Errorf("multi %d past 32-bit offsets", id)
			}
			binary.LittleEndian.PutUint32(rec[0:], uint32(pos))
			binary.LittleEndian.PutUint32(rec[4:], uint32(length))
			pos += length
		}
		if _, err := w.Write(rec[:]); err != nil {
			return err
		}
	}
	return nil
}

// encodeMultiMul writes the components of ids 0..n-1.
func encodeMultiMul(w io.Writer, byID map[int]*world.MultiDef, n int, wide bool) error {
	cs := multiLayout(wide).componentSize()
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
			if _, err := w.Write(e[:cs]); err != nil {
				return err
			}
		}
	}
	return nil
}
