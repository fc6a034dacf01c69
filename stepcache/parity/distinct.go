package parity

import (
	"encoding/binary"
	"sync"

	"github.com/zeebo/xxh3"

	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/world"
)

// A cell's situation is everything the live rules and the cache read to
// answer for it: CheckMovement at (x, y) loads only the 3×3 cells around it
// (on the map or not, land id, statics and multi tiles in order) and the
// land corners of those cells (4×4 Zs); a cache lookup reads the cell's
// record, which either probe computes from that same neighbourhood, and
// whether a multi stands in its sector or halo. Two cells in the same
// situation and at the same place within their chunks get the same answers
// from both, so VerifyOptions.Distinct checks one of them. The position in
// the chunk is part of the situation so that a builder bug tied to where a
// cell sits in its chunk (its halo, its strata offsets) still shows.

// situations is the set of situations VerifyWorld has checked, shared by
// its workers (sharded by hash).
type situations struct {
	shards [64]struct {
		mu   sync.Mutex
		seen map[xxh3.Uint128]struct{}
	}
}

// firstVisit reports whether key was not seen before, and records it.
func (s *situations) firstVisit(key xxh3.Uint128) bool {
	sh := &s.shards[key.Lo%uint64(len(s.shards))]
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if _, ok := sh.seen[key]; ok {
		return false
	}
	if sh.seen == nil {
		sh.seen = map[xxh3.Uint128]struct{}{}
	}
	sh.seen[key] = struct{}{}
	return true
}

// situationKey hashes the situation of (x, y) (see above) with buf as
// scratch, returning the grown buffer.
func situationKey(m *world.Map, x, y int, near bool, buf []byte) (xxh3.Uint128, []byte) {
	buf = append(buf[:0], byte(x%chunk.Size), byte(y%chunk.Size), byte(m.ID))
	if near {
		buf = append(buf, 1)
	} else {
		buf = append(buf, 0)
	}
	for cy := y - 1; cy <= y+2; cy++ {
		for cx := x - 1; cx <= x+2; cx++ {
			buf = append(buf, byte(m.Land(cx, cy).Z))
		}
	}
	var tiles []world.Tile
	for cy := y - 1; cy <= y+1; cy++ {
		for cx := x - 1; cx <= x+1; cx++ {
			if !m.InBounds(cx, cy) {
				buf = append(buf, 0xFF)
				continue
			}
			st := m.StaticsAt(cx, cy)
			tiles = m.MultiTilesAt(cx, cy, tiles[:0])
			buf = binary.LittleEndian.AppendUint16(buf, m.Land(cx, cy).ID)
			buf = binary.LittleEndian.AppendUint32(buf, uint32(len(st)))
			for _, s := range st {
				buf = binary.LittleEndian.AppendUint16(buf, s.ID)
				buf = append(buf, byte(s.Z))
			}
			buf = binary.LittleEndian.AppendUint32(buf, uint32(len(tiles)))
			for _, t := range tiles {
				buf = binary.LittleEndian.AppendUint16(buf, t.ID)
				buf = append(buf, byte(t.Z))
			}
		}
	}
	return xxh3.Hash128(buf), buf
}
