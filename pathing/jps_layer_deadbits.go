package pathing

import (
	"math/bits"

	"github.com/shardcore/shardcore/movement"
)

// Dead bits: per cell, rule and direction along rows (deadH) and columns
// (deadV), whether a straight ray from the cell in that direction first
// stops, at or after the cell, at a closed cell: it passes every cell
// before that one (see goBits), so it would end without a node. A ray
// that crosses no goal line and starts on a dead cell is not scanned at
// all (see deadRays): among the rays a diagonal step or a jump node
// starts, most are.
//
// The bits follow the layer's pass and open bits: a cell that does not
// pass is dead exactly when it is closed, one that passes is dead when
// the next cell of the ray is. A cell no copied map knows neither passes
// nor is open, so it is dead; that is every cell before any fill and
// after a clear. A fill changes the pass and open bits of its chunk's
// ring only, so it recomputes each line through the ring from there back
// against the ray's direction, word by word, until a word past the ring
// comes out unchanged.

// deadFwd is one word of dead bits for rays toward higher positions from
// its pass and open bits; carry is the next word's first dead bit.
func deadFwd(pass, open, carry uint64) uint64 {
	// occluded fill: the closed cells' bits spread down over passing cells
	g, p := ^open, pass
	g |= p & (g >> 1)
	p &= p >> 1
	g |= p & (g >> 2)
	p &= p >> 2
	g |= p & (g >> 4)
	p &= p >> 4
	g |= p & (g >> 8)
	p &= p >> 8
	g |= p & (g >> 16)
	p &= p >> 16
	g |= p & (g >> 32)
	top := ^uint64(0) << uint(64-bits.LeadingZeros64(^pass)) // the cells above the last stop
	return g | top&-carry
}

// deadBack is deadFwd for rays toward lower positions; carry is the
// previous word's last dead bit.
func deadBack(pass, open, carry uint64) uint64 {
	g, p := ^open, pass
	g |= p & (g << 1)
	p &= p << 1
	g |= p & (g << 2)
	p &= p << 2
	g |= p & (g << 4)
	p &= p << 4
	g |= p & (g << 8)
	p &= p << 8
	g |= p & (g << 16)
	p &= p << 16
	g |= p & (g << 32)
	bottom := uint64(1)<<uint(bits.TrailingZeros64(^pass)) - 1 // the cells below the first stop
	return g | bottom&-carry
}

// redead recomputes the dead bits of a line (a row, or a column when
// vertical) after its pass or open bits changed in words lo..hi (padded
// word indices), both directions, both rules, and the dead bytes of the
// cells whose bits changed.
func (l *layer) redead(vertical bool, line, lo, hi int) {
	p := &l.rows
	if vertical {
		p = &l.cols
	}
	reach, stride := &p.reach, p.stride
	base := (line + 1) * stride
	open := p.open[base : base+stride]
	for rule := range 2 {
		// toward higher positions: from hi down
		pass, a := p.pass[rule][1][base:base+stride], reach[rule][1][base:base+stride]
		for k := hi; k >= 1; k-- {
			v, d := deadFwd(pass[k], open[k], ^a[k+1]&1), ^a[k]
			if v == d {
				if k < lo {
					break
				}
				continue
			}
			l.markDead(vertical, line, rule, 1, k, v^d, v)
			a[k] = ^v
		}
		// toward lower positions: from lo up
		pass, a = p.pass[rule][0][base:base+stride], reach[rule][0][base:base+stride]
		for k := lo; k <= stride-2; k++ {
			v, d := deadBack(pass[k], open[k], ^a[k-1]>>63), ^a[k]
			if v == d {
				if k > hi {
					break
				}
				continue
			}
			l.markDead(vertical, line, rule, 0, k, v^d, v)
			a[k] = ^v
		}
	}
}

// deadDir is the direction of the rays a dead plane describes, by
// orientation (vertical) and fwd.
var deadDir = [2][2]movement.Dir{{movement.West, movement.East}, {movement.North, movement.South}}

// markDead copies the bits changed in word k of a line's dead plane
// (rule, fwd; v its new bits) into the dead bytes of the cells whose rays
// start there: bit dir+rule of the cell before the position, along the
// ray.
func (l *layer) markDead(vertical bool, line, rule, fwd, k int, changed, v uint64) {
	bw, bh := l.cells.w, len(l.cells.dead)/l.cells.w
	along, across := bw, bh // positions along the line, and lines
	if vertical {
		along, across = bh, bw
	}
	if uint(line) >= uint(across) {
		return
	}
	b := uint8(1) << (uint(deadDir[b2i(vertical)][fwd]) + uint(rule))
	for ; changed != 0; changed &= changed - 1 {
		j := bits.TrailingZeros64(changed)
		c := (k-1)*64 + j - (2*fwd - 1) // the cell before position (k-1)*64+j
		if uint(c) >= uint(along) {
			continue
		}
		i := line*bw + c
		if vertical {
			i = c*bw + line
		}
		if v&(1<<uint(j)) != 0 {
			l.cells.dead[i] |= b
		} else {
			l.cells.dead[i] &^= b
		}
	}
}

// redeadChunk recomputes the dead bits of the lines through chunk (cx,
// cy)'s ring after a fill, and writes the dead bytes of its cells.
func (l *layer) redeadChunk(cx, cy int) {
	x0, y0 := cx*16, cy*16
	// the ring's positions x0-1..x0+16 in padded words (position p is
	// word (p+64)>>6)
	xlo, xhi := max((x0+63)>>6, 1), min((x0+80)>>6, l.rows.stride-2)
	ylo, yhi := max((y0+63)>>6, 1), min((y0+80)>>6, l.cols.stride-2)
	for r := -1; r <= 16; r++ {
		l.redead(false, y0+r, xlo, xhi)
		l.redead(true, x0+r, ylo, yhi)
	}
	l.writeDead(x0, y0)
}

// writeDead writes the dead bytes of the chunk at (x0, y0) from the
// planes, 16 bits of a line at a time (the tests' deadByte, bit by bit,
// is its reference).
func (l *layer) writeDead(x0, y0 int) {
	row := l.cells.dead[y0*l.cells.w+x0:]
	for j := range 16 {
		clear(row[j*l.cells.w:][:16])
	}
	for rule := range 2 {
		for f := range 2 {
			hb := uint8(1) << (uint(deadDir[0][f]) + uint(rule))
			vb := uint8(1) << (uint(deadDir[1][f]) + uint(rule))
			for j := range 16 {
				// row y0+j: the rays' first cells are x0+2f-1 ...
				h := ^lineBits(l.rows.reach[rule][f], (y0+j+1)*l.rows.stride, x0+2*f-1)
				// column x0+j: the rays' first cells are y0+2f-1 ...
				v := ^lineBits(l.cols.reach[rule][f], (x0+j+1)*l.cols.stride, y0+2*f-1)
				for b := range 16 {
					if h&(1<<b) != 0 {
						row[j*l.cells.w+b] |= hb
					}
					if v&(1<<b) != 0 {
						row[b*l.cells.w+j] |= vb
					}
				}
			}
		}
	}
}

// lineBits is the 16 bits of the padded line of words at base from
// position at (≥ -1) on.
func lineBits(a []uint64, base, at int) uint16 {
	p := at + 64
	w, off := base+p>>6, uint(p&63)
	b := a[w] >> off
	if off > 48 {
		b |= a[w+1] << (64 - off)
	}
	return uint16(b)
}

// undeadChunk makes the cells of chunk (cx, cy)'s ring dead again (clear).
func (l *layer) undeadChunk(cx, cy int) {
	for r := -1; r <= 16; r++ {
		for rule := range 2 {
			for f := range 2 {
				andNotBits(l.rows.reach[rule][f], (cy*16+r+1)*l.rows.stride, cx*16-1, 1<<18-1)
				andNotBits(l.cols.reach[rule][f], (cx*16+r+1)*l.cols.stride, cy*16-1, 1<<18-1)
			}
		}
	}
}
