package stepcache

// The memo: a cell's record is a function of what the probe reads of its
// neighbourhood. For a cell without StartZ surfaces whose targets each have
// at most one candidate per rule set (most open land, water and forest),
// that is its land (rule sets, low, avg, top), whether Wet is near, and per
// rule set probed and direction the target's candidate (z, stMin, szMax).
// Every test the probe makes compares two of those Zs or a Z with a request
// Z derived from avg, so shifting them all by Δ shifts the record's Zs by Δ
// and changes nothing else, as long as no Z leaves the int8 range (checked:
// memoised cells keep every Z within ±memoRange). The key is therefore
// those values relative to avg, and a hit is the stored record shifted.

const (
	memoSlots   = 1 << 13         // open-addressing table size (power of two)
	memoEntries = memoSlots / 2   // entries kept before the memo starts over
	memoRange   = 120             // |Z| bound of memoised cells' Zs
	memoKeyMax  = 1 + 3*8         // source word + 8 targets × 3 rule sets
	memoInf     = 0x7FFF          // szMax beyond any startZ
	memoAbsent  = uint64(1) << 63 // a target with no candidate
)

// memo maps neighbourhood keys to records.
type memo struct {
	slots   [memoSlots]int32 // entry index + 1; 0 is empty
	entries []memoEntry
	keys    []uint64
	key     [memoKeyMax]uint64
	klen    int
	hash    uint64
	// Hits and Misses count lookups of eligible cells.
	hits, misses int
}

// memoEntry is one stored record: its key in memo.keys, and the avg it was
// probed at.
type memoEntry struct {
	hash uint64
	off  int32
	n    int32
	base int16
	cell Cell
}

// memoKey builds the key of halo cell ci (its targets gathered in b.nb) into
// b.memo.key and reports whether the cell is eligible.
func (b *Builder) memoKey(ci int, wet bool) bool {
	c := &b.cells[ci]
	if c.s0 != c.s1 || !inMemoRange(int(c.avg)) || !inMemoRange(int(c.low)) || !inMemoRange(int(c.top)) {
		return false
	}
	m := &b.memo
	m.key[0] = uint64(c.landRules) | uint64(uint16(c.low-c.avg))<<8 | uint64(uint16(c.top-c.avg))<<24
	m.klen = 1 + 8
	if wet {
		m.key[0] |= 1 << 40
		m.klen = 1 + 24
		if !b.nb[kSwimmer].memo || !b.nb[kAmph].memo {
			return false
		}
		copy(m.key[9:17], b.nb[kSwimmer].key[:])
		copy(m.key[17:25], b.nb[kAmph].key[:])
	}
	if !b.nb[kWalker].memo {
		return false
	}
	copy(m.key[1:9], b.nb[kWalker].key[:])
	h := uint64(m.klen)
	for _, w := range m.key[:m.klen] {
		h = (h ^ w) * 0x9E3779B97F4A7C15
		h ^= h >> 29
	}
	m.hash = h
	return true
}

// memoWord is a target's candidate as a key word relative to the source's
// avg: z, stMin and szMax (memoInf when no start reaches it).
func memoWord(c hcand, avg int) uint64 {
	sz := uint64(memoInf)
	if int(c.szMax) < noLimit/2 {
		sz = uint64(uint16(int(c.szMax) - avg))
	}
	return uint64(uint16(int(c.z)-avg)) | uint64(uint16(int(c.stMin)-avg))<<16 | sz<<32
}

func inMemoRange(z int) bool { return z >= -memoRange && z <= memoRange }

// memoGet returns the stored record for b.memo.key shifted to avg.
func (b *Builder) memoGet(avg int) (Cell, bool) {
	m := &b.memo
	for i := m.hash & (memoSlots - 1); m.slots[i] != 0; i = (i + 1) & (memoSlots - 1) {
		e := &m.entries[m.slots[i]-1]
		if e.hash != m.hash || int(e.n) != m.klen || !sameWords(m.keys[e.off:e.off+e.n], m.key[:m.klen]) {
			continue
		}
		m.hits++
		return shiftCell(e.cell, avg-int(e.base)), true
	}
	m.misses++
	return Cell{}, false
}

// memoPut stores c, probed at avg, under b.memo.key.
func (b *Builder) memoPut(avg int, c Cell) {
	m := &b.memo
	if len(m.entries) >= memoEntries {
		clear(m.slots[:])
		m.entries, m.keys = m.entries[:0], m.keys[:0]
	}
	i := m.hash & (memoSlots - 1)
	for m.slots[i] != 0 {
		i = (i + 1) & (memoSlots - 1)
	}
	m.entries = append(m.entries, memoEntry{hash: m.hash, off: int32(len(m.keys)), n: int32(m.klen), base: int16(avg), cell: c})
	m.keys = append(m.keys, m.key[:m.klen]...)
	m.slots[i] = int32(len(m.entries))
}

func sameWords(a, b []uint64) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// shiftCell moves a record's Zs by dz: its Z and the arrival Z of every
// direction it enters.
func shiftCell(c Cell, dz int) Cell {
	c.Z += int8(dz)
	for d := 0; d < 8; d++ {
		if c.Walk&(1<<d) != 0 {
			c.WalkZ[d] += int8(dz)
		}
		if c.Wet&(1<<d) != 0 {
			c.SwimZ[d] += int8(dz)
		}
	}
	return c
}
