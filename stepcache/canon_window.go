package stepcache

import (
	"math/bits"

	"shardcore/movement"
)

// canonWindow is the cell window a canonical map reads (see winCell), row
// by row, flat: cell (wx, wy) is cells[wy*canonWin+wx].
type canonWindow struct {
	cells [canonWin * canonWin]winCell
	// row masks, bit wx of row wy: off the map, not known, answering
	// (cellSingle), stepping in direction d (answering, raw bit d), entered
	off, unk, single, entered [canonWin]uint32
	step                      [8][canonWin]uint32
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

// markMasks sets the window's row masks from its cells.
func (w *canonWindow) markMasks() {
	for wy := 0; wy < canonWin; wy++ {
		row := w.cells[wy*canonWin : (wy+1)*canonWin]
		var off, unk, single uint32
		var step [8]uint32
		for wx := range row {
			c := &row[wx]
			bit := uint32(1) << wx
			switch c.state {
			case cellOff:
				off |= bit
			case cellUnknown:
				unk |= bit
			case cellSingle:
				single |= bit
				for d, r := 0, uint32(c.raw); r != 0; d, r = d+1, r>>1 {
					step[d] |= (r & 1) << wx
				}
			}
		}
		w.off[wy], w.unk[wy], w.single[wy] = off, unk, single
		for d := range step {
			w.step[d][wy] = step[d]
		}
	}
}

// canonDX and canonDY are each direction's step.
var canonDX, canonDY = func() (dx, dy [8]int) {
	for d := movement.Dir(0); d < 8; d++ {
		dx[d], dy[d] = d.Offset()
	}
	return dx, dy
}()

// fromNeighbour moves row mask m of the neighbours that step in a
// direction whose x step is dx onto the cells they step into.
func fromNeighbour(m uint32, dx int) uint32 {
	switch dx {
	case 1:
		return m << 1
	case -1:
		return m >> 1
	}
	return m
}

// canonRowMask has the window's columns set.
const canonRowMask = 1<<canonWin - 1

// markEntered sets w.entered: bit wx of row wy when some neighbour's
// canonical record steps into the cell, or a neighbour is not known or
// outside the window (every cell of the border), so it might; never for a
// cell off the map.
func (w *canonWindow) markEntered() {
	for wy := 0; wy < canonWin; wy++ {
		e := uint32(canonRowMask)
		if wy > 0 && wy < canonWin-1 {
			e = 1 | 1<<(canonWin-1)
			for d := range canonDX {
				ny := wy - canonDY[d]
				e |= fromNeighbour(w.unk[ny]|w.step[d][ny], canonDX[d])
			}
		}
		w.entered[wy] = e & canonRowMask &^ w.off[wy]
	}
}

// goodOpen returns, per row, the window cells of rows and columns 2..19
// that are good and those that are open. Only the neighbours that may be
// states (entered) count: the others' records are probes of a place no
// walker stands (a wall, deep water for a walker) and their answers never
// become steps of a search, except from a start, whose steps the search
// never takes for grid steps.
func (w *canonWindow) goodOpen() (good, open [canonWin]uint32) {
	const cols = (1<<(canonWin-2) - 1) &^ 3 // columns 2..19
	for wy := 2; wy < canonWin-2; wy++ {
		var bad, anyIn, anyOut uint32
		for d := range canonDX {
			ny, dx := wy-canonDY[d], canonDX[d]
			nOff, nSingle := fromNeighbour(w.off[ny], dx), fromNeighbour(w.single[ny], dx)
			counted := nSingle & fromNeighbour(w.entered[ny], dx)
			step := fromNeighbour(w.step[d][ny], dx)
			bad |= ^nOff &^ nSingle // a neighbour not known, or LiveOnly
			in := counted & step
			anyIn |= in
			anyOut |= counted &^ step
			bad |= w.landsElsewhere(in&cols&w.single[wy], wy, d)
		}
		bad |= anyIn & anyOut // the neighbours disagree
		g := w.off[wy] | w.single[wy]&^bad
		good[wy] = g & cols
		open[wy] = g & w.single[wy] & anyIn & cols
	}
	return good, open
}

// landsElsewhere returns the cells of in (row wy) whose neighbour stepping
// in d arrives at a Z other than the cell's.
func (w *canonWindow) landsElsewhere(in uint32, wy, d int) (out uint32) {
	off := canonStep[d]
	for ; in != 0; in &= in - 1 {
		wx := bits.TrailingZeros32(in)
		i := wy*canonWin + wx
		if w.cells[i-off].zs[d] != w.cells[i].z {
			out |= 1 << wx
		}
	}
	return out
}
