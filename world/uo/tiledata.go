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

// Tiledata geometry: groups of 32 entries, each group after a 4-byte header.
const (
	tileGroupEntries = 32
	tileGroupHeader  = 4
	tileNameLen      = 20
)

// Exact tiledata.mul sizes of the three layouts, derived from the entry sizes:
// 512 land groups of 32 entries plus ItemCount/32 item groups.
const (
	TileDataSizeOld16K = 1036288 // 32-bit flags, 0x4000 items
	TileDataSizeOld32K = 1644544 // 32-bit flags, 0x8000 items
	TileDataSizeNew    = 3188736 // 64-bit flags, 0x10000 items
)

func flagBytes(f world.TileFormat) int {
	if f == world.TileFormatNew {
		return 8
	}
	return 4
}

func landEntrySize(f world.TileFormat) int { return flagBytes(f) + 2 + tileNameLen }

func itemEntrySize(f world.TileFormat) int { return flagBytes(f) + 13 + tileNameLen }

func groupSize(entry int) int { return tileGroupHeader + tileGroupEntries*entry }

// TileDataSize is the exact byte size of a tiledata.mul in layout f.
func TileDataSize(f world.TileFormat) int {
	return world.LandTileCount/tileGroupEntries*groupSize(landEntrySize(f)) +
		f.ItemCount()/tileGroupEntries*groupSize(itemEntrySize(f))
}

// DetectTileFormat returns the tiledata layout whose exact size is size:
// TileDataSizeNew is the 64-bit layout, TileDataSizeOld32K the 32-bit
// 0x8000-item layout, TileDataSizeOld16K the 0x4000-item layout. ok is false
// for any other size (a truncated or padded file would otherwise decode with
// the wrong layout and wrong flags).
func DetectTileFormat(size int64) (f world.TileFormat, ok bool) {
	switch size {
	case TileDataSizeNew:
		return world.TileFormatNew, true
	case TileDataSizeOld32K:
		return world.TileFormatOld32K, true
	case TileDataSizeOld16K:
		return world.TileFormatOld16K, true
	}
	return 0, false
}

// ReadTileData reads a tiledata.mul file. It must be a regular file of
// one of the three layouts' sizes, checked before a byte of it is read.
func ReadTileData(path string) (*world.TileData, error) {
	fi, err := safefile.Stat(path, safefile.NoLimit)
	if err != nil {
		return nil, fmt.Errorf("uo: read tiledata: %w", err)
	}
	if err := checkTileDataSize(fi.Size(), filepath.Base(path)); err != nil {
		return nil, err
	}
	data, err := safefile.ReadFile(path, fi.Size())
	if err != nil {
		return nil, fmt.Errorf("uo: read tiledata: %w", err)
	}
	return DecodeTileData(data, filepath.Base(path))
}

// checkTileDataSize refuses a tiledata of n bytes that is no layout's size.
func checkTileDataSize(n int64, name string) error {
	if _, ok := DetectTileFormat(n); !ok {
		return fmt.Errorf("uo: %s: %d bytes (the file ends at offset %d) is not a tiledata size: want exactly %d (64-bit flags), %d (32-bit flags, 0x8000 items) or %d (32-bit flags, 0x4000 items)",
			name, n, n, TileDataSizeNew, TileDataSizeOld32K, TileDataSizeOld16K)
	}
	return nil
}

// DecodeTileData decodes tiledata.mul bytes; name labels errors. The size
// must be one of the three layouts' exact sizes. A name is its bytes up to
// the first NUL, taken as they are (the client's names are ASCII).
func DecodeTileData(data []byte, name string) (*world.TileData, error) {
	if err := checkTileDataSize(int64(len(data)), name); err != nil {
		return nil, err
	}
	f, _ := DetectTileFormat(int64(len(data)))
	td := world.NewTileData(f)
	if err := decodeTileTables(data, name, flagBytes(f), td.Land[:], td.Items); err != nil {
		return nil, err
	}
	return td, nil
}

// tileTablesSize is the bytes of land and item tables of nLand and nItems
// entries (multiples of a group) with fb-byte flags.
func tileTablesSize(fb, nLand, nItems int) int {
	return nLand/tileGroupEntries*groupSize(fb+2+tileNameLen) + nItems/tileGroupEntries*groupSize(fb+13+tileNameLen)
}

// decodeTileTables decodes data, land then item groups with fb-byte flags,
// into land and items (whole groups each); data must be exactly their
// size. DecodeTileData runs it on a layout's full tables; the fuzz target
// on small ones.
func decodeTileTables(data []byte, name string, fb int, land []world.LandTile, items []world.ItemTile) error {
	if len(land)%tileGroupEntries != 0 || len(items)%tileGroupEntries != 0 || (fb != 4 && fb != 8) {
		return fmt.Errorf("uo: %s: tables of %d land and %d item entries with %d-byte flags are no tiledata layout", name, len(land), len(items), fb)
	}
	if want := tileTablesSize(fb, len(land), len(items)); len(data) != want {
		return fmt.Errorf("uo: %s: %d bytes (the file ends at offset %d): want exactly %d", name, len(data), len(data), want)
	}
	off := 0
	readFlags := func() world.TileFlag {
		if fb == 8 {
			v := binary.LittleEndian.Uint64(data[off:])
			off += 8
			return world.TileFlag(v)
		}
		v := binary.LittleEndian.Uint32(data[off:])
		off += 4
		return world.TileFlag(v)
	}
	for i := range land {
		if i%tileGroupEntries == 0 {
			off += tileGroupHeader
		}
		lt := &land[i]
		lt.Flags = readFlags()
		lt.Texture = binary.LittleEndian.Uint16(data[off:])
		lt.Name = decodeName(data[off+2 : off+2+tileNameLen])
		off += 2 + tileNameLen
	}
	for i := range items {
		if i%tileGroupEntries == 0 {
			off += tileGroupHeader
		}
		it := &items[i]
		it.Flags = readFlags()
		decodeItem(it, data[off:off+13+tileNameLen])
		off += 13 + tileNameLen
	}
	return nil
}

// decodeItem decodes an item entry's fields after its flags.
func decodeItem(it *world.ItemTile, e []byte) {
	it.Weight = e[0]
	it.Quality = e[1]
	it.Misc = binary.LittleEndian.Uint16(e[2:])
	it.Unk2 = e[4]
	it.Quantity = e[5]
	it.Anim = binary.LittleEndian.Uint16(e[6:])
	it.Unk3 = e[8]
	it.Hue = e[9]
	it.Stack = e[10]
	it.Value = e[11]
	it.Height = e[12]
	it.Name = decodeName(e[13:])
}

// decodeName returns the bytes of a NUL-padded name up to the first NUL.
func decodeName(b []byte) string {
	for i, c := range b {
		if c == 0 {
			b = b[:i]
			break
		}
	}
	if len(b) == 0 {
		return ""
	}
	return string(b)
}

// WriteTileData writes td as a tiledata.mul in td.Format, group headers zero.
// A name longer than 20 bytes or holding a NUL is an error; an item table of
// the wrong length for the layout is an error.
func WriteTileData(w io.Writer, td *world.TileData) error {
	f := td.Format
	if f > world.TileFormatNew {
		return fmt.Errorf("uo: write tiledata: unknown format %d", f)
	}
	if len(td.Items) != f.ItemCount() {
		return fmt.Errorf("uo: write tiledata: %d items, format %d needs %d", len(td.Items), f, f.ItemCount())
	}
	return encodeTileTables(w, flagBytes(f), td.Land[:], td.Items)
}

// encodeTileTables writes land then item groups with fb-byte flags (4 or
// 8), group headers zero: decodeTileTables' inverse.
func encodeTileTables(w io.Writer, fb int, land []world.LandTile, items []world.ItemTile) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	var buf [8 + 13 + tileNameLen]byte
	var hdr [tileGroupHeader]byte
	putFlags := func(v world.TileFlag) {
		if fb == 8 {
			binary.LittleEndian.PutUint64(buf[:], uint64(v))
		} else {
			binary.LittleEndian.PutUint32(buf[:], uint32(v))
		}
	}
	for i := range land {
		if i%tileGroupEntries == 0 {
			_, _ = bw.Write(hdr[:])
		}
		lt := &land[i]
		clear(buf[:])
		putFlags(lt.Flags)
		binary.LittleEndian.PutUint16(buf[fb:], lt.Texture)
		if err := putName(buf[fb+2:fb+2+tileNameLen], lt.Name); err != nil {
			return fmt.Errorf("uo: write tiledata: land %#x: %w", i, err)
		}
		_, _ = bw.Write(buf[:fb+2+tileNameLen])
	}
	for i := range items {
		if i%tileGroupEntries == 0 {
			_, _ = bw.Write(hdr[:])
		}
		clear(buf[:])
		putFlags(items[i].Flags)
		if err := encodeItem(buf[fb:], &items[i]); err != nil {
			return fmt.Errorf("uo: write tiledata: item %#x: %w", i, err)
		}
		_, _ = bw.Write(buf[:fb+13+tileNameLen])
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("uo: write tiledata: %w", err)
	}
	return nil
}

// encodeItem writes an item entry's fields after its flags into e.
func encodeItem(e []byte, it *world.ItemTile) error {
	e[0], e[1] = it.Weight, it.Quality
	binary.LittleEndian.PutUint16(e[2:], it.Misc)
	e[4], e[5] = it.Unk2, it.Quantity
	binary.LittleEndian.PutUint16(e[6:], it.Anim)
	e[8], e[9], e[10], e[11], e[12] = it.Unk3, it.Hue, it.Stack, it.Value, it.Height
	return putName(e[13:13+tileNameLen], it.Name)
}

func putName(dst []byte, name string) error {
	if len(name) > len(dst) {
		return fmt.Errorf("name %q is %d bytes, longer than %d", name, len(name), len(dst))
	}
	for i := 0; i < len(name); i++ {
		if name[i] == 0 {
			return fmt.Errorf("name %q holds a NUL", name)
		}
	}
	copy(dst, name)
	return nil
}
