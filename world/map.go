package world

import (
	"fmt"
	"sort"
)

// MapID identifies a facet as UO numbers them.
type MapID uint8

// The UO facets.
const (
	Felucca  MapID = 0
	Trammel  MapID = 1
	Ilshenar MapID = 2
	Malas    MapID = 3
	Tokuno   MapID = 4
	TerMur   MapID = 5
)

// MapInfo gives a facet's name and size as the current client ships it.
type MapInfo struct {
	ID            MapID
	Name          string
	Width, Height int
}

// KnownMaps lists the facets with their sizes. Older clients ship Felucca and
// Trammel at 6144×4096; a loader detects that from the file size.
func KnownMaps() []MapInfo {
	return []MapInfo{
		{Felucca, "Felucca", 7168, 4096},
		{Trammel, "Trammel", 7168, 4096},
		{Ilshenar, "Ilshenar", 2304, 1600},
		{Malas, "Malas", 2560, 2048},
		{Tokuno, "Tokuno", 1448, 1448},
		{TerMur, "TerMur", 1280, 4096},
	}
}

// LookupMap returns the facet info for id.
func LookupMap(id MapID) (MapInfo, bool) {
	for _, m := range KnownMaps() {
		if m.ID == id {
			return m, true
		}
	}
	return MapInfo{}, false
}

// Block geometry of the mul map format.
const (
	BlockSize      = 8                     // cells per block side
	BlockCells     = BlockSize * BlockSize // cells per block
	LandBlockBytes = 4 + BlockCells*3      // header + 64 × (u16 id, i8 z)
	SectorSize     = 16                    // cells per sector side (multis)
)

// LandCell is one cell's land tile.
type LandCell struct {
	ID uint16
	Z  int8
}

// Static is one static item tile, stored with its cell inside the block.
type Static struct {
	ID   uint16
	Hue  int16
	Z    int8
	Cell uint8 // (y&7)*8 + (x&7)
}

// Tile is an item tile placed at a Z (a multi component at a cell).
type Tile struct {
	ID uint16
	Z  int8
}

// Map is one facet's land and statics, stored by 8×8 block as the mul files
// lay them out, plus the multis standing on it. Land and statics never change
// after construction and may be read from any goroutine; multis are changed
// and read only by the goroutine that runs the movement rules.
type Map struct {
	ID                     MapID
	Width, Height          int
	BlocksWide, BlocksHigh int

	land        []byte   // BlocksWide*BlocksHigh*LandBlockBytes, mul layout
	staticStart []uint32 // per block, index into statics; len blocks+1
	statics     []Static // per block, sorted by Cell (stable)

	multis multiIndex
}

// NewMapFromBlocks builds a map over raw land blocks (mul layout) and per-block
// statics. staticStart has one entry per block plus one; statics within a block
// need not be sorted. The slices are owned by the map afterwards.
func NewMapFromBlocks(id MapID, width, height int, land []byte, staticStart []uint32, statics []Static) (*Map, error) {
	if width <= 0 || height <= 0 || width%BlockSize != 0 || height%BlockSize != 0 {
		return nil, fmt.Errorf("world: map %d size %dx%d is not a positive multiple of %d", id, width, height, BlockSize)
	}
	bw, bh := width/BlockSize, height/BlockSize
	nb := bw * bh
	if len(land) != nb*LandBlockBytes {
		return nil, fmt.Errorf("world: map %d land is %d bytes, want %d for %dx%d", id, len(land), nb*LandBlockBytes, width, height)
	}
	if staticStart == nil {
		staticStart = make([]uint32, nb+1)
	}
	if len(staticStart) != nb+1 {
		return nil, fmt.Errorf("world: map %d static index has %d entries, want %d", id, len(staticStart), nb+1)
	}
	for b := 0; b < nb; b++ {
		lo, hi := staticStart[b], staticStart[b+1]
		if lo > hi || int(hi) > len(statics) {
			return nil, fmt.Errorf("world: map %d static index of block %d is [%d,%d) of %d", id, b, lo, hi, len(statics))
		}
		if blk := statics[lo:hi]; !cellsSorted(blk) {
			sort.SliceStable(blk, func(i, j int) bool { return blk[i].Cell < blk[j].Cell })
		}
	}
	m := &Map{ID: id, Width: width, Height: height, BlocksWide: bw, BlocksHigh: bh,
		land: land, staticStart: staticStart, statics: statics}
	m.multis.init(width, height)
	return m, nil
}

// cellsSorted reports whether blk is already in cell order (the common case
// for files written from a map), so loading skips the sort and its closure.
func cellsSorted(blk []Static) bool {
	for i := 1; i < len(blk); i++ {
		if blk[i].Cell < blk[i-1].Cell {
			return false
		}
	}
	return true
}

// NewMap returns a map of the given size with zero land and no statics.
func NewMap(id MapID, width, height int) (*Map, error) {
	nb := (width / BlockSize) * (height / BlockSize)
	if width <= 0 || height <= 0 {
		nb = 0
	}
	return NewMapFromBlocks(id, width, height, make([]byte, nb*LandBlockBytes), nil, nil)
}

// InBounds reports whether (x, y) is a cell of the map.
func (m *Map) InBounds(x, y int) bool {
	return x >= 0 && y >= 0 && x < m.Width && y < m.Height
}

// BlockIndex is the mul block number of cell (x, y): column-major.
func (m *Map) BlockIndex(x, y int) int {
	return (x>>3)*m.BlocksHigh + (y >> 3)
}

// Land returns the land tile of (x, y); a cell off the map reads as zero.
func (m *Map) Land(x, y int) LandCell {
	if !m.InBounds(x, y) {
		return LandCell{}
	}
	off := m.BlockIndex(x, y)*LandBlockBytes + 4 + ((y&7)*8+(x&7))*3
	b := m.land[off : off+3 : off+3]
	return LandCell{ID: uint16(b[0]) | uint16(b[1])<<8, Z: int8(b[2])}
}

// SetLand sets the land tile of (x, y). It is for builders, before the map is
// shared; off-map cells are ignored.
func (m *Map) SetLand(x, y int, c LandCell) {
	if !m.InBounds(x, y) {
		return
	}
	off := m.BlockIndex(x, y)*LandBlockBytes + 4 + ((y&7)*8+(x&7))*3
	m.land[off] = byte(c.ID)
	m.land[off+1] = byte(c.ID >> 8)
	m.land[off+2] = byte(c.Z)
}

// landZ is the land z of (x, y), 0 off the map.
func (m *Map) landZ(x, y int) int {
	if !m.InBounds(x, y) {
		return 0
	}
	off := m.BlockIndex(x, y)*LandBlockBytes + 4 + ((y&7)*8+(x&7))*3 + 2
	return int(int8(m.land[off]))
}

// AverageZ returns the lowest, averaged and highest land Z of the cell's
// four corners, as the movement rules read them.
func (m *Map) AverageZ(x, y int) (low, avg, top int) {
	zt := m.landZ(x, y)
	zl := m.landZ(x, y+1)
	zr := m.landZ(x+1, y)
	zb := m.landZ(x+1, y+1)
	low, top = zt, zt
	for _, z := range [3]int{zl, zr, zb} {
		low = min(low, z)
		top = max(top, z)
	}
	if abs(zt-zb) > abs(zl-zr) {
		avg = floorHalf(zl + zr)
	} else {
		avg = floorHalf(zt + zb)
	}
	return low, avg, top
}

func floorHalf(sum int) int {
	if sum < 0 {
		sum--
	}
	return sum / 2
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// StaticsAt returns the statics of (x, y) in file order. The slice aliases the
// map's storage and must not be modified.
func (m *Map) StaticsAt(x, y int) []Static {
	if !m.InBounds(x, y) {
		return nil
	}
	b := m.BlockIndex(x, y)
	blk := m.statics[m.staticStart[b]:m.staticStart[b+1]]
	if len(blk) == 0 {
		return nil
	}
	cell := uint8((y&7)*8 + (x & 7))
	lo := 0
	for hi := len(blk); lo < hi; {
		mid := int(uint(lo+hi) >> 1)
		if blk[mid].Cell < cell {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	hi := lo
	for hi < len(blk) && blk[hi].Cell == cell {
		hi++
	}
	return blk[lo:hi:hi]
}

// BlockCount is the number of 8×8 blocks.
func (m *Map) BlockCount() int { return m.BlocksWide * m.BlocksHigh }

// LandBlock returns block b's raw land bytes (mul layout, header included).
// The slice aliases the map's storage and must not be modified.
func (m *Map) LandBlock(b int) []byte {
	return m.land[b*LandBlockBytes : (b+1)*LandBlockBytes : (b+1)*LandBlockBytes]
}

// BlockStatics returns block b's statics sorted by cell. The slice aliases the
// map's storage and must not be modified.
func (m *Map) BlockStatics(b int) []Static {
	return m.statics[m.staticStart[b]:m.staticStart[b+1]:m.staticStart[b+1]]
}

// StaticCount is the number of static tiles on the map.
func (m *Map) StaticCount() int { return len(m.statics) }
