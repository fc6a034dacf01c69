package savefile

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
)

// enc appends values to a buffer: unsigned and signed varints, bytes
// with their length, booleans as a byte.
type enc struct{ b []byte }

func (e *enc) u(v uint64)     { e.b = binary.AppendUvarint(e.b, v) }
func (e *enc) i(v int64)      { e.b = binary.AppendVarint(e.b, v) }
func (e *enc) n(v int)        { e.i(int64(v)) }
func (e *enc) bytes(v []byte) { e.u(uint64(len(v))); e.b = append(e.b, v...) }
func (e *enc) bool(v bool) {
	if v {
		e.b = append(e.b, 1)
	} else {
		e.b = append(e.b, 0)
	}
}

// errShort and errValue are what a body that does not decode says.
var (
	errShort = errors.New("truncated")
	errValue = errors.New("value out of range")
)

// dec reads what enc wrote from b. Its first error sticks: every later read
// returns zero, so a decoder reads on and checks err once.
type dec struct {
	b   []byte
	off int
	err error
}

func (d *dec) fail(err error, what string) {
	if d.err == nil {
		d.err = fmt.Errorf("%s at byte %d: %w", what, d.off, err)
	}
}

func (d *dec) u(what string) uint64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Uvarint(d.b[d.off:])
	if n <= 0 {
		d.fail(errShort, what)
		return 0
	}
	d.off += n
	return v
}

func (d *dec) i(what string) int64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Varint(d.b[d.off:])
	if n <= 0 {
		d.fail(errShort, what)
		return 0
	}
	d.off += n
	return v
}

// n reads an int in [lo, hi].
func (d *dec) n(what string, lo, hi int64) int {
	v := d.i(what)
	if d.err == nil && (v < lo || v > hi) {
		d.fail(fmt.Errorf("%w: %d not in %d..%d", errValue, v, lo, hi), what)
		return 0
	}
	return int(v)
}

// count reads a length of items at least minBytes each: a length the rest
// of the body cannot hold is an error, so a corrupt count never allocates.
func (d *dec) count(what string, minBytes int) int {
	v := d.u(what)
	if d.err != nil {
		return 0
	}
	if left := len(d.b) - d.off; v > uint64(left/max(minBytes, 1)) {
		d.fail(fmt.Errorf("%w: %d items with %d bytes left", errShort, v, left), what)
		return 0
	}
	return int(v)
}

func (d *dec) bytes(what string) []byte {
	n := d.count(what, 1)
	if d.err != nil {
		return nil
	}
	v := append([]byte(nil), d.b[d.off:d.off+n]...)
	d.off += n
	return v
}

func (d *dec) bool(what string) bool {
	if d.err != nil {
		return false
	}
	if d.off >= len(d.b) {
		d.fail(errShort, what)
		return false
	}
	v := d.b[d.off]
	d.off++
	if v > 1 {
		d.fail(fmt.Errorf("%w: %d is no boolean", errValue, v), what)
	}
	return v == 1
}

// Ranges of the fields the decoder checks as it reads.
const (
	maxInt32 = math.MaxInt32
	minInt32 = math.MinInt32
)
