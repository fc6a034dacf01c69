package canon

import (
	"encoding/binary"
	"math/bits"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/chunk"
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

// fill reads the window around chunk (cx, cy) (see Build) into w,
// which is zero (every cell not known): a row of the window at a time, and
// along it a chunk's run of cells at a time.
func (w *canonWindow) fill(around *[3][3]*chunk.Chunk, set chunk.RuleSet, cx, cy, mapW, mapH int, unknown func(x, y int) bool) {
	x0, y0 := cx*chunk.Size-3, cy*chunk.Size-3
	xa, xb := max(0, -x0), min(canonWin, mapW-x0) // the window's columns on the map
	for wy := 0; wy < canonWin; wy++ {
		y := y0 + wy
		row := (*[canonWin]winCell)(w.cells[wy*canonWin : (wy+1)*canonWin])
		if unknown != nil {
			fillRowAsked(row, around, set, cx, cy, y0+wy, x0, mapW, mapH, unknown)
			continue
		}
		if y < 0 || y >= mapH {
			for wx := range row {
				row[wx] = winCell{state: cellOff}
			}
			continue
		}
		for wx := 0; wx < xa; wx++ {
			row[wx] = winCell{state: cellOff}
		}
		for wx := max(xb, 0); wx < canonWin; wx++ {
			row[wx] = winCell{state: cellOff}
		}
		ry, dy := canonSpan(wy)
		for k, seg := range canonSegs {
			ch := around[dy][k]
			if ch == nil {
				continue
			}
			for wx := max(seg.lo, xa); wx < min(seg.hi, xb); wx++ {
				row[wx] = canonCellOf(Record(ch, ry*chunk.Size+wx-seg.lo+seg.cell, set), set)
			}
		}
	}
}

// canonSegs are the window's column runs in each chunk of around's row:
// window columns lo..hi-1 are that chunk's cells from cell.
var canonSegs = [3]struct{ lo, hi, cell int }{{0, 3, chunk.Size - 3}, {3, 3 + chunk.Size, 0}, {3 + chunk.Size, canonWin, 0}}

// fillRowAsked reads window row (map row y) a cell at a time, asking
// unknown first.
func fillRowAsked(row *[canonWin]winCell, around *[3][3]*chunk.Chunk, set chunk.RuleSet, cx, cy, y, x0, mapW, mapH int, unknown func(x, y int) bool) {
	ry, dy := canonSpan(y - cy*chunk.Size + 3)
	for wx := range row {
		x := x0 + wx
		if unknown(x, y) {
			continue // cellUnknown: the zero winCell
		}
		if x < 0 || y < 0 || x >= mapW || y >= mapH {
			row[wx] = winCell{state: cellOff}
			continue
		}
		rx, dx := canonSpan(wx)
		if ch := around[dy][dx]; ch != nil {
			row[wx] = canonCellOf(Record(ch, ry*chunk.Size+rx, set), set)
		}
	}
}

// canonSpan is window column (or row) v's cell within its chunk and its
// chunk's index in around (0, 1, 2 for -1, 0, +1).
func canonSpan(v int) (cell, around int) {
	switch {
	case v < 3:
		return v + chunk.Size - 3, 0
	case v < 3+chunk.Size:
		return v - 3, 1
	}
	return v - 3 - chunk.Size, 2
}

// canonCellOf is the window cell of a canonical record for set.
func canonCellOf(rec *chunk.Cell, set chunk.RuleSet) winCell {
	if rec.Info&chunk.InfoLiveOnly != 0 {
		return winCell{state: cellOther}
	}
	c := winCell{state: cellSingle, z: rec.Z}
	if set == chunk.RuleWet {
		c.raw, c.zs = rec.Wet, rec.SwimZ
	} else {
		c.raw, c.zs = rec.Walk, rec.WalkZ
	}
	return c
}

// markMasks sets the window's row masks from its cells; the step masks
// by transposing the raw bytes of eight cells at a time.
func (w *canonWindow) markMasks() {
	for wy := 0; wy < canonWin; wy++ {
		row := w.cells[wy*canonWin : (wy+1)*canonWin]
		var off, unk, single uint32
		var raws [24]byte // the answering cells' raw bits, a byte a cell
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
				raws[wx] = c.raw
			}
		}
		w.off[wy], w.unk[wy], w.single[wy] = off, unk, single
		for b := 0; b < 3; b++ {
			x := transpose8(binary.LittleEndian.Uint64(raws[8*b:]))
			for d := range w.step {
				w.step[d][wy] |= uint32(byte(x>>(8*d))) << (8 * b)
			}
		}
	}
}

// transpose8 transposes an 8×8 bit matrix, row i in byte i: bit j of byte
// i moves to bit i of byte j.
func transpose8(x uint64) uint64 {
	t := (x ^ x>>7) & 0x00AA00AA00AA00AA
	x ^= t ^ t<<7
	t = (x ^ x>>14) & 0x0000CCCC0000CCCC
	x ^= t ^ t<<14
	t = (x ^ x>>28) & 0x00000000F0F0F0F0
	return x ^ t ^ t<<28
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
