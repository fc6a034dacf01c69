package bake

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
