package swb

// rd is a bounds-checked cursor over the plain index: reads past the end
// return zeros and set bad, so a malformed index never panics.
type rd struct {
	b   []byte
	off int
	bad bool
}

func (r *rd) u8() byte {
	if r.off >= len(r.b) {
		r.bad = true
		return 0
	}
	v := r.b[r.off]
	r.off++
	return v
}

func (r *rd) bytes(n int) []byte {
	if n < 0 || len(r.b)-r.off < n {
		r.bad = true
		r.off = len(r.b)
		return nil
	}
	v := r.b[r.off : r.off+n]
	r.off += n
	return v
}

func (r *rd) uvarint() uint64 {
	var v uint64
	for s := uint(0); s < 64; s += 7 {
		b := r.u8()
		if r.bad {
			return 0
		}
		v |= uint64(b&0x7f) << s
		if b < 0x80 {
			return v
		}
	}
	r.bad = true
	return 0
}
