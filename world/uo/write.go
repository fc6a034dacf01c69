package uo

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"path/filepath"

	"github.com/shardcore/shardcore/internal/safefile"
	"github.com/shardcore/shardcore/world"
)

// writeFile creates path (through a temporary file renamed into place) and
// fills it with fill.
func writeFile(path string, fill func(w *bufio.Writer) error) error {
	var fillErr error
	err := safefile.WriteFile(path, func(w *bufio.Writer) error {
		fillErr = fill(w)
		return fillErr
	})
	if err != nil && err != fillErr { // fill's errors say "uo:" already
		return fmt.Errorf("uo: %w", err)
	}
	return err
}

// WriteTileDataFile writes td as the tiledata.mul at path, through a
// temporary file renamed into place.
func WriteTileDataFile(path string, td *world.TileData) error {
	return writeFile(path, func(w *bufio.Writer) error {
		if err := WriteTileData(w, td); err != nil {
			return fmt.Errorf("uo: write %s: %w", path, err)
		}
		return nil
	})
}

// Names of the shared client files, as the client names them (lookups match
// them case-insensitively).
const (
	FileTileData = "tiledata.mul"
	FileMultiIdx = "multi.idx"
	FileMultiMul = "multi.mul"
)

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
	if uint64(m.StaticCount())*staticRecord > 1<<31-1 {
		return fmt.Errorf("uo: write map %d: %d statics do not fit 32-bit offsets", m.ID, m.StaticCount())
	}
	mapName, idxName, statName := MapFileNames(m.ID)
	for _, f := range []struct {
		name  string
		write func(io.Writer, *world.Map) error
	}{{mapName, encodeLand}, {idxName, encodeStaidx}, {statName, encodeStatics}} {
		err := writeFile(filepath.Join(dir, f.name), func(w *bufio.Writer) error {
			if err := f.write(w, m); err != nil {
				return fmt.Errorf("uo: write %s: %w", f.name, err)
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// encodeLand writes m's land blocks (a map{N}.mul).
func encodeLand(w io.Writer, m *world.Map) error {
	for b := 0; b < m.BlockCount(); b++ {
		if _, err := w.Write(m.LandBlock(b)); err != nil {
			return err
		}
	}
	return nil
}

// encodeStaidx writes m's static index (a staidx{N}.mul).
func encodeStaidx(w io.Writer, m *world.Map) error {
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
			return err
		}
	}
	return nil
}

// encodeStatics writes m's statics (a statics{N}.mul).
func encodeStatics(w io.Writer, m *world.Map) error {
	var rec [staticRecord]byte
	for b := 0; b < m.BlockCount(); b++ {
		for _, s := range m.BlockStatics(b) {
			binary.LittleEndian.PutUint16(rec[0:], s.ID)
			rec[2] = s.Cell & 7
			rec[3] = s.Cell >> 3 & 7
			rec[4] = byte(s.Z)
			binary.LittleEndian.PutUint16(rec[5:], uint16(s.Hue))
			if _, err := w.Write(rec[:]); err != nil {
				return err
			}
		}
	}
	return nil
}
