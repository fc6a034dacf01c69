package swbtest

// A fuzz input that Input reads stays a few bytes long however large the
// file or record it stands for: the fuzzer minimizes every input that
// reaches new code, in time quadratic in its length, and on inputs of
// whole multi-kilobyte files that took the whole run. Its first byte picks
// a base, the rest is an edit script (Edit) applied to a copy of it; a
// first byte of RawInput makes the rest the bytes themselves (at most
// MaxRawInput of them, so that they minimize quickly too).
const (
	// RawInput as an input's first byte: the rest is the bytes.
	RawInput = 0xFF
	// MaxRawInput bounds the bytes of a raw input.
	MaxRawInput = 512
	// maxEdits bounds the edits of one input.
	maxEdits = 16
)

// Input is the bytes a fuzz input stands for: the raw bytes (ok false
// when longer than MaxRawInput), or bases[in[0] % len(bases)] edited by
// in[1:]. high reports the first byte's high bit, which the targets use
// for a flag of their own (FuzzOpen: recompute the checksums).
func Input(in []byte, bases [][]byte) (b []byte, high, ok bool) {
	if len(in) == 0 || len(bases) == 0 {
		return nil, false, false
	}
	if in[0] == RawInput {
		return in[1:], false, len(in)-1 <= MaxRawInput
	}
	base := bases[int(in[0]&0x7F)%len(bases)]
	return Edit(base, in[1:]), in[0]&0x80 != 0, true
}

// Edit returns a copy of base changed by script: up to maxEdits edits of 4
// bytes each, kind, offset (big-endian u16, modulo the length) and value:
//
//	0: XOR the byte at offset with value
//	1: set the byte at offset to value
//	2: cut the bytes from offset on
//	3: insert value before offset
//	4: delete value+1 bytes from offset
//	5: add value to the byte at offset
//
// (kinds modulo 6). A trailing partial edit is ignored.
func Edit(base, script []byte) []byte {
	b := append([]byte(nil), base...)
	for k := 0; k+4 <= len(script) && k < 4*maxEdits; k += 4 {
		kind, off, v := script[k]%6, int(script[k+1])<<8|int(script[k+2]), script[k+3]
		switch kind {
		case 2:
			b = b[:off%(len(b)+1)]
		case 3:
			at := off % (len(b) + 1)
			b = append(b[:at], append([]byte{v}, b[at:]...)...)
		}
		if len(b) == 0 || kind == 2 || kind == 3 {
			continue
		}
		at := off % len(b)
		switch kind {
		case 0:
			b[at] ^= v
		case 1:
			b[at] = v
		case 4:
			b = append(b[:at], b[min(at+int(v)+1, len(b)):]...)
		case 5:
			b[at] += v
		}
	}
	return b
}

// EditInput is the input that stands for bases[base] edited by edits (each
// kind, offset, value): what a committed seed file holds.
func EditInput(base int, high bool, edits ...[3]int) []byte {
	sel := byte(base)
	if high {
		sel |= 0x80
	}
	in := []byte{sel}
	for _, e := range edits {
		in = append(in, byte(e[0]), byte(e[1]>>8), byte(e[1]), byte(e[2]))
	}
	return in
}
