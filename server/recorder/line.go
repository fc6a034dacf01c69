package recorder

import (
	"strconv"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/systems"
	"github.com/shardcore/shardcore/world"
)

// lineMeta is what a line carries beside the PathRecord: the node budget
// when the record has none, the client files' fingerprint, the finder's
// name ("" when unknown) and what the search saw of the dynamic world (nil:
// not captured, no "dyn" field).
type lineMeta struct {
	maxNodes int
	fp       uint64
	search   string
	dyn      *seenCells
}

// appendRecord appends rec as one JSON line (the Record shape) to b.
func appendRecord(b []byte, rec *systems.PathRecord, meta lineMeta) []byte {
	b = append(b, `{"v":`...)
	b = strconv.AppendInt(b, Version, 10)
	b = append(b, `,"tick":`...)
	b = strconv.AppendUint(b, rec.Tick, 10)
	b = append(b, `,"map":`...)
	b = strconv.AppendUint(b, uint64(rec.Map), 10)
	b = append(b, `,"fp":"`...)
	b = strconv.AppendUint(b, meta.fp, 16)
	b = append(b, '"')
	if meta.search != "" {
		b = append(b, `,"search":`...)
		b = strconv.AppendQuote(b, meta.search)
	}
	b = append(b, `,"mobile":`...)
	b = strconv.AppendUint(b, rec.MobileID, 10)
	b = append(b, `,"party":`...)
	b = strconv.AppendUint(b, rec.Party, 10)
	b = appendPoint(append(b, `,"start":`...), rec.Start)
	b = append(b, `,"startZ":`...)
	b = strconv.AppendInt(b, int64(rec.StartZ), 10)
	b = appendPoint(append(b, `,"goal":`...), rec.Goal)
	b = append(b, `,"range":`...)
	b = strconv.AppendInt(b, int64(rec.Range), 10)
	b = append(b, `,"caps":`...)
	b = strconv.AppendUint(b, uint64(rec.Caps), 10)
	nodes := rec.MaxNodes
	if nodes <= 0 {
		nodes = meta.maxNodes
	}
	b = append(b, `,"maxNodes":`...)
	b = strconv.AppendInt(b, int64(nodes), 10)
	b = appendOutcome(b, rec)
	if meta.dyn != nil {
		b = meta.dyn.appendJSON(append(b, `,"dyn":`...))
	}
	return append(b, "}\n"...)
}

// appendOutcome appends what the search found and what it cost.
func appendOutcome(b []byte, rec *systems.PathRecord) []byte {
	b = append(b, `,"found":`...)
	b = strconv.AppendBool(b, rec.Found)
	b = append(b, `,"steps":`...)
	b = strconv.AppendInt(b, int64(rec.Steps), 10)
	b = append(b, `,"cost":`...)
	b = strconv.AppendFloat(b, rec.Cost, 'g', -1, 64)
	b = append(b, `,"expansions":`...)
	b = strconv.AppendInt(b, int64(rec.Expansions), 10)
	b = append(b, `,"us":`...)
	b = strconv.AppendFloat(b, float64(rec.Duration.Nanoseconds())/1e3, 'f', 1, 64)
	b = append(b, `,"waitTicks":`...)
	b = strconv.AppendUint(b, rec.WaitTicks, 10)
	b = append(b, `,"lookups":{`...)
	first := true
	for k, n := range rec.Lookups {
		if n == 0 {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(b, '"')
		b = append(b, chunk.HitKind(k).String()...)
		b = append(b, `":`...)
		b = strconv.AppendInt(b, int64(n), 10)
	}
	return append(b, '}')
}

func appendPoint(b []byte, p world.Point) []byte {
	b = append(b, '[')
	b = strconv.AppendInt(b, int64(p.X), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(p.Y), 10)
	return append(b, ']')
}

// appendJSON appends the cells as the "dyn" array: one object per cell that
// held something, its items and mobiles in the order the world gave them.
func (s *seenCells) appendJSON(b []byte) []byte {
	b = append(b, '[')
	for i, c := range s.cells {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"x":`...)
		b = strconv.AppendInt(b, int64(c.x), 10)
		b = append(b, `,"y":`...)
		b = strconv.AppendInt(b, int64(c.y), 10)
		if c.i1 > c.i0 {
			b = append(b, `,"items":[`...)
			for k, it := range s.items[c.i0:c.i1] {
				b = appendItem(b, k, it)
			}
			b = append(b, ']')
		}
		if c.m1 > c.m0 {
			b = append(b, `,"mobs":[`...)
			for k, m := range s.mobs[c.m0:c.m1] {
				b = appendMobile(b, k, m)
			}
			b = append(b, ']')
		}
		b = append(b, '}')
	}
	return append(b, ']')
}

func appendItem(b []byte, k int, it movement.Item) []byte {
	if k > 0 {
		b = append(b, ',')
	}
	b = append(b, `{"id":`...)
	b = strconv.AppendUint(b, uint64(it.ID), 10)
	b = append(b, `,"z":`...)
	b = strconv.AppendInt(b, int64(it.Z), 10)
	if it.Movable {
		b = append(b, `,"movable":true`...)
	}
	return append(b, '}')
}

func appendMobile(b []byte, k int, m movement.Mobile) []byte {
	if k > 0 {
		b = append(b, ',')
	}
	b = append(b, `{"id":`...)
	b = strconv.AppendUint(b, m.ID, 10)
	b = append(b, `,"z":`...)
	b = strconv.AppendInt(b, int64(m.Z), 10)
	if m.Dead {
		b = append(b, `,"dead":true`...)
	}
	if m.HiddenStaff {
		b = append(b, `,"hiddenStaff":true`...)
	}
	return append(b, '}')
}
