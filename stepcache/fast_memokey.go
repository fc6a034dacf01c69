package stepcache

// targetKeys appends the 8 targets' words under the first rules rule sets
// to the key at n. Where every target has at most one candidate under
// each (the common case) the walker's words go target by target, each a
// single candidate's self word with the avg difference at bit 36, and the
// three rule sets' words four to a target, the avg difference first (no
// test of a word's flags, the difference kept even beside absent words);
// otherwise rule set by rule set through targetKey, whose words for a
// target with several candidates carry memoMulti, so the layouts never
// give the same key.
func (b *Builder) targetKeys(ci, rules, avg, n int) (int, bool) {
	m := &b.memo
	width := 8
	if rules > 1 {
		width = 32
	}
	if n+width >= memoKeyMax {
		return n, false
	}
	var seen uint64
	if rules == 1 {
		key := m.key[n : n+8 : n+8]
		for d, off := range haloDir {
			t := &b.cells[ci+off]
			w := t.enter[kWalker].word
			if w&memoFlags == 0 {
				w |= uint64(int(t.avg)-avg) & 0xFFF << 36
			}
			key[d] = w
			seen |= w
		}
	} else {
		key := m.key[n : n+32 : n+32]
		for d, off := range haloDir {
			t := &b.cells[ci+off]
			w0, w1, w2 := t.enter[kWalker].word, t.enter[kSwimmer].word, t.enter[kAmph].word
			key[4*d], key[4*d+1], key[4*d+2], key[4*d+3] = uint64(int(t.avg)-avg)&0xFFF<<36, w0, w1, w2
			seen |= w0 | w1 | w2
		}
	}
	if seen&(memoMulti|memoOut) == 0 {
		return n + width, true
	}
	if seen&(memoMulti|memoOut) == 0 {
		return n + 8*rules, true
	}
	for k := 0; k < rules; k++ {
		var ok bool
		if n, ok = b.targetKey(ci, k, avg, n); !ok {
			return n, false
		}
	}
	return n, true
}
