package uo

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"path/filepath"

	"github.com/shardcore/shardcore/internal/safefile"
	"github.com/shardcore/shardcore/world"
)

// UOP container constants.
const (
	uopMagic       = 0x0050594D // "MYP\0"
	uopSignature   = 0xFD23EC43
	uopHeaderSize  = 28 // magic, version, signature, u64 first table, u32 capacity, u32 count
	uopTableHeader = 12 // i32 count, i64 next table
	uopEntrySize   = 34 // i64 offset, i32 header, i32 compressed, i32 decompressed, u64 hash, u32 checksum, i16 flag
	uopVersion     = 5
	uopDataStart   = 0x200 // where the writer puts the first table
	// UOPChunkBlocks is the number of map blocks one UOP entry holds.
	UOPChunkBlocks = 4096
)

// UOPEntryName is the name whose hash keys entry i of facet n's map container.
func UOPEntryName(n, i int) string {
	return fmt.Sprintf("build/map%dlegacymul/%08d.dat", n, i)
}

// uopEntry is one located entry: where its data starts and its length.
type uopEntry struct {
	start, size int64
	at          int64 // offset of the entry record, for errors
	hash        uint64
}

// ReadUOP reads a map{N}LegacyMUL.uop container and returns the map .mul
// bytes it holds: entries located by the hash of UOPEntryName(n, i) and
// concatenated by i. Only uncompressed entries are supported (the client
// ships its map containers uncompressed).
// The container must be a regular file no larger than facet n's largest
// land (MapSizes) and uopSlack, checked before it is read.
func ReadUOP(path string, n int) ([]byte, error) {
	limit, err := uopLimit(world.MapID(n), 0, 0)
	if err != nil {
		return nil, fmt.Errorf("uo: %s: %w", filepath.Base(path), err)
	}
	return readUOP(path, n, limit)
}

// uopSlack is what a map container may hold beyond its land: its header
// and entry tables (34 bytes an entry), with room to spare.
const uopSlack = 16 << 20

// uopLimit is the largest map container of facet id at width×height (0, 0:
// its largest known size) read.
func uopLimit(id world.MapID, width, height int) (int64, error) {
	if width > 0 && height > 0 {
		return LandBytes(width, height) + uopSlack, nil
	}
	sizes := MapSizes(id)
	if sizes == nil {
		return 0, fmt.Errorf("map %d is not a known facet; give its width and height", id)
	}
	var most int64
	for _, wh := range sizes {
		most = max(most, LandBytes(wh[0], wh[1]))
	}
	return most + uopSlack, nil
}

// readUOP is ReadUOP with the container's size limit.
func readUOP(path string, n int, limit int64) ([]byte, error) {
	f, st, err := safefile.Open(path, limit)
	if err != nil {
		return nil, fmt.Errorf("uo: read uop: %w", err)
	}
	defer f.Close()
	return decodeUOP(f, st.Size(), filepath.Base(path), n)
}

// DecodeUOP is ReadUOP over the container's bytes; name labels errors.
func DecodeUOP(data []byte, name string, n int) ([]byte, error) {
	return decodeUOP(bytes.NewReader(data), int64(len(data)), name, n)
}

func decodeUOP(r io.ReaderAt, size int64, name string, n int) ([]byte, error) {
	var hdr [uopHeaderSize]byte
	if size < uopHeaderSize {
		return nil, fmt.Errorf("uo: %s: %d bytes, too short for a UOP header (%d bytes) at offset 0", name, size, uopHeaderSize)
	}
	if _, err := r.ReadAt(hdr[:], 0); err != nil {
		return nil, fmt.Errorf("uo: %s: header at offset 0: %w", name, err)
	}
	if m := binary.LittleEndian.Uint32(hdr[0:]); m != uopMagic {
		return nil, fmt.Errorf("uo: %s: magic %#08x at offset 0, want %#08x (MYP\\0)", name, m, uopMagic)
	}
	if s := binary.LittleEndian.Uint32(hdr[8:]); s != uopSignature {
		return nil, fmt.Errorf("uo: %s: signature %#08x at offset 8, want %#08x", name, s, uint32(uopSignature))
	}
	entries, err := readUOPTables(r, size, name, int64(binary.LittleEndian.Uint64(hdr[12:])))
	if err != nil {
		return nil, err
	}
	return assembleUOP(r, size, name, n, entries)
}

// readUOPTables follows the chain of entry tables from offset next and
// returns the used entries.
func readUOPTables(r io.ReaderAt, size int64, name string, next int64) ([]uopEntry, error) {
	var entries []uopEntry
	visited := map[int64]bool{}
	for next != 0 {
		if next < 0 || next > size-uopTableHeader {
			return nil, fmt.Errorf("uo: %s: table offset %d beyond file size %d", name, next, size)
		}
		if visited[next] {
			return nil, fmt.Errorf("uo: %s: table at offset %d links back into the table chain", name, next)
		}
		visited[next] = true
		var th [uopTableHeader]byte
		if _, err := r.ReadAt(th[:], next); err != nil {
			return nil, fmt.Errorf("uo: %s: table at offset %d: %w", name, next, err)
		}
		count := int64(int32(binary.LittleEndian.Uint32(th[0:])))
		tableAt := next
		next = int64(binary.LittleEndian.Uint64(th[4:]))
		if count < 0 || tableAt+uopTableHeader+count*uopEntrySize > size {
			return nil, fmt.Errorf("uo: %s: table at offset %d: %d entries run past file size %d", name, tableAt, count, size)
		}
		var rec [uopEntrySize]byte
		for i := int64(0); i < count; i++ {
			at := tableAt + uopTableHeader + i*uopEntrySize
			if _, err := r.ReadAt(rec[:], at); err != nil {
				return nil, fmt.Errorf("uo: %s: entry at offset %d: %w", name, at, err)
			}
			e, used, err := parseUOPEntry(rec[:], at, size, name)
			if err != nil {
				return nil, err
			}
			if used {
				entries = append(entries, e)
			}
		}
	}
	return entries, nil
}

// parseUOPEntry checks one entry record (read at offset at); used is false
// for an empty slot.
func parseUOPEntry(rec []byte, at, size int64, name string) (e uopEntry, used bool, err error) {
	off := int64(binary.LittleEndian.Uint64(rec[0:]))
	if off == 0 {
		return uopEntry{}, false, nil // unused slot
	}
	hl := int64(int32(binary.LittleEndian.Uint32(rec[8:])))
	comp := int64(int32(binary.LittleEndian.Uint32(rec[12:])))
	decomp := int64(int32(binary.LittleEndian.Uint32(rec[16:])))
	flag := binary.LittleEndian.Uint16(rec[32:])
	if flag != 0 {
		return uopEntry{}, false, fmt.Errorf("uo: %s: entry at offset %d: compression flag %d not supported (map containers are uncompressed)", name, at, flag)
	}
	if hl < 0 || comp < 0 || comp != decomp {
		return uopEntry{}, false, fmt.Errorf("uo: %s: entry at offset %d: header %d, sizes %d/%d are not an uncompressed entry", name, at, hl, comp, decomp)
	}
	if off < 0 || off+hl+comp > size {
		return uopEntry{}, false, fmt.Errorf("uo: %s: entry at offset %d: data [%d,%d) beyond file size %d", name, at, off+hl, off+hl+comp, size)
	}
	return uopEntry{start: off + hl, size: comp, at: at, hash: binary.LittleEndian.Uint64(rec[20:])}, true, nil
}

// assembleUOP orders the entries by the index their name hash gives and
// concatenates their data. Every index below the entry count must be present
// exactly once; the data must fit the file (entries do not overlap).
func assembleUOP(r io.ReaderAt, size int64, name string, n int, entries []uopEntry) ([]byte, error) {
	byHash := make(map[uint64]int, len(entries))
	for i := range entries {
		byHash[UOPHash(UOPEntryName(n, i))] = i
	}
	order := make([]int, len(entries)) // index -> entry, +1 (0 = missing)
	total := int64(0)
	for k, e := range entries {
		i, ok := byHash[e.hash]
		if !ok {
			return nil, fmt.Errorf("uo: %s: entry at offset %d: hash %#016x is no %s name below %d",
				name, e.at, e.hash, UOPEntryName(n, 0), len(entries))
		}
		if order[i] != 0 {
			return nil, fmt.Errorf("uo: %s: entry at offset %d: %s appears twice (first at offset %d)",
				name, e.at, UOPEntryName(n, i), entries[order[i]-1].at)
		}
		order[i] = k + 1
		total += e.size
	}
	if total > size {
		return nil, fmt.Errorf("uo: %s: entries hold %d bytes, more than the file's %d (overlapping entries)", name, total, size)
	}
	out := make([]byte, total)
	pos := int64(0)
	for _, k := range order {
		e := entries[k-1]
		if _, err := r.ReadAt(out[pos:pos+e.size], e.start); err != nil {
			return nil, fmt.Errorf("uo: %s: entry data at offset %d: %w", name, e.start, err)
		}
		pos += e.size
	}
	return out, nil
}

// ReadMapUOP reads a facet whose land is in a map{N}LegacyMUL.uop container
// (N = id) and whose statics are in staidx/statics files; width and height as
// for ReadMap.
func ReadMapUOP(id world.MapID, uopPath, staidxPath, staticsPath string, width, height int) (*world.Map, error) {
	limit, err := uopLimit(id, width, height)
	if err != nil {
		return nil, fmt.Errorf("uo: %s: %w", filepath.Base(uopPath), err)
	}
	land, err := readUOP(uopPath, int(id), limit)
	if err != nil {
		return nil, err
	}
	return readMapWithLand(id, namedBytes{filepath.Base(uopPath), land}, staidxPath, staticsPath, width, height)
}
