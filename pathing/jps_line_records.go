package pathing

import (
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/chunk"
)

// lineRecords takes the line's steps i.. where lineRun stopped for
// stopRecord (a target whose canonical Z the layer does not keep, or a
// state off the cell's canonical Z), while they start on regular cells at
// their first record's Z: each is answered by that record read from its
// chunk in place, the record a lookup would read. It returns the step it
// stopped before and why (stopRecord: another record covers the state,
// or the record is for the live rules; stopRefused: the record refuses
// the step). Only on the flat layer (no dynamics).
func (s *JPS) lineRecords(res *Result, i int) (int, int) {
	l := &s.layer
	ok, wet := &lineOK[b2i(s.and)], s.set == chunk.RuleWet
	x, y, z := s.ln.at(res.Zs, i)
	for ; i < len(res.Zs); i++ {
		if uint(x) >= uint(l.w) || uint(y) >= uint(l.h) || l.reg[(y+1)*l.sh+x>>6+1]>>uint(x&63)&1 == 0 {
			return i, stopIrregular
		}
		ch := l.chunks[(y>>4)*l.wide+x>>4] // a regular cell's chunk is filled
		if ch == nil {
			return i, stopIrregular
		}
		c := &ch.Cells[(y&15)<<4|x&15]
		if int(c.Z) != z || c.Info&chunk.InfoLiveOnly != 0 {
			return i, stopRecord
		}
		d := s.ln.d[b2i(i >= s.ln.turn)] & 7
		mask, nz := c.Walk, c.WalkZ[d]
		if wet {
			mask, nz = c.Wet, c.SwimZ[d]
		}
		if !ok[d][mask] {
			return i, stopRefused
		}
		dx, dy := d.Offset()
		x, y, z = x+dx, y+dy, int(nz)
		res.Dirs[i], res.Zs[i] = d, nz
	}
	return i, stopEnd
}

// lineRecord answers the step in d from regular cell (x, y) at z by the
// record covering z (not its first): the arrival Z and whether the record
// allows it, and found false when no record covers z.
func (s *JPS) lineRecord(x, y, z int, d movement.Dir) (nz int, ok, found bool) {
	ci := (y&15)*16 + x&15
	rec := s.view(x>>4, y>>4).ch.Record(ci, z)
	if rec == nil {
		return 0, false, false
	}
	mask, to := rec.Walk, &rec.WalkZ
	if s.set == chunk.RuleWet {
		mask, to = rec.Wet, &rec.SwimZ
	}
	if !lineOK[b2i(s.and)][d&7][mask] {
		return 0, false, true
	}
	return int(to[d&7]), true, true
}
