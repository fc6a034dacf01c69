package pathing

import (
	"slices"
	"testing"

	"github.com/shardcore/shardcore/movement"
)

// TestDiagRunsMatchCells: after PrepareLayer, every cell's run, per rule
// and diagonal, is the count of quiet cells from it on along the diagonal,
// walked cell by cell to the map's edge (at most 255).
func TestDiagRunsMatchCells(t *testing.T) {
	for _, name := range []string{"64room_000.map", "den312d.map"} {
		bm := benchMapNamed(t, name)
		s := NewJPS(warmCache(t, bm, bm.rules), bm.rules)
		s.PrepareLayer(movement.Mover{Caps: movement.Player})
		s.PrepareLayer(movement.Mover{}) // the creatures' rule too
		l := &s.layer
		if l.diag.ok != [2]bool{true, true} {
			t.Fatalf("%s: diagonal runs %v after PrepareLayer for both rules", name, l.diag.ok)
		}
		cw := l.cells.w
		ch := len(l.cells.blk) / cw
		quietCells, long := 0, 0
		for rule := range 2 {
			for q := range 4 {
				c, tbl := &diagConst[q], &diagStep[rule][q]
				for y := range ch {
					for x := range cw {
						want := 0
						for cx, cy := x, y; cx >= 0 && cy >= 0 && cx < cw && cy < ch && want < 255; cx, cy = cx+c.dx, cy+c.dy {
							i := cy*cw + cx
							if !diagQuiet(tbl, c, uint(rule), l.cells.blk[i], l.cells.dead[i]) {
								break
							}
							want++
						}
						if got := int(l.diag.runs[rule][q][y*cw+x]); got != want {
							t.Fatalf("%s rule %d diagonal %d cell (%d, %d): run %d, walked %d", name, rule, 2*q+1, x, y, got, want)
						}
						if want > 0 {
							quietCells++
						}
						if want > 1 {
							long++
						}
					}
				}
			}
		}
		if long == 0 {
			t.Fatalf("%s: no run longer than one cell (%d quiet): nothing to pass at once", name, quietCells)
		}
	}
}

// TestJPSDiagRunsSameSearch: a prepared finder that passes diagonal runs
// at once answers every scenario as one that steps them cell by cell: the
// same cost, path and expansions, under both cost models and both
// diagonal rules, for a goal cell and for a goal square (Range 4: its
// rows and columns are where the runs must stop).
func TestJPSDiagRunsSameSearch(t *testing.T) {
	movers := []movement.Mover{{Caps: movement.Player}, {}}
	for _, name := range []string{"64room_000.map", "den312d.map", "AR0011SR.map"} {
		bm := benchMapNamed(t, name)
		on, off := jpsPair(t, bm)
		off.opt.runsOff = true
		for _, mv := range movers {
			on.PrepareLayer(mv)
			off.PrepareLayer(mv)
			for _, tc := range []struct {
				cost  Cost
				reach int
			}{{Octile, 0}, {Uniform, 0}, {Octile, 4}, {Uniform, 4}} {
				cost := tc.cost
				var a, b Result
				for i, sc := range bm.scens {
					req := ScenarioRequest(sc, cost, bm.w, bm.h)
					req.Mover, req.Range = mv, tc.reach
					oreq := req
					on.Find(&req, &a)
					off.Find(&oreq, &b)
					if a.Found != b.Found || a.Cost != b.Cost || a.Expansions != b.Expansions || !slices.Equal(a.Dirs, b.Dirs) {
						t.Fatalf("%s caps %v cost %v range %d scenario %d: with runs %v %.4f %d expansions %d steps, cell by cell %v %.4f %d expansions %d steps",
							name, mv.Caps, cost, tc.reach, i, a.Found, a.Cost, a.Expansions, len(a.Dirs), b.Found, b.Cost, b.Expansions, len(b.Dirs))
					}
				}
				if !on.layer.diag.ok[b2i(mv.Caps&movement.Player != 0)] {
					t.Fatalf("%s caps %v cost %v: the runs were dropped by the searches", name, mv.Caps, cost)
				}
			}
		}
	}
}

// TestDiagRunsDropped: copying a chunk in after the runs were built, or
// clearing the copy, drops them (they would be stale).
func TestDiagRunsDropped(t *testing.T) {
	bm := benchMapNamed(t, "den312d.map")
	s := NewJPS(warmCache(t, bm, bm.rules), bm.rules)
	s.PrepareLayer(movement.Mover{Caps: movement.Player})
	l := &s.layer
	if !l.diag.ok[1] || l.diag.ok[0] {
		t.Fatalf("diagonal runs %v after PrepareLayer for a player, want the players' rule's alone", l.diag.ok)
	}
	l.clear()
	if l.diag.ok[1] {
		t.Fatal("the runs outlived a clear")
	}
	s.PrepareLayer(movement.Mover{Caps: movement.Player})
	if !l.diag.ok[1] {
		t.Fatal("no diagonal runs after a second PrepareLayer")
	}
	ci := int(l.fills.dirty[0])
	l.fills.filled[ci>>6] &^= 1 << (ci & 63) // as if that chunk had not been copied in
	s.fill(ci%l.wide, ci/l.wide)
	if l.diag.ok[1] {
		t.Fatal("the runs outlived a chunk copied in")
	}
}

// TestDiagRunsSkipLargeMaps: a layer over more than maxDiagRunCells cells
// gets no runs (their memory would grow with the map), and its rays step
// cell by cell.
func TestDiagRunsSkipLargeMaps(t *testing.T) {
	const w = 2048
	n := maxDiagRunCells + 16*w // one more row of chunks than the bound
	l := layer{cells: cellBytes{w: w, blk: make([]uint8, n), dead: make([]uint8, n)}}
	l.buildDiagRuns(1)
	if l.diag.ok[1] || l.diag.runs[1][0] != nil || l.diag.of(1, movement.NorthEast, false) != nil {
		t.Fatalf("runs built for a layer of %d cells (bound %d)", n, maxDiagRunCells)
	}
	l = layer{cells: cellBytes{w: w, blk: make([]uint8, maxDiagRunCells), dead: make([]uint8, maxDiagRunCells)}}
	l.buildDiagRuns(1)
	if !l.diag.ok[1] || l.diag.of(1, movement.NorthEast, true) != nil {
		t.Fatalf("a layer of %d cells: runs built %v; asked off, of returns them", maxDiagRunCells, l.diag.ok[1])
	}
}

// TestDiagRunsNoFreeLimit: on a prepared layer a diagonal ray makes no
// node where it passes the expanding node's f (its runs cross open floor
// in a read), so a search expands the jump points alone: on
// 64room_000's scenarios 27.4 a query (warthog's jps2 expands 27.39 on the
// same scenarios), against 48.5 when each diagonal ray stopped 16 steps
// past the f limit; under the uniform cost far fewer still. Costs are the
// same as a finder's that copies chunks in as it goes (the free limit
// applies there).
func TestDiagRunsNoFreeLimit(t *testing.T) {
	bm := benchMapNamed(t, "64room_000.map")
	prepared, plain := jpsPair(t, bm)
	prepared.UseLineProbe(false) // as warthog: every query a search
	plain.UseLineProbe(false)
	prepared.PrepareLayer(ScenarioRequest(bm.scens[0], Octile, bm.w, bm.h).Mover)
	for _, c := range []struct {
		cost    Cost
		maxRate float64 // prepared expansions over plain ones, at most
	}{{Octile, 0.6}, {Uniform, 0.5}} {
		var a, b Result
		sumA, sumB := 0, 0
		for i, sc := range bm.scens {
			req := ScenarioRequest(sc, c.cost, bm.w, bm.h)
			breq := req
			prepared.Find(&req, &a)
			plain.Find(&breq, &b)
			if a.Found != b.Found || a.Cost != b.Cost {
				t.Fatalf("cost %v scenario %d: prepared %v %.4f, plain %v %.4f", c.cost, i, a.Found, a.Cost, b.Found, b.Cost)
			}
			sumA, sumB = sumA+a.Expansions, sumB+b.Expansions
		}
		if rate := float64(sumA) / float64(sumB); rate > c.maxRate {
			t.Errorf("cost %v: %d expansions on the prepared layer, %d without: %.2f of them, want at most %.2f", c.cost, sumA, sumB, rate, c.maxRate)
		}
		if per := float64(sumA) / float64(len(bm.scens)); c.cost == Octile && per > 28 {
			t.Errorf("octile: %.1f expansions a query, want at most 28 (warthog's jps2: 27.39)", per)
		}
		t.Logf("cost %v: %d expansions prepared, %d plain", c.cost, sumA, sumB)
	}
}
