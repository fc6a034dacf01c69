package bake

import (
	"encoding/binary"
	"unsafe"

	"github.com/shardcore/shardcore/stepcache/chunk"
)

// The memo: a cell's records are a function of what the probe reads of its
// neighbourhood: its land (rule sets, low, avg, top), its StartZ surfaces,
// whether Wet is near, and per rule set probed and direction the target's
// Enter candidates (z, stMin, szMax). Every test the probe makes compares
// two of those Zs, or one with a request Z derived from them, so shifting
// them all by Δ shifts the records' Zs by Δ and changes nothing else, as
// long as no Z leaves the int8 range (checked: memoised cells keep every Z
// within ±memoRange). The key is therefore those values relative to the
// cell's avg, and a hit is the stored records shifted.

const (
	memoSlots    = 1 << 13         // largest open-addressing table (power of two): small enough to stay in cache
	memoEntries  = memoSlots / 2   // entries kept before the memo starts over
	memoKeyWords = 1 << 15         // key words kept before the memo starts over
	memoRange    = 120             // |Z| bound of memoised cells' Zs
	memoKeyMax   = 128             // longest key memoised
	memoInf      = 0x7FFF          // szMax beyond any startZ
	memoAbsent   = uint64(1) << 63 // a target with no candidate
	memoMulti    = uint64(1) << 62 // a target with several candidates: their count, then each
	memoOut      = uint64(1) << 61 // a target whose Z is beyond ±memoRange
	memoFlags    = memoAbsent | memoMulti | memoOut
	field12      = 1<<11 - 1 // largest |value| of a 12-bit word field
	inf12        = 0x800     // the 12-bit field value for "no start exceeds szMax"
)

// selfWord is the memo's view of one rule set's candidates of a cell whose
// avg is avg: for one candidate, z, stMin and szMax relative to avg in
// 12-bit fields (the source's key adds avg minus its own avg at bit 36);
// else memoAbsent, memoMulti, or memoOut when a Z is out of range.
func selfWord(e *hrule, avg int16) uint64 {
	switch {
	case e.n == 0:
		return memoAbsent
	case e.n > 1:
		return memoMulti
	case !inMemoRange(int(e.one.z)) || !inMemoRange(int(avg)):
		return memoOut
	}
	z, st := int(e.one.z)-int(avg), int(e.one.stMin)-int(avg)
	sz := inf12
	if int(e.one.szMax) < noLimit/2 {
		sz = int(e.one.szMax) - int(avg)
		if sz < -field12 || sz > field12 {
			return memoOut
		}
	}
	if z < -field12 || z > field12 || st < -field12 || st > field12 {
		return memoOut
	}
	return uint64(z)&0xFFF | uint64(st)&0xFFF<<12 | uint64(sz)&0xFFF<<24
}

// memo maps neighbourhood keys to records.
type memo struct {
	slots   []int32 // entry index + 1; 0 is empty; grows to memoSlots
	entries []memoEntry
	keys    []uint64
	cells   []chunk.Cell
	key     [memoKeyMax]uint64
	klen    int
	hash    uint64
	// hits and misses count lookups of eligible cells.
	hits, misses int
}

// memoEntry is one stored cell: its key in memo.keys, its records (primary
// first, then strata) in memo.cells, and the avg they were probed at.
type memoEntry struct {
	hash   uint64
	off, n int32
	c0, c1 int32
	base   int16
}

// memoKey builds the key of halo cell ci into b.memo.key and reports
// whether the cell is eligible (every Z within ±memoRange, key not too
// long).
func (b *Builder) memoKey(ci int, wet bool) bool {
	c := &b.cells[ci]
	avg := int(c.avg)
	if !inMemoRange(avg) || !inMemoRange(int(c.low)) || !inMemoRange(int(c.top)) || c.s1-c.s0 > 16 {
		return false
	}
	m := &b.memo
	m.key[0] = uint64(c.landRules) | uint64(uint16(c.low-c.avg))<<8 | uint64(uint16(c.top-c.avg))<<24 | uint64(c.s1-c.s0)<<48
	n := 1
	for i := c.s0; i < c.s1; i++ {
		s := &b.statics[i]
		if !inMemoRange(int(s.tz)) || !inMemoRange(int(s.calcTop)) || !inMemoRange(int(s.top)) {
			return false
		}
		m.key[n] = uint64(uint16(int(s.tz)-avg)) | uint64(uint16(int(s.calcTop)-avg))<<16 | uint64(uint16(int(s.top)-avg))<<32 | uint64(s.start)<<48
		n++
	}
	rules := 1
	if wet {
		m.key[0] |= 1 << 40
		rules = 3
	}
	var ok bool
	if n, ok = b.targetKeys(ci, rules, avg, n); !ok {
		return false
	}
	m.klen = n
	m.hash = hashWords(m.key[:n])
	return true
}

// hashWords mixes key words in four independent lanes (the multiplies
// overlap), then folds them.
func hashWords(ws []uint64) uint64 {
	a, b, c, d := uint64(len(ws)), uint64(0x243F6A8885A308D3), uint64(0x13198A2E03707344), uint64(0xA4093822299F31D0)
	for len(ws) >= 4 {
		a = (a ^ ws[0]) * 0x9E3779B97F4A7C15
		b = (b ^ ws[1]) * 0xC2B2AE3D27D4EB4F
		c = (c ^ ws[2]) * 0x165667B19E3779F9
		d = (d ^ ws[3]) * 0xD6E8FEB86659FD93
		ws = ws[4:]
	}
	for _, w := range ws {
		a = (a ^ w) * 0x9E3779B97F4A7C15
	}
	h := a ^ b>>17 ^ c<<23 ^ d>>31
	h ^= h >> 29
	h *= 0xBF58476D1CE4E5B9
	return h ^ h>>32
}

// targetKey appends the 8 targets' words under rule set k to the key at n
// (a single candidate's self word with the avg difference at bit 36).
func (b *Builder) targetKey(ci, k, avg, n int) (int, bool) {
	m := &b.memo
	if n+8 >= memoKeyMax {
		return n, false
	}
	key := m.key[n : n+8 : n+8]
	var multi bool
	for d, off := range haloDir {
		t := &b.cells[ci+off]
		w := t.enter[k].word
		if w&memoFlags == 0 {
			w |= uint64(int(t.avg)-avg) & 0xFFF << 36
		}
		key[d] = w
		multi = multi || w&(memoMulti|memoOut) != 0
	}
	if !multi {
		return n + 8, true
	}
	words := [8]uint64(key) // the loop below overwrites key
	for d, off := range haloDir {
		e := &b.cells[ci+off].enter[k]
		switch e.word {
		case memoOut:
			return n, false
		case memoMulti:
			var ok bool
			if n, ok = b.targetWords(e, avg, n); !ok {
				return n, false
			}
		default:
			if n+1 >= memoKeyMax {
				return n, false
			}
			m.key[n] = words[d]
			n++
		}
	}
	return n, true
}

// targetWords appends a target's candidates under one rule set to the key
// at n; false when a Z is out of range or the key too long.
func (b *Builder) targetWords(e *hrule, avg, n int) (int, bool) {
	m := &b.memo
	switch {
	case e.n == 0:
		m.key[n] = memoAbsent
		return n + 1, n+1 < memoKeyMax
	case e.n == 1:
		if !inMemoRange(int(e.one.z)) {
			return n, false
		}
		m.key[n] = memoWord(e.one, avg)
		return n + 1, n+1 < memoKeyMax
	}
	if n+1+int(e.n) >= memoKeyMax {
		return n, false
	}
	m.key[n] = memoMulti | uint64(e.n)
	n++
	for _, c := range b.cands[e.off : e.off+e.n] {
		if !inMemoRange(int(c.z)) {
			return n, false
		}
		m.key[n] = memoWord(c, avg)
		n++
	}
	return n, true
}

// memoWord is a candidate as a key word relative to the source's avg: z,
// stMin and szMax (memoInf when no start reaches it).
func memoWord(c hcand, avg int) uint64 {
	sz := uint64(memoInf)
	if int(c.szMax) < noLimit/2 {
		sz = uint64(uint16(int(c.szMax) - avg))
	}
	return uint64(uint16(int(c.z)-avg)) | uint64(uint16(int(c.stMin)-avg))<<16 | sz<<32
}

func inMemoRange(z int) bool { return z >= -memoRange && z <= memoRange }

// memoGet returns the stored primary record for b.memo.key shifted to avg,
// appending its strata, shifted, to b.strata.
func (b *Builder) memoGet(avg int) (chunk.Cell, bool) {
	m := &b.memo
	mask := uint64(len(m.slots) - 1)
	for i := m.hash & mask; len(m.slots) > 0 && m.slots[i] != 0; i = (i + 1) & mask {
		e := &m.entries[m.slots[i]-1]
		if e.hash != m.hash || int(e.n) != m.klen || !sameWords(m.keys[e.off:e.off+e.n], m.key[:m.klen]) {
			continue
		}
		m.hits++
		dz := avg - int(e.base)
		for _, s := range m.cells[e.c0+1 : e.c1] {
			b.strata = append(b.strata, shiftCell(s, dz))
		}
		return shiftCell(m.cells[e.c0], dz), true
	}
	m.misses++
	return chunk.Cell{}, false
}

// memoPut stores primary and strata, probed at avg, under b.memo.key.
func (b *Builder) memoPut(avg int, primary chunk.Cell, strata []chunk.Cell) {
	m := &b.memo
	if len(m.entries) >= memoEntries || len(m.keys)+m.klen > memoKeyWords {
		clear(m.slots)
		m.entries, m.keys, m.cells = m.entries[:0], m.keys[:0], m.cells[:0]
	}
	if 2*(len(m.entries)+1) > len(m.slots) {
		m.grow()
	}
	e := memoEntry{hash: m.hash, off: int32(len(m.keys)), n: int32(m.klen), c0: int32(len(m.cells)), base: int16(avg)}
	m.keys = append(m.keys, m.key[:m.klen]...)
	m.cells = append(append(m.cells, primary), strata...)
	e.c1 = int32(len(m.cells))
	m.entries = append(m.entries, e)
	m.place(m.hash, int32(len(m.entries)))
}

// grow doubles the table (from 1024 slots) and places the entries again.
func (m *memo) grow() {
	m.slots = make([]int32, max(1024, 2*len(m.slots)))
	for i := range m.entries {
		m.place(m.entries[i].hash, int32(i+1))
	}
}

// place puts entry number v (index + 1) in the first free slot from hash.
func (m *memo) place(hash uint64, v int32) {
	mask := uint64(len(m.slots) - 1)
	i := hash & mask
	for m.slots[i] != 0 {
		i = (i + 1) & mask
	}
	m.slots[i] = v
}

func sameWords(a, b []uint64) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// targetKeys appends the 8 targets' words under the first rules rule sets
// to the key at n. The walker's alone are targetKey's. For the three
// rule sets, where every target has at most one candidate under each (the
// common case) their words go four to a target, the avg difference first
// (no test of a word's flags, the difference kept even beside absent
// words); otherwise rule set by rule set through targetKey, whose words
// for a target with several candidates carry memoMulti, so the layouts
// never give the same key.
func (b *Builder) targetKeys(ci, rules, avg, n int) (int, bool) {
	if rules == 1 {
		return b.targetKey(ci, kWalker, avg, n) // the walker's words: the one rule set's layout
	}
	m := &b.memo
	if n+32 >= memoKeyMax {
		return n, false
	}
	var seen uint64
	key := m.key[n : n+32 : n+32]
	for d, off := range haloDir {
		t := &b.cells[ci+off]
		w0, w1, w2 := t.enter[kWalker].word, t.enter[kSwimmer].word, t.enter[kAmph].word
		key[4*d], key[4*d+1], key[4*d+2], key[4*d+3] = uint64(int(t.avg)-avg)&0xFFF<<36, w0, w1, w2
		seen |= w0 | w1 | w2
	}
	if seen&(memoMulti|memoOut) == 0 {
		return n + 32, true
	}
	for k := 0; k < rules; k++ {
		var ok bool
		if n, ok = b.targetKey(ci, k, avg, n); !ok {
			return n, false
		}
	}
	return n, true
}

// shiftCell moves a record's Zs by dz: its Z and the arrival Z of every
// direction it enters.
func shiftCell(c chunk.Cell, dz int) chunk.Cell {
	c.Z += int8(dz)
	add := uint64(uint8(dz)) * 0x0101010101010101
	shift8(&c.WalkZ, byteMask[c.Walk]&add)
	shift8(&c.SwimZ, byteMask[c.Wet]&add)
	return c
}

// shift8 adds the bytes of add to the bytes of z, each modulo 256 (the
// 7-bit sums, then each byte's top bit).
func shift8(z *[8]int8, add uint64) {
	b := unsafe.Slice((*byte)(unsafe.Pointer(&z[0])), 8)
	v := binary.LittleEndian.Uint64(b)
	const low7, top = 0x7F7F7F7F7F7F7F7F, 0x8080808080808080
	binary.LittleEndian.PutUint64(b, (v&low7)+(add&low7)^((v^add)&top))
}

// maskBytes keeps the bytes of z whose bit is set in bits, zeroing the
// others.
func maskBytes(z [8]int8, bits uint8) (out [8]int8) {
	v := binary.LittleEndian.Uint64(unsafe.Slice((*byte)(unsafe.Pointer(&z[0])), 8))
	binary.LittleEndian.PutUint64(unsafe.Slice((*byte)(unsafe.Pointer(&out[0])), 8), v&byteMask[bits])
	return out
}

// byteMask[bits] has byte d set to 0xFF where bit d of bits is set.
var byteMask = func() (t [256]uint64) {
	for bits := range t {
		for d := 0; d < 8; d++ {
			if bits&(1<<d) != 0 {
				t[bits] |= 0xFF << (8 * d)
			}
		}
	}
	return t
}()
