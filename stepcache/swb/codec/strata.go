package codec

import (
	"fmt"
	"math/bits"

	"github.com/shardcore/shardcore/stepcache/chunk"
)

// Strata as columns (flagStrataColumns, packed layout): after the per-cell
// counts, the strata's Z − cell Z, Walk, Wet, Info and the two bytes of
// their masks of nonzero Z residuals each stored as one column over all the
// chunk's strata, then the nonzero residuals. A column is nearly constant
// (Wet and Info above all) where a stratum-by-stratum layout interleaves
// five kinds of byte, and costs a byte or two then; on Britannia map 0 the
// strata take ≈ 40% fewer bytes.

// Column modes: how n bytes (one per stratum) are stored.
const (
	colConst  = 0 // one byte, broadcast
	colExcept = 1 // base byte, a bitmap of the strata that differ (n/8 bytes rounded up), their bytes
	colRaw    = 2 // n bytes
)

// stratumColumns is the number of columns a strata section stores.
const stratumColumns = 6

// stratumResiduals is st's 16 Z residuals (WalkZ then SwimZ) against
// (mask bit ? its Z : 0) and the mask of the nonzero ones.
func stratumResiduals(st *chunk.Cell) (res [16]byte, nz uint16) {
	for d := 0; d < 8; d++ {
		var p byte
		if st.Walk&(1<<d) != 0 {
			p = byte(st.Z)
		}
		res[d] = byte(st.WalkZ[d]) - p
		p = 0
		if st.Wet&(1<<d) != 0 {
			p = byte(st.Z)
		}
		res[8+d] = byte(st.SwimZ[d]) - p
	}
	for j, r := range res {
		if r != 0 {
			nz |= 1 << j
		}
	}
	return res, nz
}

// appendStrataColumns appends c's strata section in the column form.
func (e *Encoder) appendStrataColumns(dst []byte, c *chunk.Chunk) []byte {
	s := c.StrataStart
	for i := 0; i < chunk.NumCells; i++ {
		e.plane[i] = byte(s[i+1] - s[i])
	}
	dst = appendPlane(dst, &e.plane)
	for k := range e.cols {
		e.cols[k] = e.cols[k][:0]
	}
	e.stRes = e.stRes[:0]
	for i := 0; i < chunk.NumCells; i++ {
		for k := s[i]; k < s[i+1]; k++ {
			st := &c.Strata[k]
			res, nz := stratumResiduals(st)
			for j, b := range [stratumColumns]byte{byte(st.Z) - byte(c.Cells[i].Z), st.Walk, st.Wet, st.Info, byte(nz), byte(nz >> 8)} {
				e.cols[j] = append(e.cols[j], b)
			}
			for _, r := range res {
				if r != 0 {
					e.stRes = append(e.stRes, r)
				}
			}
		}
	}
	if len(c.Strata) == 0 {
		return dst
	}
	for _, col := range e.cols {
		dst = appendColumn(dst, col)
	}
	return append(dst, e.stRes...)
}

// appendColumn stores v (at least one byte) in the smallest column mode.
func appendColumn(dst []byte, v []byte) []byte {
	var hist [256]int
	base := 0
	for _, b := range v {
		hist[b]++
		if hist[b] > hist[base] {
			base = int(b)
		}
	}
	exc := len(v) - hist[base]
	switch bm := (len(v) + 7) / 8; {
	case exc == 0:
		return append(dst, colConst, byte(base))
	case 2+bm+exc >= 1+len(v):
		return append(append(dst, colRaw), v...)
	default:
		dst = append(dst, colExcept, byte(base))
		start := len(dst)
		dst = append(dst, make([]byte, bm)...)
		for i, b := range v {
			if int(b) != base {
				dst[start+i/8] |= 1 << (i % 8)
				dst = append(dst, b)
			}
		}
		return dst
	}
}

// readColumn is the inverse of appendColumn: it fills v (its length is
// the strata count).
func (r *rd) readColumn(v []byte) {
	switch r.u8() {
	case colConst:
		b := r.u8()
		for i := range v {
			v[i] = b
		}
	case colExcept:
		base := r.u8()
		bm := r.bytes((len(v) + 7) / 8)
		if r.bad {
			return
		}
		for i := range v {
			v[i] = base
			if bm[i/8]>>(i%8)&1 != 0 {
				v[i] = r.u8()
			}
		}
	case colRaw:
		copy(v, r.bytes(len(v)))
	default:
		r.bad = true
	}
}

// decodeStrataColumns reads a strata section in the column form into dst
// (after its cells are decoded: a stratum's Z is stored against its cell's).
func (d *Decoder) decodeStrataColumns(r *rd, dst *chunk.Chunk) error {
	start, total, err := d.readStrataCounts(r, true)
	if err != nil {
		return err
	}
	var strata []chunk.Cell
	if total > 0 {
		strata = make([]chunk.Cell, total)
		for k := range d.cols {
			d.cols[k] = growBytes(d.cols[k], total)
			r.readColumn(d.cols[k])
		}
		if r.bad {
			return fmt.Errorf("%w: truncated strata columns", ErrCorrupt)
		}
	}
	for i := 0; i < chunk.NumCells; i++ {
		for k := int(start[i]); k < int(start[i+1]); k++ {
			st := &strata[k]
			st.Z = int8(d.cols[0][k] + byte(dst.Cells[i].Z))
			st.Walk, st.Wet, st.Info = d.cols[1][k], d.cols[2][k], d.cols[3][k]
			nz := uint16(d.cols[4][k]) | uint16(d.cols[5][k])<<8
			vals := r.bytes(bits.OnesCount16(nz))
			if r.bad {
				return fmt.Errorf("%w: truncated strata residuals", ErrCorrupt)
			}
			var res [16]byte
			for j := 0; nz != 0; j++ {
				at := bits.TrailingZeros16(nz)
				nz &= nz - 1
				res[at] = vals[j]
			}
			addStratumResiduals(st, &res)
		}
	}
	dst.StrataStart, dst.Strata = start, strata
	return nil
}

// addStratumResiduals sets st's Zs from its residuals (the inverse of
// stratumResiduals, given its Z and masks).
func addStratumResiduals(st *chunk.Cell, res *[16]byte) {
	for dir := 0; dir < 8; dir++ {
		var p byte
		if st.Walk&(1<<dir) != 0 {
			p = byte(st.Z)
		}
		st.WalkZ[dir] = int8(res[dir] + p)
		p = 0
		if st.Wet&(1<<dir) != 0 {
			p = byte(st.Z)
		}
		st.SwimZ[dir] = int8(res[8+dir] + p)
	}
}

// growBytes is b resized to n bytes, reallocated only when too small.
func growBytes(b []byte, n int) []byte {
	if cap(b) < n {
		return make([]byte, n)
	}
	return b[:n]
}
