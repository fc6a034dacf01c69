package stepcache

import "shardcore/movement"

// canonWindow is the cell window a canonical map reads (see winCell), row
// by row, flat: cell (wx, wy) is cells[wy*canonWin+wx].
type canonWindow struct {
	cells [canonWin * canonWin]winCell
}

// canonStep is the flat window offset of one step in each direction.
var canonStep = func() (o [8]int) {
	for d := movement.Dir(0); d < 8; d++ {
		dx, dy := d.Offset()
		o[d] = dy*canonWin + dx
	}
	return o
}()

// fill reads the window around chunk (cx, cy) (see BuildCanon): a row of
// the window at a time, and along it a chunk's run of cells at a time.
func (w *canonWindow) fill(around *[3][3]*Chunk, set RuleSet, cx, cy, mapW, mapH int, unknown func(x, y int) bool) {
	x0, y0 := cx*ChunkSize-3, cy*ChunkSize-3
	for wy := 0; wy < canonWin; wy++ {
		y := y0 + wy
		row := w.cells[wy*canonWin : (wy+1)*canonWin]
		ry, dy := canonSpan(wy)
		for wx := 0; wx < canonWin; wx++ {
			x := x0 + wx
			if unknown != nil && unknown(x, y) {
				continue // cellUnknown: the zero winCell
			}
			if x < 0 || y < 0 || x >= mapW || y >= mapH {
				row[wx] = winCell{state: cellOff}
				continue
			}
			rx, dx := canonSpan(wx)
			if ch := around[dy][dx]; ch != nil {
				row[wx] = canonCellOf(CanonRecord(ch, ry*ChunkSize+rx, set), set)
			}
		}
	}
}

// canonSpan is window column (or row) v's cell within its chunk and its
// chunk's index in around (0, 1, 2 for -1, 0, +1).
func canonSpan(v int) (cell, chunk int) {
	switch {
	case v < 3:
		return v + ChunkSize - 3, 0
	case v < 3+ChunkSize:
		return v - 3, 1
	}
	return v - 3 - ChunkSize, 2
}

// canonCellOf is the window cell of a canonical record for set.
func canonCellOf(rec *Cell, set RuleSet) winCell {
	if rec.Info&InfoLiveOnly != 0 {
		return winCell{state: cellOther}
	}
	c := winCell{state: cellSingle, z: rec.Z}
	if set == RuleWet {
		c.raw, c.zs = rec.Wet, rec.SwimZ
	} else {
		c.raw, c.zs = rec.Walk, rec.WalkZ
	}
	return c
}

// markEntered sets every window cell's entered: some neighbour's
// canonical record steps into it, or a neighbour is not known or outside
// the window (every cell of the border), so it might; never for a cell off
// the map.
func (w *canonWindow) markEntered() {
	for wy := 0; wy < canonWin; wy++ {
		for wx := 0; wx < canonWin; wx++ {
			i := wy*canonWin + wx
			c := &w.cells[i]
			switch {
			case c.state == cellOff:
				c.entered = false
			case wx == 0 || wy == 0 || wx == canonWin-1 || wy == canonWin-1:
				c.entered = true
			default:
				c.entered = w.steppedInto(i)
			}
		}
	}
}

// steppedInto reports whether a neighbour of inner window cell i is not
// known or steps into it by its canonical record.
func (w *canonWindow) steppedInto(i int) bool {
	for d, off := range canonStep {
		n := &w.cells[i-off] // the neighbour that steps in d to reach i
		if n.state == cellUnknown || n.state == cellSingle && n.raw&(1<<d) != 0 {
			return true
		}
	}
	return false
}

// goodCell reports whether window cell i (not on the border) is good and
// open. Only the neighbours that may be states (entered) count: the
// others' records are probes of a place no walker stands (a wall, deep
// water for a walker) and their answers never become steps of a search,
// except from a start, whose steps the search never takes for grid steps.
func (w *canonWindow) goodCell(i int) (good, open bool) {
	c := &w.cells[i]
	switch c.state {
	case cellOff:
		return true, false
	case cellSingle:
	default:
		return false, false
	}
	seen := false
	for d, off := range canonStep {
		n := &w.cells[i-off] // the neighbour that steps in d to reach c
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
