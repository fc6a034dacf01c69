package uo

import (
	"encoding/binary"
	"fmt"
	"path/filepath"

	"github.com/shardcore/shardcore/internal/safefile"
	"github.com/shardcore/shardcore/world"
)

// MultiLayout selects the multi.mul component size.
type MultiLayout uint8

// The multi.mul component layouts.
const (
	// MultiAuto detects the layout per file (see DecodeMultis).
	MultiAuto MultiLayout = iota
	// MultiNarrow is 12-byte components: u16 id, i16 x, i16 y, i16 z, u32 flags.
	MultiNarrow
	// MultiWide is 16-byte components, a u32 cliloc after the flags (clients
	// from 7.0.9.0 on).
	MultiWide
)

const multiIdxRecord = 12

func (l MultiLayout) componentSize() int {
	if l == MultiWide {
		return 16
	}
	return 12
}

// ReadMultis reads multi.idx and multi.mul, detecting the component layout
// (MultiAuto). The result is indexed by multi id; ids whose index record is
// empty (lookup -1 or length <= 0) are nil.
func ReadMultis(idxPath, mulPath string) ([]*world.MultiDef, error) {
	return ReadMultisLayout(idxPath, mulPath, MultiAuto)
}

// MaxMultiBytes is the largest multi.idx or multi.mul read (a client's are
// a few hundred kilobytes); a larger file is refused before it is read.
const MaxMultiBytes = 64 << 20

// ReadMultisLayout is ReadMultis with the component layout given.
func ReadMultisLayout(idxPath, mulPath string, layout MultiLayout) ([]*world.MultiDef, error) {
	idx, err := safefile.ReadFile(idxPath, MaxMultiBytes)
	if err != nil {
		return nil, fmt.Errorf("uo: read multis: %w", err)
	}
	mul, err := safefile.ReadFile(mulPath, MaxMultiBytes)
	if err != nil {
		return nil, fmt.Errorf("uo: read multis: %w", err)
	}
	return DecodeMultis(idx, filepath.Base(idxPath), mul, filepath.Base(mulPath), layout)
}

type multiRange struct{ id, lookup, length int }

// DecodeMultis decodes multi.idx and multi.mul bytes (names label errors).
//
// MultiAuto decides once per file, not per entry, because a length that is a
// multiple of 48 fits both layouts: a length not divisible by 12 makes the
// file wide, one not divisible by 16 makes it narrow; when every length fits
// both, the layout whose components look more like real ones (offsets within
// ±128 cells, Z within a signed byte) wins, narrow on a tie.
func DecodeMultis(idx []byte, idxName string, mul []byte, mulName string, layout MultiLayout) ([]*world.MultiDef, error) {
	if rem := len(idx) % multiIdxRecord; rem != 0 {
		return nil, fmt.Errorf("uo: %s: %d bytes is not a whole number of %d-byte records: truncated record at offset %d",
			idxName, len(idx), multiIdxRecord, len(idx)-rem)
	}
	n := len(idx) / multiIdxRecord
	var ranges []multiRange
	total := 0
	for i := 0; i < n; i++ {
		off := i * multiIdxRecord
		lookup := int32(binary.LittleEndian.Uint32(idx[off:]))
		length := int32(binary.LittleEndian.Uint32(idx[off+4:]))
		if lookup == -1 || length <= 0 {
			continue
		}
		if lookup < 0 || int64(lookup)+int64(length) > int64(len(mul)) {
			return nil, fmt.Errorf("uo: %s: multi %d at offset %d: range [%d,%d) beyond %s size %d",
				idxName, i, off, lookup, int64(lookup)+int64(length), mulName, len(mul))
		}
		total += int(length)
		if total > len(mul) {
			return nil, fmt.Errorf("uo: %s: multi %d at offset %d: ranges so far cover %d bytes, more than %s's %d (overlapping ranges)",
				idxName, i, off, total, mulName, len(mul))
		}
		ranges = append(ranges, multiRange{i, int(lookup), int(length)})
	}
	if layout == MultiAuto {
		layout = detectMultiLayout(ranges, mul)
	}
	cs := layout.componentSize()
	defs := make([]*world.MultiDef, n)
	for _, r := range ranges {
		if r.length%cs != 0 {
			return nil, fmt.Errorf("uo: %s: multi %d at offset %d: length %d is not a multiple of the %d-byte component",
				idxName, r.id, r.id*multiIdxRecord, r.length, cs)
		}
		d := &world.MultiDef{ID: r.id, Components: make([]world.MultiComponent, r.length/cs)}
		for k := range d.Components {
			d.Components[k] = decodeComponent(mul[r.lookup+k*cs:], layout)
		}
		defs[r.id] = d
	}
	return defs, nil
}

func decodeComponent(e []byte, layout MultiLayout) world.MultiComponent {
	c := world.MultiComponent{
		ItemID: binary.LittleEndian.Uint16(e),
		DX:     int16(binary.LittleEndian.Uint16(e[2:])),
		DY:     int16(binary.LittleEndian.Uint16(e[4:])),
		DZ:     int16(binary.LittleEndian.Uint16(e[6:])),
		Flags:  binary.LittleEndian.Uint32(e[8:]),
	}
	if layout == MultiWide {
		c.Cliloc = binary.LittleEndian.Uint32(e[12:])
	}
	return c
}

func detectMultiLayout(ranges []multiRange, mul []byte) MultiLayout {
	narrowFits, wideFits := true, true
	for _, r := range ranges {
		narrowFits = narrowFits && r.length%12 == 0
		wideFits = wideFits && r.length%16 == 0
	}
	switch {
	case narrowFits && !wideFits:
		return MultiNarrow
	case wideFits && !narrowFits:
		return MultiWide
	case !wideFits && !narrowFits:
		return MultiNarrow // decoding reports the misfit
	}
	score := func(l MultiLayout) int {
		cs, s := l.componentSize(), 0
		for _, r := range ranges {
			for p := r.lookup; p+cs <= r.lookup+r.length; p += cs {
				c := decodeComponent(mul[p:], l)
				if c.DX >= -128 && c.DX <= 128 && c.DY >= -128 && c.DY <= 128 && c.DZ >= -128 && c.DZ <= 127 {
					s += cs // weight by bytes so both layouts cover the same data
				}
			}
		}
		return s
	}
	if score(MultiWide) > score(MultiNarrow) {
		return MultiWide
	}
	return MultiNarrow
}
