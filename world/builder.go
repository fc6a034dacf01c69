package world

import "fmt"

// Builder assembles a map cell by cell (generators, grid loaders) and then
// packs it into the block layout. It is not safe for concurrent use.
type Builder struct {
	m       *Map
	pending [][]Static // per block
}

// NewBuilder starts a map of the given size with zero land and no statics.
func NewBuilder(id MapID, width, height int) (*Builder, error) {
	m, err := NewMap(id, width, height)
	if err != nil {
		return nil, err
	}
	return &Builder{m: m, pending: make([][]Static, m.BlockCount())}, nil
}

// Width and Height give the map's size.
func (b *Builder) Width() int  { return b.m.Width }
func (b *Builder) Height() int { return b.m.Height }

// SetLand sets the land tile of (x, y).
func (b *Builder) SetLand(x, y int, id uint16, z int8) { b.m.SetLand(x, y, LandCell{ID: id, Z: z}) }

// Land reads back the land tile of (x, y).
func (b *Builder) Land(x, y int) LandCell { return b.m.Land(x, y) }

// AddStatic places a static tile at (x, y); tiles of one cell keep the order
// they were added in. Off-map cells are an error.
func (b *Builder) AddStatic(x, y int, id uint16, z int8, hue int16) error {
	if !b.m.InBounds(x, y) {
		return fmt.Errorf("world: static 0x%04X at (%d,%d) is off the %dx%d map", id, x, y, b.m.Width, b.m.Height)
	}
	bi := b.m.BlockIndex(x, y)
	b.pending[bi] = append(b.pending[bi], Static{ID: id, Hue: hue, Z: z, Cell: uint8((y&7)*8 + (x & 7))})
	return nil
}

// ClearStatics removes every static tile of (x, y).
func (b *Builder) ClearStatics(x, y int) {
	if !b.m.InBounds(x, y) {
		return
	}
	bi := b.m.BlockIndex(x, y)
	cell := uint8((y&7)*8 + (x & 7))
	kept := b.pending[bi][:0]
	for _, s := range b.pending[bi] {
		if s.Cell != cell {
			kept = append(kept, s)
		}
	}
	b.pending[bi] = kept
}

// Build packs the statics and returns the map. The builder must not be used
// afterwards.
func (b *Builder) Build() (*Map, error) {
	n := 0
	for _, p := range b.pending {
		n += len(p)
	}
	start := make([]uint32, len(b.pending)+1)
	statics := make([]Static, 0, n)
	for i, p := range b.pending {
		start[i] = uint32(len(statics))
		statics = append(statics, p...)
	}
	start[len(b.pending)] = uint32(len(statics))
	m, err := NewMapFromBlocks(b.m.ID, b.m.Width, b.m.Height, b.m.land, start, statics)
	b.m, b.pending = nil, nil
	return m, err
}
