package stepcache

// targetKeys appends the 8 targets' words under the first rules rule sets
// to the key at n. Where every target has at most one candidate under
// each (the common case) the words go target by target, each target's
// avg difference computed once; otherwise rule set by rule set through
// targetKey, whose words for a target with several candidates carry
// memoMulti, so the two layouts never give the same key.
func (b *Builder) targetKeys(ci, rules, avg, n int) (int, bool) {
	m := &b.memo
	if n+8*rules >= memoKeyMax {
		return n, false // as targetKey would (its first rule set that overflows)
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
		key := m.key[n : n+24 : n+24]
		for d, off := range haloDir {
			t := &b.cells[ci+off]
			dz := uint64(int(t.avg)-avg) & 0xFFF << 36
			w := [3]uint64{t.enter[kWalker].word, t.enter[kSwimmer].word, t.enter[kAmph].word}
			for k := range w {
				if w[k]&memoFlags == 0 {
					w[k] |= dz
				}
				seen |= w[k]
			}
			key[3*d], key[3*d+1], key[3*d+2] = w[0], w[1], w[2]
		}
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
