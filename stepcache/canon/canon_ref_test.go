package canon

import (
	"math/rand/v2"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/steptest"
)

// TestBuildCanonMatchesReference compares Build with buildCanonRef,
// its first, cell-at-a-time form, on every chunk of the default world
// under both rule sets, with neighbours missing at random and a random
// unknown predicate on some chunks.
func TestBuildCanonMatchesReference(t *testing.T) {
	r := steptest.StaticRules(t)
	chunks := steptest.DefaultChunks(t, bake.BuildMap)
	wide, high := chunk.Grid(r.Map.Width, r.Map.Height)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range chunks {
		cx, cy := i%wide, i/wide
		var around [3][3]*chunk.Chunk
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				x, y := cx+dx, cy+dy
				if x >= 0 && y >= 0 && x < wide && y < high && (dx == 0 && dy == 0 || rng.IntN(8) != 0) {
					around[dy+1][dx+1] = chunks[y*wide+x]
				}
			}
		}
		var unknown func(x, y int) bool
		if rng.IntN(4) == 0 {
			seed := rng.Uint64()
			unknown = func(x, y int) bool { return (uint64(x*7919+y*104729)^seed)%13 == 0 }
		}
		for set := chunk.RuleSet(0); set < chunk.NumRuleSets; set++ {
			if got, want := Build(&around, set, cx, cy, r.Map.Width, r.Map.Height, unknown), buildCanonRef(&around, set, cx, cy, r.Map.Width, r.Map.Height, unknown); got != want {
				t.Fatalf("chunk (%d,%d) set %d: Build differs from the reference", cx, cy, set)
			}
		}
	}
}

// refCell is winCell with entered: some neighbour's canonical record can
// step in (or that is not known): only such neighbours' records must agree
// about a cell.
type refCell struct {
	state   uint8
	raw     uint8
	z       int8
	zs      [8]int8
	entered bool
}

// buildCanonRef is Build as first written, a cell at a time (kept to
// check the faster form against).
func buildCanonRef(around *[3][3]*chunk.Chunk, set chunk.RuleSet, cx, cy, mapW, mapH int, unknown func(x, y int) bool) Map {
	var win [canonWin][canonWin]refCell
	x0, y0 := cx*chunk.Size-3, cy*chunk.Size-3
	for wy := 0; wy < canonWin; wy++ {
		for wx := 0; wx < canonWin; wx++ {
			if unknown == nil || !unknown(x0+wx, y0+wy) {
				win[wy][wx] = canonCellRef(around, set, cx, cy, x0+wx, y0+wy, mapW, mapH)
			}
		}
	}
	for wy := 0; wy < canonWin; wy++ {
		for wx := 0; wx < canonWin; wx++ {
			win[wy][wx].entered = enteredRef(&win, wx, wy)
		}
	}
	var good, open [canonWin]uint32 // bit wx of row wy, for wx, wy in 2..19
	for wy := 2; wy < canonWin-2; wy++ {
		for wx := 2; wx < canonWin-2; wx++ {
			g, o := goodCellRef(&win, wx, wy)
			if g {
				good[wy] |= 1 << wx
			}
			if o {
				open[wy] |= 1 << wx
			}
		}
	}
	return canonOf(&good, &open) // the window's rows to the map, shared with Build
}

// entered reports whether window cell (wx, wy) may be a state a step
// reaches: some neighbour's canonical record steps into it, or a neighbour
// is not known (or outside the window), so it might.
func enteredRef(win *[canonWin][canonWin]refCell, wx, wy int) bool {
	if win[wy][wx].state == cellOff {
		return false
	}
	for d := movement.Dir(0); d < 8; d++ {
		ox, oy := d.Offset()
		nx, ny := wx-ox, wy-oy
		if nx < 0 || ny < 0 || nx >= canonWin || ny >= canonWin {
			return true
		}
		n := &win[ny][nx]
		switch n.state {
		case cellUnknown:
			return true
		case cellSingle:
			if n.raw&(1<<d) != 0 {
				return true
			}
		}
	}
	return false
}

// canonCell reads map cell (x, y) from the chunk window.
func canonCellRef(around *[3][3]*chunk.Chunk, set chunk.RuleSet, cx, cy, x, y, mapW, mapH int) refCell {
	if x < 0 || y < 0 || x >= mapW || y >= mapH {
		return refCell{state: cellOff}
	}
	dx, dy := floorDiv(x, chunk.Size)-cx, floorDiv(y, chunk.Size)-cy
	ch := around[dy+1][dx+1]
	if ch == nil {
		return refCell{}
	}
	rec := Record(ch, (y%chunk.Size)*chunk.Size+x%chunk.Size, set)
	if rec.Info&chunk.InfoLiveOnly != 0 {
		return refCell{state: cellOther}
	}
	w := refCell{state: cellSingle, z: rec.Z}
	if set == chunk.RuleWet {
		w.raw, w.zs = rec.Wet, rec.SwimZ
	} else {
		w.raw, w.zs = rec.Walk, rec.WalkZ
	}
	return w
}

// goodCell reports whether window cell (wx, wy) is good and open. Only the
// neighbours that may be states (entered) count: the others' records are
// probes of a place no walker stands (a wall, deep water for a walker) and
// their answers never become steps of a search, except from a start, whose
// steps the search never takes for grid steps.
func goodCellRef(win *[canonWin][canonWin]refCell, wx, wy int) (good, open bool) {
	c := &win[wy][wx]
	switch c.state {
	case cellOff:
		return true, false
	case cellSingle:
	default:
		return false, false
	}
	seen := false
	for d := movement.Dir(0); d < 8; d++ {
		// the neighbour that steps in d to reach c
		ox, oy := d.Offset()
		n := &win[wy-oy][wx-ox]
		switch {
		case n.state == cellOff:
			continue
		case n.state != cellSingle:
			return false, false
		case !n.entered:
			continue
		}
		in := n.raw&(1<<d) != 0
		if in && n.zs[d] != c.z {
			return false, false
		}
		if !seen {
			open, seen = in, true
		} else if in != open {
			return false, false
		}
	}
	return true, open
}
