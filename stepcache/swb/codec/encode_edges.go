package codec

import (
	"encoding/binary"

	"github.com/shardcore/shardcore/stepcache/chunk"
)

// appendStrata stores per-cell strata counts, then each stratum: Z against
// its cell's SourceZ, Walk, Wet, Info, and its 16 Zs against its own Z where
// the mask bit is set (a 16-bit mask of nonzero residuals first when packed).
func (e *Encoder) appendStrata(dst []byte, c *chunk.Chunk, packed bool) []byte {
	s := c.StrataStart
	for i := 0; i < chunk.NumCells; i++ {
		e.plane[i] = byte(s[i+1] - s[i])
	}
	if packed {
		dst = appendPlane(dst, &e.plane)
	} else {
		dst = append(dst, e.plane[:]...)
	}
	for i := 0; i < chunk.NumCells; i++ {
		for k := s[i]; k < s[i+1]; k++ {
			st := &c.Strata[k]
			dst = append(dst, byte(st.Z)-byte(c.Cells[i].Z), st.Walk, st.Wet, st.Info)
			res, m := stratumResiduals(st)
			if !packed {
				dst = append(dst, res[:]...)
				continue
			}
			dst = binary.LittleEndian.AppendUint16(dst, m)
			for _, r := range res {
				if r != 0 {
					dst = append(dst, r)
				}
			}
		}
	}
	return dst
}

// ringIdx lists the predictor grid's outer ring in grid (row-major) order.
var ringIdx = func() (t [4*padW - 4]int) {
	n := 0
	for p := 0; p < padW*padW; p++ {
		if x, y := p%padW, p/padW; x == 0 || y == 0 || x == padW-1 || y == padW-1 {
			t[n] = p
			n++
		}
	}
	return t
}()

// ringStep is an edge cell's step onto a ring cell: cell index and direction.
type ringStep struct{ cell, dir uint8 }

// ringSteps lists, per ring cell (ringIdx order), the steps that land on
// it, by cell then direction.
var ringSteps = func() (t [4*padW - 4][]ringStep) {
	at := map[int]int{}
	for n, p := range ringIdx {
		at[p] = n
	}
	for i := 0; i < chunk.NumCells; i++ {
		base := (i/chunk.Size+1)*padW + i%chunk.Size + 1
		for d := 0; d < 8; d++ {
			if n, ok := at[base+padOff[d]]; ok {
				t[n] = append(t[n], ringStep{uint8(i), uint8(d)})
			}
		}
	}
	return t
}()

// appendHalo stores the outer ring of the predictor grid as corrections to
// its extrapolation: each ring cell takes the arrival Z the first edge cell
// (walk steps first, then swim) records for stepping onto it, when one does,
// so the edge cells' Zs predict exactly. Then a width k (0: no corrections)
// and 68 zigzagged residuals in k bits each, in grid order.
func (e *Encoder) appendHalo(dst []byte, c *chunk.Chunk) []byte {
	var vals [4*padW - 4]byte
	k := 0
	for n, p := range ringIdx {
		want, found := e.pad[p], false
		for part := 0; part < 2 && !found; part++ {
			for _, s := range ringSteps[n] {
				cell := &c.Cells[s.cell]
				mask, zs := cell.Walk, &cell.WalkZ
				if part == 1 {
					mask, zs = cell.Wet, &cell.SwimZ
				}
				if mask&(1<<s.dir) != 0 {
					want, found = byte(zs[s.dir]), true
					break
				}
			}
		}
		vals[n] = zigzag(want - e.pad[p])
		k = max(k, bitWidth(vals[n]))
		e.pad[p] = want
	}
	dst = append(dst, byte(k))
	if k == 0 {
		return dst
	}
	return appendBits(dst, vals[:], k)
}
