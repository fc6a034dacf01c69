package uo

import (
	"encoding/binary"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/shardcore/shardcore/internal/safefile"
	"github.com/shardcore/shardcore/world"
)

// File record sizes of the map formats.
const (
	staidxRecord = 12      // i32 lookup, i32 length, i32 extra
	staticRecord = 7       // u16 id, u8 x, u8 y, i8 z, i16 hue
	maxMapSide   = 1 << 16 // cell coordinates are 16-bit in the client protocol
)

// namedBytes is a file's contents with the name errors report.
type namedBytes struct {
	name string
	data []byte
}

// ReadMap reads a facet from its map, staidx and statics files. width and
// height 0 take the size from the facet id (world.LookupMap): the known size
// whose land is exactly the map file's length (Felucca and Trammel: 7168×4096
// or, for older clients, 6144×4096). Given sizes must match the file's length
// exactly too. The map file's bytes become the map's land blocks unconverted.
// Every file is checked to be a regular file of a plausible size before a
// byte of it is read: the map file's exact size, the static index's first
// record per block (more is ignored, as before), at most MaxStaticsBytes of
// statics.
func ReadMap(id world.MapID, mapPath, staidxPath, staticsPath string, width, height int) (*world.Map, error) {
	name := filepath.Base(mapPath)
	fi, err := safefile.Stat(mapPath, safefile.NoLimit)
	if err != nil {
		return nil, fmt.Errorf("uo: read map: %w", err)
	}
	width, height, need, err := landSize(id, name, fi.Size(), width, height)
	if err != nil {
		return nil, err
	}
	land, err := safefile.ReadFile(mapPath, need)
	if err != nil {
		return nil, fmt.Errorf("uo: read map: %w", err)
	}
	return readMapWithLand(id, namedBytes{name, land}, staidxPath, staticsPath, width, height)
}

// MaxStaticsBytes is the largest statics{N}.mul read: 150 million statics,
// far more than any client's map holds, and half what the format's 32-bit
// offsets reach. A larger file is refused before it is read.
const MaxStaticsBytes = 1 << 30

// readMapWithLand reads the static index and statics of the map whose land
// is land (its size checked against width and height) and builds the map.
func readMapWithLand(id world.MapID, land namedBytes, staidxPath, staticsPath string, width, height int) (*world.Map, error) {
	width, height, _, err := landSize(id, land.name, int64(len(land.data)), width, height)
	if err != nil {
		return nil, err
	}
	nb := int64(width/world.BlockSize) * int64(height/world.BlockSize)
	idx, err := safefile.ReadPrefix(staidxPath, nb*staidxRecord)
	if err != nil {
		return nil, fmt.Errorf("uo: read staidx: %w", err)
	}
	stat, err := safefile.ReadFile(staticsPath, MaxStaticsBytes)
	if err != nil {
		return nil, fmt.Errorf("uo: read statics: %w", err)
	}
	return decodeMap(id, land,
		namedBytes{filepath.Base(staidxPath), idx},
		namedBytes{filepath.Base(staticsPath), stat}, width, height)
}

// MapSizes returns the sizes facet id ships at, the current client's first:
// Felucca and Trammel at 7168×4096 and 6144×4096, the others at their one
// size. It is nil for an id that is not a known facet.
func MapSizes(id world.MapID) [][2]int {
	info, ok := world.LookupMap(id)
	if !ok {
		return nil
	}
	out := [][2]int{{info.Width, info.Height}}
	if id == world.Felucca || id == world.Trammel {
		out = append(out, [2]int{6144, 4096})
	}
	return out
}

// MapSize returns the size of facet id whose land (map) data is exactly
// landSize bytes, one of MapSizes(id). Any other length is an error that
// names the lengths accepted: a truncated or padded file is never read as
// some other size.
func MapSize(id world.MapID, landSize int64) (width, height int, err error) {
	width, height, err = mapSize(id, landSize)
	if err != nil {
		return 0, 0, fmt.Errorf("uo: %w", err)
	}
	return width, height, nil
}

// mapSize is MapSize with an error that names no package.
func mapSize(id world.MapID, landSize int64) (width, height int, err error) {
	sizes := MapSizes(id)
	if sizes == nil {
		return 0, 0, fmt.Errorf("map %d is not a known facet; give its width and height", id)
	}
	var want []string
	for _, wh := range sizes {
		n := LandBytes(wh[0], wh[1])
		if n == landSize {
			return wh[0], wh[1], nil
		}
		want = append(want, fmt.Sprintf("%d (%dx%d)", n, wh[0], wh[1]))
	}
	return 0, 0, fmt.Errorf("map %d: land data of %d bytes is no size of this facet: want exactly %s",
		id, landSize, strings.Join(want, " or "))
}

// LandBytes is the length of a map{N}.mul of width×height cells (both
// multiples of 8).
func LandBytes(width, height int) int64 {
	return int64(width/world.BlockSize) * int64(height/world.BlockSize) * world.LandBlockBytes
}

// landSize checks that land data of n bytes (the file name) is a map of
// width×height (0, 0: the facet's size whose land is n bytes) and returns
// the size and the bytes it takes.
func landSize(id world.MapID, name string, n int64, width, height int) (w, h int, need int64, err error) {
	if (width == 0) != (height == 0) {
		return 0, 0, 0, fmt.Errorf("uo: map %d: width %d and height %d: give both or neither", id, width, height)
	}
	if width == 0 {
		if width, height, err = mapSize(id, n); err != nil {
			return 0, 0, 0, fmt.Errorf("uo: %s: %w (read from offset 0)", name, err)
		}
	}
	if width <= 0 || height <= 0 || width > maxMapSide || height > maxMapSide ||
		width%world.BlockSize != 0 || height%world.BlockSize != 0 {
		return 0, 0, 0, fmt.Errorf("uo: map %d: size %dx%d is not a positive multiple of %d up to %d",
			id, width, height, world.BlockSize, maxMapSide)
	}
	need = LandBytes(width, height)
	switch {
	case n < need:
		return 0, 0, 0, fmt.Errorf("uo: %s: %d bytes, want exactly %d for %dx%d: truncated in block %d at offset %d",
			name, n, need, width, height, n/world.LandBlockBytes, n)
	case n > need:
		return 0, 0, 0, fmt.Errorf("uo: %s: %d bytes, want exactly %d for %dx%d: %d extra bytes from offset %d (a map of another size?)",
			name, n, need, width, height, n-need, need)
	}
	return width, height, need, nil
}

// decodeMap builds a map from the three files' bytes; land.data becomes the
// map's land storage.
func decodeMap(id world.MapID, land, idx, stat namedBytes, width, height int) (*world.Map, error) {
	width, height, need, err := landSize(id, land.name, int64(len(land.data)), width, height)
	if err != nil {
		return nil, err
	}
	nb := (width / world.BlockSize) * (height / world.BlockSize)
	start, statics, err := decodeStatics(nb, idx, stat)
	if err != nil {
		return nil, err
	}
	m, err := world.NewMapFromBlocks(id, width, height, land.data[:need:need], start, statics)
	if err != nil {
		return nil, fmt.Errorf("uo: %s: %w", land.name, err)
	}
	return m, nil
}

// decodeStatics builds the per-block static index and the flat static list.
// Ranges that together reference more entries than the statics file holds
// (overlapping ranges) are refused, which bounds memory on corrupt input.
func decodeStatics(nb int, idx, stat namedBytes) ([]uint32, []world.Static, error) {
	if len(idx.data) < nb*staidxRecord {
		return nil, nil, fmt.Errorf("uo: %s: %d bytes, want %d for %d blocks: truncated in block %d at offset %d",
			idx.name, len(idx.data), nb*staidxRecord, nb, len(idx.data)/staidxRecord, len(idx.data))
	}
	statSize := int64(len(stat.data))
	total := int64(0)
	for b := 0; b < nb; b++ {
		_, length, ok, err := staidxEntry(idx, stat, b)
		if err != nil {
			return nil, nil, err
		}
		if !ok {
			continue
		}
		total += int64(length) / staticRecord
		if total > statSize/staticRecord {
			return nil, nil, fmt.Errorf("uo: %s: block %d at offset %d: ranges so far reference %d entries, more than the %d in %s (overlapping ranges)",
				idx.name, b, b*staidxRecord, total, statSize/staticRecord, stat.name)
		}
	}
	start := make([]uint32, nb+1)
	statics := make([]world.Static, 0, total)
	for b := 0; b < nb; b++ {
		start[b] = uint32(len(statics))
		lookup, length, ok, _ := staidxEntry(idx, stat, b)
		if !ok {
			continue
		}
		for p := int64(lookup); p < int64(lookup)+int64(length); p += staticRecord {
			e := stat.data[p : p+staticRecord]
			statics = append(statics, world.Static{
				ID:   binary.LittleEndian.Uint16(e),
				Cell: (e[3]&7)*8 + e[2]&7,
				Z:    int8(e[4]),
				Hue:  int16(binary.LittleEndian.Uint16(e[5:])),
			})
		}
	}
	start[nb] = uint32(len(statics))
	return start, statics, nil
}

// staidxEntry validates block b's index record; ok is false for a block
// without statics.
func staidxEntry(idx, stat namedBytes, b int) (lookup, length int32, ok bool, err error) {
	off := b * staidxRecord
	r := idx.data[off : off+staidxRecord]
	lookup = int32(binary.LittleEndian.Uint32(r))
	length = int32(binary.LittleEndian.Uint32(r[4:]))
	if lookup == -1 || length <= 0 {
		return 0, 0, false, nil
	}
	if lookup < 0 {
		return 0, 0, false, fmt.Errorf("uo: %s: block %d at offset %d: negative lookup %d", idx.name, b, off, lookup)
	}
	if length%staticRecord != 0 {
		return 0, 0, false, fmt.Errorf("uo: %s: block %d at offset %d: length %d is not a multiple of %d",
			idx.name, b, off, length, staticRecord)
	}
	if end := int64(lookup) + int64(length); end > int64(len(stat.data)) {
		return 0, 0, false, fmt.Errorf("uo: %s: block %d at offset %d: statics range [%d,%d) beyond %s size %d",
			idx.name, b, off, lookup, end, stat.name, len(stat.data))
	}
	return lookup, length, true, nil
}
