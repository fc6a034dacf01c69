package pathing

import (
	"math"
	"math/bits"
	"slices"
)

// openWidth is the span of f one bucket of fQueue holds (a power of two,
// so a bucket's bounds are exact in floating point).
const openWidth = 1.0

// ringCap is the entries a ring bucket of fQueue holds at least (more go
// to over); grow raises it for a search of many nodes, up to maxRingCap.
const (
	ringCap    = 16
	maxRingCap = 1024
)

// fQueue is the jump search's open set: an fHeap of the entries in the
// lowest occupied band of f (front), above it a ring of unsorted buckets,
// one a band of openWidth, and a second fHeap (over) for the entries
// beyond the ring's 64 bands or past a full bucket. An entry is pushed
// onto front when its f is below front's bound, else appended to its
// band's bucket; when front runs empty, the lowest band of the ring's and
// over's becomes front. A search's open set holds many entries it never
// pops (their f lies above the path's), and in a bucket they cost an
// append, not a sift through a heap of all of them; the heap that pops is
// front's few. The order popped is the lowest f first, as fHeap's: every
// entry in front lies below every other.
type fQueue struct {
	front fHeap
	hi    float64 // front's bound: every entry below it is in front
	cur   int     // front's band (f in [cur, cur+1) × openWidth)
	ring  [64][]heapItem
	full  uint64 // bit b: ring[b] holds entries
	n     int    // entries in the ring
	over  fHeap
}

// reset empties q for a new search.
func (q *fQueue) reset() {
	if q.ring[0] == nil {
		q.makeRing(ringCap)
	}
	for m := q.full; m != 0; m &= m - 1 {
		b := bits.TrailingZeros64(m)
		q.ring[b] = q.ring[b][:0]
	}
	q.front, q.over = q.front[:0], q.over[:0]
	q.full, q.n, q.cur, q.hi = 0, 0, -1, 0
}

// makeRing gives each of the ring's buckets room for n entries, one
// array for all, written.
func (q *fQueue) makeRing(n int) {
	all := make([]heapItem, 64*n)
	clear(all) // fault its pages in now, not in a search
	for b := range q.ring {
		q.ring[b] = all[b*n : b*n : (b+1)*n]
	}
}

// grow sizes q for n entries (see jstore.reserve).
func (q *fQueue) grow(n int) {
	if rc := min(max(n/64, ringCap), maxRingCap); cap(q.ring[0]) < rc {
		q.makeRing(rc)
	}
	if cap(q.front) < n { // written, as jstore.reserve's
		q.front = slices.Grow(q.front[:0], n)
		clear(q.front[:n])
		q.over = slices.Grow(q.over[:0], n)
		clear(q.over[:n])
	}
}

// push files it.
func (q *fQueue) push(it heapItem) {
	if it.f < q.hi {
		q.front.push(it)
		return
	}
	b := int(it.f * (1 / openWidth))
	r := b & 63
	if uint(b-q.cur) >= 64 || len(q.ring[r]) == cap(q.ring[r]) {
		q.over.push(it)
		return
	}
	q.ring[r] = append(q.ring[r], it)
	q.full |= 1 << uint(r)
	q.n++
}

// low reports the lowest f in q (false: q is empty), making its band front.
func (q *fQueue) low() (float64, bool) {
	if len(q.front) == 0 && !q.advance() {
		return 0, false
	}
	return q.front[0].f, true
}

// popMin removes and returns an entry of the lowest f (q must not be
// empty: low reported true).
func (q *fQueue) popMin() heapItem { return q.front.popMin() }

// advance makes the lowest band of the ring's and over's front (front is
// empty); false when q is empty.
func (q *fQueue) advance() bool {
	b := math.MaxInt
	if q.n > 0 {
		r := uint(q.cur+1) & 63
		b = q.cur + 1 + bits.TrailingZeros64(bits.RotateLeft64(q.full, -int(r)))
	}
	if len(q.over) > 0 {
		f := q.over[0].f * (1 / openWidth)
		if f < float64(b) {
			b = int(f)
		}
	} else if q.n == 0 {
		return false
	}
	q.cur, q.hi = b, float64(b+1)*openWidth
	if r := b & 63; q.full&(1<<uint(r)) != 0 {
		items := q.ring[r]
		q.n -= len(items)
		q.full &^= 1 << uint(r)
		for _, it := range items {
			q.front.push(it)
		}
		q.ring[r] = items[:0]
	}
	for len(q.over) > 0 && (q.over[0].f < q.hi || len(q.front) == 0) { // (an f past int's range has no band)
		q.front.push(q.over.popMin())
	}
	return true
}
