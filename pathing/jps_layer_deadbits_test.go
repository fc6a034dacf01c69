package pathing

import (
	"math/rand"
	"testing"
)

// TestLayerDeadBits checks the flat layer's dead bits against their
// definition, cell by cell (walk the ray over the pass bits to its first
// stop; dead when that cell is closed), while chunks are copied in one at
// a time in a random order, and after the layer is cleared and refilled.
func TestLayerDeadBits(t *testing.T) {
	for _, bm := range loadBench(t) {
		if bm.name != "den312d.map" && bm.name != "ht_chantry.map" {
			continue
		}
		s := NewJPS(warmCache(t, &bm, bm.rules), bm.rules)
		s.UseLineProbe(false)
		var res Result
		req := ScenarioRequest(bm.scens[len(bm.scens)-1], Octile, bm.w, bm.h)
		s.Find(&req, &res) // prepares the views and the layer, copies some chunks in
		l := &s.layer
		rng := rand.New(rand.NewSource(1))
		for round := range 2 {
			order := rng.Perm(l.wide * l.high)
			for i, ci := range order {
				s.fill(ci%l.wide, ci/l.wide)
				if i%(len(order)/40+1) == 0 || i == len(order)-1 {
					checkDead(t, bm.name, l)
				}
			}
			if round == 0 { // a new views generation: the layer is cleared
				l.prepare(l.gen+1, l.w, l.h)
				checkDead(t, bm.name+" cleared", l)
			}
		}
	}
}

// checkDead compares every dead bit of l with its definition, and the
// dead bytes of the cells of the chunks copied in with the bits.
func checkDead(t *testing.T, name string, l *layer) {
	t.Helper()
	for ci := range l.wide * l.high {
		if l.fills.filled[ci>>6]&(1<<uint(ci&63)) == 0 {
			continue
		}
		x0, y0 := ci%l.wide*16, ci/l.wide*16
		for y := y0; y < y0+16; y++ {
			for x := x0; x < x0+16; x++ {
				if got, want := l.cells.dead[y*l.cells.w+x], l.deadByte(x, y); got != want {
					t.Fatalf("%s: cell (%d, %d): dead byte %08b, want %08b", name, x, y, got, want)
				}
			}
		}
	}
	for _, pl := range []struct {
		p    *plane
		dead [2][2][]uint64
	}{{&l.rows, l.rows.reach}, {&l.cols, l.cols.reach}} {
		p, stride := pl.p, pl.p.stride
		lines := len(p.open) / stride
		bit := func(a []uint64, line, pos int) bool {
			if pos < -64 || pos >= (stride-1)*64 {
				return false
			}
			return a[line*stride+(pos+64)>>6]&(1<<uint((pos+64)&63)) != 0
		}
		for rule := range 2 {
			for f := range 2 {
				step := 2*f - 1
				for line := range lines {
					for pos := 0; pos < (stride-2)*64; pos++ {
						q := pos
						for bit(p.pass[rule][f], line, q) {
							q += step
						}
						want := !bit(p.open, line, q)
						if got := !bit(pl.dead[rule][f], line, pos); got != want {
							t.Fatalf("%s: rule %d fwd %d line %d pos %d: dead %v, want %v (first stop %d)", name, rule, f, line-1, pos, got, want, q)
						}
					}
				}
			}
		}
	}
}

// deadByte is (x, y)'s dead byte as the planes give it: bit d+rule set
// when the ray from (x, y) in cardinal d (its first cell the neighbour)
// is dead for the rule.
func (l *layer) deadByte(x, y int) uint8 {
	var b uint8
	for rule := range 2 {
		for f := range 2 {
			if h := x + 2*f - 1; l.rows.reach[rule][f][(y+1)*l.rows.stride+(h+64)>>6]&(1<<uint((h+64)&63)) == 0 {
				b |= 1 << (uint(deadDir[0][f]) + uint(rule))
			}
			if v := y + 2*f - 1; l.cols.reach[rule][f][(x+1)*l.cols.stride+(v+64)>>6]&(1<<uint((v+64)&63)) == 0 {
				b |= 1 << (uint(deadDir[1][f]) + uint(rule))
			}
		}
	}
	return b
}
