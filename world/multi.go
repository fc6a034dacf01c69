package world

import "fmt"

// MultiComponent is one item tile of a multi, offset from the multi's origin.
type MultiComponent struct {
	ItemID     uint16
	DX, DY, DZ int16
	Flags      uint32
	Cliloc     uint32 // only in the 16-byte (7.0.9.0+) layout
}

// MultiDef is a multi's footprint: its components as multi.mul lists them.
type MultiDef struct {
	ID         int
	Components []MultiComponent
}

// Bounds returns the footprint's offsets: min and max DX, DY. An empty
// footprint is the single origin cell.
func (d *MultiDef) Bounds() (minX, minY, maxX, maxY int) {
	for i, c := range d.Components {
		x, y := int(c.DX), int(c.DY)
		if i == 0 {
			minX, minY, maxX, maxY = x, y, x, y
			continue
		}
		minX, minY, maxX, maxY = min(minX, x), min(minY, y), max(maxX, x), max(maxY, y)
	}
	return
}

// Multi is a placed multi (a house, a boat): a footprint at an origin.
type Multi struct {
	Def     *MultiDef
	X, Y, Z int

	// cell index over the footprint's bounding box, built on placement
	minX, minY, w, h int
	cellStart        []uint16 // len w*h+1, into cellTiles
	cellTiles        []Tile
}

// NewMulti places def at (x, y, z).
func NewMulti(def *MultiDef, x, y, z int) *Multi {
	mu := &Multi{Def: def, X: x, Y: y, Z: z}
	minX, minY, maxX, maxY := def.Bounds()
	mu.minX, mu.minY = x+minX, y+minY
	mu.w, mu.h = maxX-minX+1, maxY-minY+1
	counts := make([]uint16, mu.w*mu.h+1)
	for _, c := range def.Components {
		counts[(int(c.DY)-minY)*mu.w+int(c.DX)-minX+1]++
	}
	for i := 1; i < len(counts); i++ {
		counts[i] += counts[i-1]
	}
	mu.cellStart = counts
	mu.cellTiles = make([]Tile, len(def.Components))
	fill := make([]uint16, mu.w*mu.h)
	for _, c := range def.Components {
		ci := (int(c.DY)-minY)*mu.w + int(c.DX) - minX
		mu.cellTiles[int(counts[ci])+int(fill[ci])] = Tile{ID: c.ItemID, Z: int8(z + int(c.DZ))}
		fill[ci]++
	}
	return mu
}

// Rect returns the map cells the footprint's bounding box covers: [x0,x1]×[y0,y1].
func (mu *Multi) Rect() (x0, y0, x1, y1 int) {
	return mu.minX, mu.minY, mu.minX + mu.w - 1, mu.minY + mu.h - 1
}

// TilesAt returns the multi's tiles on map cell (x, y), in component order.
func (mu *Multi) TilesAt(x, y int) []Tile {
	lx, ly := x-mu.minX, y-mu.minY
	if lx < 0 || ly < 0 || lx >= mu.w || ly >= mu.h {
		return nil
	}
	ci := ly*mu.w + lx
	return mu.cellTiles[mu.cellStart[ci]:mu.cellStart[ci+1]]
}

// multiIndex records which sectors hold multis.
type multiIndex struct {
	sectorsWide, sectorsHigh int
	bits                     []uint64
	bySector                 map[int][]*Multi
	all                      []*Multi
	version                  uint64
}

func (ix *multiIndex) init(width, height int) {
	ix.sectorsWide = (width + SectorSize - 1) / SectorSize
	ix.sectorsHigh = (height + SectorSize - 1) / SectorSize
	ix.bits = make([]uint64, (ix.sectorsWide*ix.sectorsHigh+63)/64)
	ix.bySector = map[int][]*Multi{}
}

func (ix *multiIndex) sector(x, y int) int { return (x/SectorSize)*ix.sectorsHigh + y/SectorSize }

// AddMulti places mu on the map and registers it with every sector its
// bounding box touches. A multi whose box leaves the map is an error.
func (m *Map) AddMulti(mu *Multi) error {
	x0, y0, x1, y1 := mu.Rect()
	if !m.InBounds(x0, y0) || !m.InBounds(x1, y1) {
		return fmt.Errorf("world: multi %d at (%d,%d) covers (%d,%d)-(%d,%d), off the %dx%d map",
			mu.Def.ID, mu.X, mu.Y, x0, y0, x1, y1, m.Width, m.Height)
	}
	ix := &m.multis
	for sx := x0 / SectorSize; sx <= x1/SectorSize; sx++ {
		for sy := y0 / SectorSize; sy <= y1/SectorSize; sy++ {
			s := sx*ix.sectorsHigh + sy
			ix.bySector[s] = append(ix.bySector[s], mu)
			ix.bits[s>>6] |= 1 << (s & 63)
		}
	}
	ix.all = append(ix.all, mu)
	ix.version++
	return nil
}

// RemoveMulti takes mu off the map; it reports whether mu was there.
func (m *Map) RemoveMulti(mu *Multi) bool {
	ix := &m.multis
	found := false
	for i, o := range ix.all {
		if o == mu {
			ix.all = append(ix.all[:i], ix.all[i+1:]...)
			found = true
			break
		}
	}
	if !found {
		return false
	}
	x0, y0, x1, y1 := mu.Rect()
	for sx := x0 / SectorSize; sx <= x1/SectorSize; sx++ {
		for sy := y0 / SectorSize; sy <= y1/SectorSize; sy++ {
			s := sx*ix.sectorsHigh + sy
			list := ix.bySector[s]
			for i, o := range list {
				if o == mu {
					list = append(list[:i], list[i+1:]...)
					break
				}
			}
			if len(list) == 0 {
				delete(ix.bySector, s)
				ix.bits[s>>6] &^= 1 << (s & 63)
			} else {
				ix.bySector[s] = list
			}
		}
	}
	ix.version++
	return true
}

// Multis returns the placed multis. The slice must not be modified.
func (m *Map) Multis() []*Multi { return m.multis.all }

// MultisVersion changes whenever a multi is added or removed.
func (m *Map) MultisVersion() uint64 { return m.multis.version }

// HasMultis reports whether the sector of (x, y) holds any multi.
func (m *Map) HasMultis(x, y int) bool {
	if !m.InBounds(x, y) || len(m.multis.all) == 0 {
		return false
	}
	s := m.multis.sector(x, y)
	return m.multis.bits[s>>6]&(1<<(s&63)) != 0
}

// HasMultisNear reports whether the sector of (x, y) or of any cell of its
// 1-cell halo holds a multi.
func (m *Map) HasMultisNear(x, y int) bool {
	if len(m.multis.all) == 0 {
		return false
	}
	for _, dx := range [3]int{-1, 0, 1} {
		for _, dy := range [3]int{-1, 0, 1} {
			if m.HasMultis(x+dx, y+dy) {
				return true
			}
		}
	}
	return false
}

// MultiTilesAt appends to dst the tiles of every multi standing on (x, y).
func (m *Map) MultiTilesAt(x, y int, dst []Tile) []Tile {
	if !m.HasMultis(x, y) {
		return dst
	}
	for _, mu := range m.multis.bySector[m.multis.sector(x, y)] {
		dst = append(dst, mu.TilesAt(x, y)...)
	}
	return dst
}
