package pathing

import (
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/canon"
	"github.com/shardcore/shardcore/stepcache/chunk"
)

// maxLayerCells bounds the maps the flat layer serves: 44 bits per cell
// (open and regular bits along rows and along columns, pass and reach
// bits of 2 rules × 2 directions along rows and along columns, a byte of
// block bits, a byte of dead bits, a byte of canonical Z), 185 MB at most
// per finder, of which only the pages of the chunks copied in are written
// (see alloc). Britannia's largest maps (7168×4096) fit.
const maxLayerCells = 1 << 25

// layer is a flat copy of the canonical maps of a whole map (one rule set)
// in 64-bit words, for rays that scan 64 cells at a time: open, regular,
// pass and dead bits along rows, open, pass and dead bits along columns
// (each a plane), and a few bytes per cell. A chunk is copied in on first
// use (from the same views the per-chunk scans use) and the copy lives as
// long as the views (the cache's canon epoch). Regular bits are the
// chunk's own; open bits are the OR of every copied map's ring, which is a
// cell's true open bit wherever one of them knows it (a map that does not
// know a cell says 0), and a regular cell's maps know its whole block.
// Searches with dynamics do not use it (their regular bits differ per
// search).
//
// Every line of words has a zero word before and after it, and there is a
// zero line before the first and after the last: cell (x, y) is bit x&63
// of word (y+1)*stride + x>>6 + 1, and no neighbour read needs a bounds
// check.
type layer struct {
	w, h       int // the map, in cells
	wide, high int // and in chunks
	rows, cols plane
	cells      cellBytes
	fills      fillLog
	diag       diagRuns // built by PrepareLayer, dropped by any change
	gen        uint32   // the views generation the copy belongs to
	on         bool     // the search being run uses the layer (JPS.Find)
	fits       bool     // the map fits the layer (see prepare)
}

// plane is one orientation of the layer (rows, or columns transposed): its
// open bits, and the pass and dead bits of straight rays along it.
type plane struct {
	open []uint64
	reg  []uint64 // the regular cells
	// pass[rule][fwd]: the cells a straight ray along a line passes
	// without an event, per diagonal rule and direction (fwd: toward
	// higher positions); see goBits.
	pass [2][2][]uint64
	// reach[rule][fwd]: the cells from which such a ray meets an event
	// before any closed cell: the cells that are not dead (see
	// jps_layer_deadbits.go), kept complemented so that a new plane, all
	// zero, says every cell is dead.
	reach         [2][2][]uint64
	stride, lines int // words per padded line, lines on the map
}

// cellBytes are the layer's bytes per cell (index y*w + x).
type cellBytes struct {
	w int
	// blk holds a regular cell's 3×3 open bits (see blockBits) once its
	// chunk is copied in, 0 for any other cell (a cell a step enters has
	// an open neighbour, so its bits are never 0)
	blk []uint8
	// dead holds which rays from the cell are dead (bit d+rule for
	// cardinal d; see jps_layer_deadbits.go), exact for the cells of the
	// chunks copied in
	dead []uint8
	// z holds the cell's canonical Z (see canon.Z) once its
	// chunk is copied in with records; it is read only where blk is not 0
	// or the chunk's records are known (clear leaves it)
	z []int8
}

// mixedZ is fillLog.levelZ's mark of a chunk whose cells' canonical Zs
// differ.
const mixedZ = -1 << 15

// fillLog is which chunks are copied into the layer.
type fillLog struct {
	filled []uint64       // per chunk (cy*wide + cx)
	chunks []*chunk.Chunk // per chunk: its records, once filled (nil if not resident)
	// levelZ is, per chunk whose records are filled, the canonical Z all
	// its cells share, or mixedZ
	levelZ []int16
	dirty  []int32 // chunks filled since the last clear
	// level says every chunk of the map is filled with records and all
	// their cells stand at levelAt (set by PrepareLayer, dropped by clear)
	level   bool
	levelAt int8
}

// prepare makes the layer serve the current views (map w×h): it forgets
// what it copied for an earlier generation, and a copy of another map
// size altogether (the memory comes with the first search that uses the
// layer: see alloc). It reports whether the map is small enough to use
// the layer.
func (l *layer) prepare(gen uint32, w, h int) bool {
	if w*h > maxLayerCells || w <= 0 || h <= 0 {
		return false
	}
	if l.w != w || l.h != h {
		wide, high := chunk.Grid(w, h)
		*l = layer{w: w, h: h, wide: wide, high: high, gen: gen}
	}
	if l.gen != gen {
		l.clear()
		l.gen = gen
	}
	return true
}

// alloc makes the layer's memory for its map, all zero: nothing copied
// in. Only the pages that chunks are copied into are ever written, so a
// large map's layer takes the memory of the region its searches cover.
func (l *layer) alloc() {
	// Lines and words cover whole chunks: a map whose side is not a
	// multiple of 16 (Tokuno's 1448) has half chunks whose off-map cells a
	// fill copies too (closed: they are zero records).
	cw, ch := l.wide*chunk.Size, l.high*chunk.Size
	l.rows = newPlane((cw+63)/64+2, ch+2, l.h)
	l.cols = newPlane((ch+63)/64+2, cw+2, l.w)
	n := l.wide * l.high
	l.fills = fillLog{filled: make([]uint64, (n+63)/64), chunks: make([]*chunk.Chunk, n), levelZ: make([]int16, n)}
	l.cells = cellBytes{w: cw, blk: make([]uint8, cw*ch), dead: make([]uint8, cw*ch), z: make([]int8, cw*ch)}
}

// newPlane returns a plane of n padded lines of stride words, lines of
// them on the map: nothing open, nothing passes, every cell dead (all
// zero, so the pages of a large map's plane that no chunk is copied into
// are never written).
func newPlane(stride, n, lines int) plane {
	p := plane{open: make([]uint64, n*stride), reg: make([]uint64, n*stride), stride: stride, lines: lines}
	for r := range 2 {
		for f := range 2 {
			p.pass[r][f] = make([]uint64, n*stride)
			p.reach[r][f] = make([]uint64, n*stride)
		}
	}
	return p
}

// clear zeroes what was copied since the last clear.
func (l *layer) clear() {
	l.diag.drop()
	l.fills.level = false
	for _, ci := range l.fills.dirty {
		l.fills.chunks[ci] = nil
		cx, cy := int(ci)%l.wide, int(ci)/l.wide
		l.undeadChunk(cx, cy)
		for r := range 16 {
			clear(l.cells.blk[(cy*16+r)*l.cells.w+cx*16:][:16])
		}
		for r := -1; r <= 16; r++ {
			if y := cy*16 + r; y >= -1 && y <= l.h {
				andNotBits(l.rows.open, (y+1)*l.rows.stride, cx*16-1, 1<<18-1)
				andNotBits(l.rows.reg, (y+1)*l.rows.stride, cx*16, 1<<16-1)
				for _, g := range l.rows.pass {
					andNotBits(g[0], (y+1)*l.rows.stride, cx*16, 1<<16-1)
					andNotBits(g[1], (y+1)*l.rows.stride, cx*16, 1<<16-1)
				}
			}
			if x := cx*16 + r; x >= -1 && x <= l.w {
				andNotBits(l.cols.open, (x+1)*l.cols.stride, cy*16-1, 1<<18-1)
				andNotBits(l.cols.reg, (x+1)*l.cols.stride, cy*16, 1<<16-1)
				for _, g := range l.cols.pass {
					andNotBits(g[0], (x+1)*l.cols.stride, cy*16, 1<<16-1)
					andNotBits(g[1], (x+1)*l.cols.stride, cy*16, 1<<16-1)
				}
			}
		}
	}
	l.fills.dirty = l.fills.dirty[:0]
	clear(l.fills.filled)
}

// PrepareLayer copies every chunk of the finder's map into its flat layer
// now, for mover mv's rule set, as its first searches would chunk by chunk
// while they run: for a benchmark that times queries apart from building
// the grid they run on, as the search libraries it is compared with do.
// The copy is dropped when it would be otherwise (a chunk of the map
// installed or evicted, a multi placed, another map or rule set searched).
// It also builds the diagonal runs and sizes the node store for the map
// (a node for every reservePerCells cells), so the first searches neither
// allocate nor fault memory in. It does nothing for a map too large for
// the layer or a mover the jump search expands in full.
func (s *JPS) PrepareLayer(mv movement.Mover) {
	s.mover.setCaps(mv.Caps)
	s.resyncViews(s.src.canonEpoch(s.live.Map.ID))
	if !s.mover.jumps || !s.layer.fits || s.opt.layerOff {
		return
	}
	if s.layer.rows.open == nil {
		s.layer.alloc()
	}
	for ci := range s.layer.wide * s.layer.high {
		s.fill(ci%s.layer.wide, ci/s.layer.wide)
	}
	if rule := b2i(s.mover.and); !s.layer.diag.ok[rule] {
		s.layer.buildDiagRuns(rule)
	}
	s.layer.fills.level, s.layer.fills.levelAt = s.layer.levelAt()
	s.st.reserve(min(s.live.Map.Width*s.live.Map.Height/reservePerCells, maxReserve))
}

// levelAt reports whether every chunk of the map is filled with records
// and all their cells stand at one Z, and that Z.
func (l *layer) levelAt() (bool, int8) {
	z := l.fills.levelZ[0]
	for ci, c := range l.fills.chunks {
		if c == nil || l.fills.levelZ[ci] != z || z == mixedZ {
			return false, 0
		}
	}
	return true, int8(z)
}

// The scratch PrepareLayer sizes up front (jstore.reserve): a node for
// every reservePerCells cells of the map, maxReserve at most.
const (
	reservePerCells = 8
	maxReserve      = 1 << 16
)

// fill copies chunk (cx, cy)'s canonical map in (nothing when it has none:
// its cells stay not regular).
func (s *JPS) fill(cx, cy int) {
	l := &s.layer
	ci := cy*l.wide + cx
	if l.fills.filled[ci>>6]&(1<<(ci&63)) != 0 {
		return
	}
	l.fills.filled[ci>>6] |= 1 << (ci & 63)
	l.fills.dirty = append(l.fills.dirty, int32(ci))
	l.diag.drop()
	v := s.views.at(cx, cy)
	cn := v.cn
	l.fills.chunks[ci] = v.ch
	x0, y0 := cx*16, cy*16
	if v.ch != nil {
		level := int16(canon.Z(v.ch, 0, s.mover.set))
		for r := range 16 {
			zr := l.cells.z[(y0+r)*l.cells.w+x0:][:16]
			for c := range zr {
				zr[c] = canon.Z(v.ch, r*16+c, s.mover.set)
				if int16(zr[c]) != level {
					level = mixedZ
				}
			}
		}
		l.fills.levelZ[ci] = level
	}
	if cn == nil {
		return
	}
	for r := 0; r < 18; r++ {
		orBits(l.rows.open, (y0+r)*l.rows.stride, x0-1, uint64(cn.Open[r]))
		orBits(l.cols.open, (x0+r)*l.cols.stride, y0-1, uint64(cn.OpenT[r]))
	}
	for r := 0; r < 16; r++ {
		orBits(l.rows.reg, (y0+r+1)*l.rows.stride, x0, uint64(cn.Reg[r]))
		orBits(l.cols.reg, (x0+r+1)*l.cols.stride, y0, uint64(cn.RegT[r]))
		row := l.cells.blk[(y0+r)*l.cells.w+x0:][:16]
		for c := range row {
			if cn.Reg[r]&(1<<c) != 0 {
				row[c] = blockBits[(cn.Open[r]>>c)&7|((cn.Open[r+1]>>c)&7)<<3|((cn.Open[r+2]>>c)&7)<<6]
			}
		}
		gh := goBits(cn.Open[r], cn.Open[r+1], cn.Open[r+2], cn.Reg[r])
		gv := goBits(cn.OpenT[r], cn.OpenT[r+1], cn.OpenT[r+2], cn.RegT[r])
		for rule := range 2 {
			for f := range 2 {
				orBits(l.rows.pass[rule][f], (y0+r+1)*l.rows.stride, x0, uint64(gh[rule][f]))
				orBits(l.cols.pass[rule][f], (x0+r+1)*l.cols.stride, y0, uint64(gv[rule][f]))
			}
		}
	}
	l.redeadChunk(cx, cy)
}

// goBits returns the cells of a 16-cell segment (its row m and the rows n
// and so on either side, 18-bit rows: bit j is position j-1; reg its
// regular bits) that a straight ray passes without an event, per diagonal
// rule (0: creature, 1: player) and direction (0: toward lower positions,
// 1: higher): open, regular and without a forced neighbour (see forcedFwd).
// A regular cell's chunk knows its whole block, so the chunk's own map
// gives these bits exactly.
func goBits(n, m, so uint32, reg uint16) (g [2][2]uint16) {
	pass := uint32(reg) << 1 & m
	forced := [2][2]uint32{
		{(m << 1) & ((^n & (n << 1)) | (^so & (so << 1))), (m >> 1) & ((^n & (n >> 1)) | (^so & (so >> 1)))},
		{(n &^ (n >> 1)) | (so &^ (so >> 1)), (n &^ (n << 1)) | (so &^ (so << 1))},
	}
	for rule := range 2 {
		for f := range 2 {
			g[rule][f] = uint16((pass &^ forced[rule][f]) >> 1)
		}
	}
	return g
}

// orBits ORs bits (bit i: position at+i, at ≥ -1) into the padded line of
// words at base.
func orBits(a []uint64, base, at int, bits uint64) {
	p := at + 64
	w, off := base+p>>6, uint(p&63)
	a[w] |= bits << off
	if off != 0 {
		a[w+1] |= bits >> (64 - off)
	}
}

// andNotBits clears mask (bit i: position at+i, at ≥ -1) in the padded
// line of words at base.
func andNotBits(a []uint64, base, at int, mask uint64) {
	p := at + 64
	w, off := base+p>>6, uint(p&63)
	a[w] &^= mask << off
	if off != 0 {
		a[w+1] &^= mask >> (64 - off)
	}
}
