package uo

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"

	"shardcore/world"
)

// writeFile creates path (through a temporary file renamed into place) and
// fills it with fill.
func writeFile(path string, fill func(w *bufio.Writer) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("uo: create %s: %w", path, err)
	}
	defer os.Remove(tmp.Name()) // no-op after the rename
	bw := bufio.NewWriterSize(tmp, 1<<20)
	if err := fill(bw); err != nil {
		tmp.Close()
		return err
	}
	if err := bw.Flush(); err != nil {
		tmp.Close()
		return fmt.Errorf("uo: write %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("uo: close %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("uo: rename into %s: %w", path, err)
	}
	return nil
}

// MapFileNames returns the canonical (lower-case) mul file names of facet id.
func MapFileNames(id world.MapID) (mapName, staidx, statics string) {
	return fmt.Sprintf("map%d.mul", id), fmt.Sprintf("staidx%d.mul", id), fmt.Sprintf("statics%d.mul", id)
}

// UOPFileName returns the canonical name of facet id's map container.
func UOPFileName(id world.MapID) string { return fmt.Sprintf("map%dLegacyMUL.uop", id) }

// WriteMapFiles writes m as map{N}.mul, staidx{N}.mul and statics{N}.mul in
// dir, N being m.ID. Statics are written per block in the map's stored order
// and blocks without statics get lookup -1, so the files read back identical.
func WriteMapFiles(dir string, m *world.Map) error {
	mapName, idxName, statName := MapFileNames(m.ID)
	err := writeFile(filepath.Join(dir, mapName), func(w *bufio.Writer) error {
		for b := 0; b < m.BlockCount(); b++ {
			if _, err := w.Write(m.LandBlock(b)); err != nil {
				return fmt.Errorf("uo: write %s: %w", mapName, err)
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	if uint64(m.StaticCount())*staticRecord > 1<<31-1 {
		return fmt.Errorf("uo: write %s: %d statics do not fit 32-bit offsets", statName, m.StaticCount())
	}
	err = writeFile(filepath.Join(dir, idxName), func(w *bufio.Writer) error {
		var rec [staidxRecord]byte
		pos := uint32(0)
		for b := 0; b < m.BlockCount(); b++ {
			n := uint32(len(m.BlockStatics(b)))
			if n == 0 {
				binary.LittleEndian.PutUint32(rec[0:], 0xFFFFFFFF)
				binary.LittleEndian.PutUint32(rec[4:], 0)
			} else {
				binary.LittleEndian.PutUint32(rec[0:], pos)
				binary.LittleEndian.PutUint32(rec[4:], n*staticRecord)
			}
			pos += n * staticRecord
			if _, err := w.Write(rec[:]); err != nil {
				return fmt.Errorf("uo: write %s: %w", idxName, err)
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return writeFile(filepath.Join(dir, statName), func(w *bufio.Writer) error {
		var rec [staticRecord]byte
		for b := 0; b < m.BlockCount(); b++ {
			for _, s := range m.BlockStatics(b) {
				binary.LittleEndian.PutUint16(rec[0:], s.ID)
				rec[2] = s.Cell & 7
				rec[3] = s.Cell >> 3 & 7
				rec[4] = byte(s.Z)
				binary.LittleEndian.PutUint16(rec[5:], uint16(s.Hue))
				if _, err := w.Write(rec[:]); err != nil {
					return fmt.Errorf("uo: write %s: %w", statName, err)
				}
			}
		}
		return nil
	})
}
