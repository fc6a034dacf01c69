package chunk

import (
	"fmt"
	"unsafe"

	"github.com/zeebo/xxh3"
)

// Chunk geometry.
const (
	Size     = 16
	NumCells = Size * Size
)

// Cell info bits (Cell.Info).
const (
	// InfoValidBelow2 .. InfoValidAbove2: the record's answers also hold for a
	// request at Z-2, Z-1, Z+1, Z+2 (checked at bake time by probing there).
	InfoValidBelow2 uint8 = 1 << iota
	InfoValidBelow1
	InfoValidAbove1
	InfoValidAbove2
	// InfoAmphibianInexact: composing walk and wet for an amphibian (canSwim
	// without cantWalk) differs from the live rule somewhere in this record;
	// such movers fall through here.
	InfoAmphibianInexact
	// InfoLiveOnly: the record's answers do not fit its int8 fields (a Z
	// beyond -128..127); it answers no request, which falls through.
	InfoLiveOnly
)

// InfoWindow is the mask of the four validity-window bits.
const InfoWindow = InfoValidBelow2 | InfoValidBelow1 | InfoValidAbove1 | InfoValidAbove2

// Cell is what a cell answers for a request at one standing Z: raw per-direction
// Enter results (bit d = direction d; diagonal bits ignore flanks, so one byte
// serves both diagonal rules) under the walker rules (no canSwim, no cantWalk)
// and the swimmer rules (canSwim + cantWalk), with the destination Z of each
// enterable direction (0 where not enterable).
type Cell struct {
	Z     int8 // the standing Z this record answers for (SourceZ)
	Walk  uint8
	Wet   uint8
	Info  uint8
	WalkZ [8]int8
	SwimZ [8]int8
}

// Chunk is 16×16 cells of static-world answers. Cells[i] is cell
// (i%16, i/16) of the chunk, answering at its SourceZ; multi-Z cells have extra
// records (strata) for their other standing Zs. A chunk is immutable once
// built, so identical chunks may be one shared object.
type Chunk struct {
	Cells [NumCells]Cell
	// StrataStart[c]..StrataStart[c+1] index cell c's extra records in Strata,
	// sorted by Z. Nil when no cell of the chunk has strata.
	StrataStart *[NumCells + 1]uint16
	Strata      []Cell
}

// Grid returns the chunk grid of a map of the given size (partial
// chunks at the edges count).
func Grid(width, height int) (wide, high int) {
	return (width + Size - 1) / Size, (height + Size - 1) / Size
}

// Covers reports whether record c answers for a request at z (its Z, or
// one of its validity window's).
func Covers(c *Cell, z int) bool {
	if c.Info&InfoLiveOnly != 0 {
		return false
	}
	switch z - int(c.Z) {
	case 0:
		return true
	case -2:
		return c.Info&InfoValidBelow2 != 0
	case -1:
		return c.Info&InfoValidBelow1 != 0
	case 1:
		return c.Info&InfoValidAbove1 != 0
	case 2:
		return c.Info&InfoValidAbove2 != 0
	}
	return false
}

// cellBytes is the size of one Cell: all its fields are bytes, so a slice of
// cells is a plain byte image (no padding) that hashing may read directly.
const cellBytes = int(unsafe.Sizeof(Cell{}))

var _ [20 - cellBytes]struct{} // Cell must stay 20 bytes of int8/uint8
var _ [cellBytes - 20]struct{}

// Uniform reports whether the chunk has no strata and all 256 records equal.
func (c *Chunk) Uniform() bool {
	if c.StrataStart != nil || len(c.Strata) > 0 {
		return false
	}
	for i := 1; i < NumCells; i++ {
		if c.Cells[i] != c.Cells[0] {
			return false
		}
	}
	return true
}

// Record returns the record of cell i (0..255) that answers for a request
// at z, or nil when none does.
func (c *Chunk) Record(i, z int) *Cell {
	rec := &c.Cells[i]
	if Covers(rec, z) {
		return rec
	}
	if c.StrataStart != nil {
		for j := int(c.StrataStart[i]); j < int(c.StrataStart[i+1]) && j < len(c.Strata); j++ {
			if Covers(&c.Strata[j], z) {
				return &c.Strata[j]
			}
		}
	}
	return nil
}

// cellImage is the byte image of cells (see cellBytes).
func cellImage(cells []Cell) []byte {
	if len(cells) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&cells[0])), len(cells)*cellBytes)
}

// Hash is the chunk's content hash: xxh3 over its records, strata offsets
// and strata. Equal chunks hash equal; Equal settles collisions.
func (c *Chunk) Hash() uint64 {
	var h xxh3.Hasher
	return c.HashWith(&h)
}

// HashWith is Hash computed with h (reset first), so a caller hashing many
// chunks reuses one hasher.
func (c *Chunk) HashWith(h *xxh3.Hasher) uint64 {
	h.Reset()
	_, _ = h.Write(cellImage(c.Cells[:]))
	if c.StrataStart != nil {
		var b [2 * (NumCells + 1)]byte
		for i, v := range c.StrataStart {
			b[2*i], b[2*i+1] = byte(v), byte(v>>8)
		}
		_, _ = h.Write(b[:])
		_, _ = h.Write(cellImage(c.Strata))
	}
	return h.Sum64()
}

// Equal reports whether two chunks hold the same records and strata.
func (c *Chunk) Equal(o *Chunk) bool {
	if c == o {
		return true
	}
	if c.Cells != o.Cells || (c.StrataStart == nil) != (o.StrataStart == nil) || len(c.Strata) != len(o.Strata) {
		return false
	}
	if c.StrataStart != nil && *c.StrataStart != *o.StrataStart {
		return false
	}
	for i := range c.Strata {
		if c.Strata[i] != o.Strata[i] {
			return false
		}
	}
	return true
}

// Bytes is the memory the chunk holds: the struct, its strata offsets and
// its strata.
func (c *Chunk) Bytes() int {
	n := int(unsafe.Sizeof(Chunk{})) + cap(c.Strata)*cellBytes
	if c.StrataStart != nil {
		n += int(unsafe.Sizeof(*c.StrataStart))
	}
	return n
}

// Valid reports whether the chunk's strata offsets frame its strata (a
// chunk read from a source is checked before it is served).
func (c *Chunk) Valid() bool {
	if c.StrataStart == nil {
		return len(c.Strata) == 0
	}
	s := c.StrataStart
	if s[0] != 0 || int(s[NumCells]) != len(c.Strata) {
		return false
	}
	for i := 0; i < NumCells; i++ {
		if s[i] > s[i+1] {
			return false
		}
	}
	return true
}

// Clone returns a deep copy of c (strata offsets and strata included).
func (c *Chunk) Clone() *Chunk {
	o := &Chunk{Cells: c.Cells}
	if c.StrataStart != nil {
		s := *c.StrataStart
		o.StrataStart = &s
	}
	if len(c.Strata) > 0 {
		o.Strata = append([]Cell(nil), c.Strata...)
	}
	return o
}

// Diff describes the first difference between chunks a and b (a cell
// and the field that differs), or "" when they are equal byte for byte:
// records, strata offsets and strata.
func Diff(a, b *Chunk) string {
	for i := range a.Cells {
		if a.Cells[i] != b.Cells[i] {
			return fmt.Sprintf("cell %d (%d,%d): %+v vs %+v", i, i%Size, i/Size, a.Cells[i], b.Cells[i])
		}
	}
	if (a.StrataStart == nil) != (b.StrataStart == nil) {
		return fmt.Sprintf("strata offsets: present %v vs %v", a.StrataStart != nil, b.StrataStart != nil)
	}
	if a.StrataStart != nil {
		for i := range a.StrataStart {
			if a.StrataStart[i] != b.StrataStart[i] {
				return fmt.Sprintf("strata offset of cell %d: %d vs %d", i, a.StrataStart[i], b.StrataStart[i])
			}
		}
	}
	if len(a.Strata) != len(b.Strata) {
		return fmt.Sprintf("%d strata vs %d", len(a.Strata), len(b.Strata))
	}
	for i := range a.Strata {
		if a.Strata[i] != b.Strata[i] {
			return fmt.Sprintf("stratum %d: %+v vs %+v", i, a.Strata[i], b.Strata[i])
		}
	}
	return ""
}
