package pathing

import (
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/canon"
	"github.com/shardcore/shardcore/stepcache/chunk"
)

// maxLayerCells bounds the maps the flat layer serves: 43 bits per cell
// (open rows and columns, regular rows, pass and dead bits of 2 rules × 2
// directions along rows and along columns, a byte of block bits, a byte
// of dead bits, a byte of canonical Z), 21.5 MB at most per finder.
const maxLayerCells = 1 << 22

// layer is a flat copy of the canonical maps of a whole map (one rule set)
// in 64-bit words, for rays that scan 64 cells at a time: open and regular
// bits row by row, open bits column by column, and the pass bits a scan
// reads (see goBits) along both. A chunk is
// copied in on first use (from the same views the per-chunk scans use) and
// the copy lives as long as the views (the cache's canon epoch). Regular
// bits are the chunk's own; open bits are the OR of every copied map's
// ring, which is a cell's true open bit wherever one of them knows it (a
// map that does not know a cell says 0), and a regular cell's maps know
// its whole block. Searches with dynamics do not use it (their regular
// bits differ per search).
//
// Every line of words has a zero word before and after it, and there is a
// zero line before the first and after the last: cell (x, y) is bit x&63
// of word (y+1)*stride + x>>6 + 1, and no neighbour read needs a bounds
// check.
type layer struct {
	w, h       int
	sh, sv     int // words per line with padding: rows, columns
	wide, high int // chunks
	open, reg  []uint64
	openT      []uint64
	filled     []uint64       // per chunk (cy*wide + cx)
	chunks     []*chunk.Chunk // per chunk: its records, once filled (nil if not resident)
	dirty      []int32        // chunks filled since the last clear
	gen        uint32         // the views generation the copy belongs to
	rows, cols plane          // the above as scans along rows and columns read them
	// goH[rule][fwd] and goV[rule][fwd]: the cells a straight ray along a
	// row (column) passes without an event, per diagonal rule and
	// direction (fwd: toward higher positions); see goBits.
	goH, goV [2][2][]uint64
	// deadH[rule][fwd] and deadV[rule][fwd]: the cells from which such a
	// ray ends at a closed cell without an event (see jps_layer_dead.go).
	deadH, deadV [2][2][]uint64
	// blk holds, per cell (y*bw + x), a regular cell's 3×3 open bits (see
	// blockBits) once its chunk is copied in, 0 for any other cell (a cell
	// a step enters has an open neighbour, so its bits are never 0)
	blk []uint8
	bw  int
	// deadAt holds, per cell (y*bw + x), which rays from it are dead (bit
	// d+rule for cardinal d; see jps_layer_dead.go), exact for the cells
	// of the chunks copied in
	deadAt []uint8
	// zAt holds, per cell (y*bw + x), its canonical Z (see
	// canon.Z) once its chunk is copied in with records; it is
	// read only where blk is not 0 or chunks is not nil (clear leaves it)
	zAt []int8
}

// prepare makes the layer serve the current views (map w×h): it forgets
// what it copied for an earlier generation. It reports whether the map is
// small enough to use the layer.
func (l *layer) prepare(gen uint32, w, h int) bool {
	if w*h > maxLayerCells || w <= 0 || h <= 0 {
		return false
	}
	if l.w != w || l.h != h || l.open == nil {
		// Lines and words cover whole chunks: a map whose side is not a
		// multiple of 16 (Tokuno's 1448) has half chunks whose off-map
		// cells a fill copies too (closed: they are zero records).
		wide, high := chunk.Grid(w, h)
		cw, ch := wide*chunk.Size, high*chunk.Size
		*l = layer{w: w, h: h, sh: (cw+63)/64 + 2, sv: (ch+63)/64 + 2, wide: wide, high: high}
		l.open = make([]uint64, (ch+2)*l.sh)
		l.reg = make([]uint64, (ch+2)*l.sh)
		l.openT = make([]uint64, (cw+2)*l.sv)
		l.filled = make([]uint64, (l.wide*l.high+63)/64)
		l.chunks = make([]*chunk.Chunk, l.wide*l.high)
		l.blk, l.bw = make([]uint8, cw*ch), cw
		l.deadAt = make([]uint8, cw*ch)
		l.zAt = make([]int8, cw*ch)
		for r := range 2 {
			for f := range 2 {
				l.goH[r][f] = make([]uint64, (ch+2)*l.sh)
				l.goV[r][f] = make([]uint64, (cw+2)*l.sv)
				l.deadH[r][f] = newDead((ch + 2) * l.sh)
				l.deadV[r][f] = newDead((cw + 2) * l.sv)
			}
		}
		l.gen = gen
		l.rows = plane{open: l.open, stride: l.sh, lines: l.h, pass: l.goH}
		l.cols = plane{open: l.openT, stride: l.sv, lines: l.w, pass: l.goV}
	}
	if l.gen != gen {
		l.clear()
		l.gen = gen
	}
	return true
}

// clear zeroes what was copied since the last clear.
func (l *layer) clear() {
	for _, ci := range l.dirty {
		l.chunks[ci] = nil
		cx, cy := int(ci)%l.wide, int(ci)/l.wide
		l.undeadChunk(cx, cy)
		for r := range 16 {
			clear(l.blk[(cy*16+r)*l.bw+cx*16:][:16])
		}
		for r := -1; r <= 16; r++ {
			if y := cy*16 + r; y >= -1 && y <= l.h {
				andNotBits(l.open, (y+1)*l.sh, cx*16-1, 1<<18-1)
				andNotBits(l.reg, (y+1)*l.sh, cx*16, 1<<16-1)
				for _, g := range l.goH {
					andNotBits(g[0], (y+1)*l.sh, cx*16, 1<<16-1)
					andNotBits(g[1], (y+1)*l.sh, cx*16, 1<<16-1)
				}
			}
			if x := cx*16 + r; x >= -1 && x <= l.w {
				andNotBits(l.openT, (x+1)*l.sv, cy*16-1, 1<<18-1)
				for _, g := range l.goV {
					andNotBits(g[0], (x+1)*l.sv, cy*16, 1<<16-1)
					andNotBits(g[1], (x+1)*l.sv, cy*16, 1<<16-1)
				}
			}
		}
	}
	l.dirty = l.dirty[:0]
	clear(l.filled)
}

// PrepareLayer copies every chunk of the finder's map into its flat layer
// now, for mover mv's rule set, as its first searches would chunk by chunk
// while they run: for a benchmark that times queries apart from building
// the grid they run on, as the search libraries it is compared with do.
// The copy is dropped when it would be otherwise (a chunk of the map
// installed or evicted, a multi placed, another map or rule set searched).
// It does nothing for a map too large for the layer or a mover the jump
// search expands in full.
func (s *JPS) PrepareLayer(mv movement.Mover) {
	s.setCaps(mv.Caps)
	s.resyncViews(s.src.canonEpoch(s.live.Map.ID))
	if !s.jumps || !s.layerFits || s.layerOff {
		return
	}
	for ci := range s.layer.wide * s.layer.high {
		s.fill(ci%s.layer.wide, ci/s.layer.wide)
	}
}

// fill copies chunk (cx, cy)'s canonical map in (nothing when it has none:
// its cells stay not regular).
func (s *JPS) fill(cx, cy int) {
	l := &s.layer
	ci := cy*l.wide + cx
	if l.filled[ci>>6]&(1<<(ci&63)) != 0 {
		return
	}
	l.filled[ci>>6] |= 1 << (ci & 63)
	l.dirty = append(l.dirty, int32(ci))
	v := s.view(cx, cy)
	cn := v.cn
	l.chunks[ci] = v.ch
	x0, y0 := cx*16, cy*16
	if v.ch != nil {
		for r := range 16 {
			zr := l.zAt[(y0+r)*l.bw+x0:][:16]
			for c := range zr {
				zr[c] = canon.Z(v.ch, r*16+c, s.set)
			}
		}
	}
	if cn == nil {
		return
	}
	for r := 0; r < 18; r++ {
		orBits(l.open, (y0+r)*l.sh, x0-1, uint64(cn.Open[r]))
		orBits(l.openT, (x0+r)*l.sv, y0-1, uint64(cn.OpenT[r]))
	}
	for r := 0; r < 16; r++ {
		orBits(l.reg, (y0+r+1)*l.sh, x0, uint64(cn.Reg[r]))
		row := l.blk[(y0+r)*l.bw+x0:][:16]
		for c := range row {
			if cn.Reg[r]&(1<<c) != 0 {
				row[c] = blockBits[(cn.Open[r]>>c)&7|((cn.Open[r+1]>>c)&7)<<3|((cn.Open[r+2]>>c)&7)<<6]
			}
		}
		gh := goBits(cn.Open[r], cn.Open[r+1], cn.Open[r+2], cn.Reg[r])
		gv := goBits(cn.OpenT[r], cn.OpenT[r+1], cn.OpenT[r+2], cn.RegT[r])
		for rule := range 2 {
			for f := range 2 {
				orBits(l.goH[rule][f], (y0+r+1)*l.sh, x0, uint64(gh[rule][f]))
				orBits(l.goV[rule][f], (x0+r+1)*l.sv, y0, uint64(gv[rule][f]))
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
