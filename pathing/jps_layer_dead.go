package pathing

import "math/bits"

// Dead bits: per cell, rule and direction along rows (deadH) and columns
// (deadV), whether a straight ray from the cell in that direction first
// stops, at or after the cell, at a closed cell: it passes every cell
// before that one (see goBits), so it would end without a node. A ray
// that crosses no goal line and starts on a dead cell is not scanned at
// all (see subRay.live): among the rays a diagonal step or a jump node
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

// newDead returns a plane of n words, all dead.
func newDead(n int) []uint64 {
	d := make([]uint64, n)
	for i := range d {
		d[i] = ^uint64(0)
	}
	return d
}

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

// redead recomputes the dead bits of the padded line at base (stride
// words) after its pass or open bits changed in words lo..hi (line
// indices, padding excluded), both directions, both rules.
func redead(p *plane, dead *[2][2][]uint64, base, stride, lo, hi int) {
	open := p.open[base : base+stride]
	for rule := range 2 {
		// toward higher positions: from hi down
		pass, d := p.pass[rule][1][base:base+stride], dead[rule][1][base:base+stride]
		for k := hi; k >= 1; k-- {
			v := deadFwd(pass[k], open[k], d[k+1]&1)
			if k < lo && v == d[k] {
				break
			}
			d[k] = v
		}
		// toward lower positions: from lo up
		pass, d = p.pass[rule][0][base:base+stride], dead[rule][0][base:base+stride]
		for k := lo; k <= stride-2; k++ {
			v := deadBack(pass[k], open[k], d[k-1]>>63)
			if k > hi && v == d[k] {
				break
			}
			d[k] = v
		}
	}
}

// redeadChunk recomputes the dead bits of the lines through chunk (cx,
// cy)'s ring after a fill.
func (l *layer) redeadChunk(cx, cy int) {
	x0, y0 := cx*16, cy*16
	// the ring's positions x0-1..x0+16 in padded words (position p is
	// word (p+64)>>6)
	xlo, xhi := max((x0+63)>>6, 1), min((x0+80)>>6, l.sh-2)
	ylo, yhi := max((y0+63)>>6, 1), min((y0+80)>>6, l.sv-2)
	for r := -1; r <= 16; r++ {
		redead(&l.rows, &l.deadH, (y0+r+1)*l.sh, l.sh, xlo, xhi)
		redead(&l.cols, &l.deadV, (x0+r+1)*l.sv, l.sv, ylo, yhi)
	}
}

// undeadChunk makes the cells of chunk (cx, cy)'s ring dead again (clear).
func (l *layer) undeadChunk(cx, cy int) {
	for r := -1; r <= 16; r++ {
		for rule := range 2 {
			for f := range 2 {
				orBits(l.deadH[rule][f], (cy*16+r+1)*l.sh, cx*16-1, 1<<18-1)
				orBits(l.deadV[rule][f], (cx*16+r+1)*l.sv, cy*16-1, 1<<18-1)
			}
		}
	}
}
