package canon

import (
	"math/bits"

	"github.com/shardcore/shardcore/stepcache/chunk"
)

// Map is the canonical map of one chunk for one rule set: where the step
// graph is exactly a flat 8-connected grid, so that a search may reason
// about it with open/blocked bits alone (see pathing's doc.go for the
// argument). A cell c is good when it is off the map, or when
//
//   - its chunk is resident and no multi stands in its sector or around it,
//   - its canonical record (Record) answers for requests (not LiveOnly),
//   - every neighbour on the map is such a cell, all of them agree, by
//     their canonical records, whether c can be entered (their raw bit
//     toward c), and every one that can enters it at the Z of c's canonical
//     record.
//
// where only the neighbours that some step can reach (entered: some
// neighbour's canonical record steps in) count in the last two. A good
// cell is open when its neighbours can enter it. A cell is regular
// when the 3×3 block around it is all good: then every step between the
// canonical states of cells of the block is allowed exactly when the grid
// rule over the open bits allows it, and lands on the target's canonical
// state.
//
// Open keeps a one-cell ring around the chunk: Open[r+1] bit c+1 is cell
// (c, r) of the chunk for c, r in -1..16 (0 where not good). Reg[r] bit c
// is cell (c, r) for c, r in 0..15. OpenT and RegT are the transposes
// (OpenT[c+1] bit r+1, RegT[c] bit r) for scans along columns.
type Map struct {
	Open  [chunk.Size + 2]uint32
	Reg   [chunk.Size]uint16
	OpenT [chunk.Size + 2]uint32
	RegT  [chunk.Size]uint16
}

// Z is the Z of Record(ch, i, set), read in place for a chunk
// without strata.
func Z(ch *chunk.Chunk, i int, set chunk.RuleSet) int8 {
	if ch.StrataStart == nil {
		return ch.Cells[i&(chunk.NumCells-1)].Z
	}
	return Record(ch, i, set).Z
}

// Record is the record of cell i of ch that a canonical map
// describes for set: the only one of a cell without strata; of a cell with
// strata, for walkers the one with the most steps out (ties to the lower:
// the street over a sewer, a building's ground floor under its upper
// storey, a bridge deck over water), for swimmers the lowest. Any choice
// is safe (the map checks that the chosen records of neighbours agree);
// this one makes the common cases regular. A search's canonical state of a
// cell is its canonical record's Z.
func Record(ch *chunk.Chunk, i int, set chunk.RuleSet) *chunk.Cell {
	if ch.StrataStart == nil {
		return &ch.Cells[i]
	}
	lo, hi := int(ch.StrataStart[i]), int(ch.StrataStart[i+1])
	if lo >= hi || hi > len(ch.Strata) {
		return &ch.Cells[i]
	}
	rec := &ch.Cells[i]
	if set != chunk.RuleWalk {
		for j := lo; j < hi; j++ {
			if s := &ch.Strata[j]; s.Z < rec.Z {
				rec = s
			}
		}
		return rec
	}
	for j := lo; j < hi; j++ {
		s := &ch.Strata[j]
		if n, m := bits.OnesCount8(s.Walk), bits.OnesCount8(rec.Walk); n > m || n == m && s.Z < rec.Z {
			rec = s
		}
	}
	return rec
}

// canonWin is the side of the cell window a canonical map reads: the chunk
// and three rings around it (a regular cell's block needs its neighbours'
// neighbours, and whether those can be entered at all, their neighbours).
const canonWin = chunk.Size + 6

// winCell is one cell of the window.
type winCell struct {
	state uint8 // cellUnknown, cellOff, cellSingle, cellOther
	raw   uint8
	z     int8
	zs    [8]int8
}

const (
	cellUnknown uint8 = iota // chunk not given: nothing is known
	cellOff                  // off the map: never a state, entered by no one
	cellSingle               // its canonical record answers requests
	cellOther                // its canonical record is LiveOnly
)

// Build computes the canonical map of chunk (cx, cy) of a mapW×mapH
// map for set from the chunk and its 8 neighbours: around[dy+1][dx+1] is
// chunk (cx+dx, cy+dy), nil when it is not known (not resident); cells of
// an unknown chunk are not good, nor are cells for which unknown (when not
// nil) reports true (their lookups fall through: a multi stands near).
func Build(around *[3][3]*chunk.Chunk, set chunk.RuleSet, cx, cy, mapW, mapH int, unknown func(x, y int) bool) Map {
	var win canonWindow
	win.fill(around, set, cx, cy, mapW, mapH, unknown)
	win.markMasks()
	win.markEntered()
	good, open := win.goodOpen() // bit wx of row wy, for wx, wy in 2..19
	return canonOf(&good, &open)
}

// canonOf is the canonical map whose window rows of good and open cells
// are good and open (bit wx of row wy, for wx, wy in 2..19): open as it is,
// regular where a cell's 3×3 block is all good.
func canonOf(good, open *[canonWin]uint32) Map {
	var cn Map
	for r := 0; r < chunk.Size+2; r++ {
		cn.Open[r] = open[r+2] >> 2
	}
	for r := 0; r < chunk.Size; r++ {
		wy := r + 3
		v := good[wy-1] & good[wy] & good[wy+1]
		h := v & (v >> 1) & (v >> 2) // bit k: window columns k..k+2 all good
		cn.Reg[r] = uint16(h >> 2)   // cell c is window column c+3: needs k = c+2
	}
	transpose(&cn)
	return cn
}

// transpose fills cn's OpenT and RegT from Open and Reg.
func transpose(cn *Map) {
	for c := 0; c < chunk.Size+2; c++ {
		for r := 0; r < chunk.Size+2; r++ {
			if cn.Open[r]&(1<<c) != 0 {
				cn.OpenT[c] |= 1 << r
			}
		}
	}
	for c := 0; c < chunk.Size; c++ {
		for r := 0; r < chunk.Size; r++ {
			if cn.Reg[r]&(1<<c) != 0 {
				cn.RegT[c] |= 1 << r
			}
		}
	}
}

func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}
