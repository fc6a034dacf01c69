package pathing

import "math"

// heapItem orders the open set: lowest f first, ties to the larger g (in
// openHeap; fHeap ignores g).
type heapItem struct {
	f, g float64
	idx  int32
}

func (a heapItem) less(b heapItem) bool {
	return a.f < b.f || (a.f == b.f && a.g > b.g)
}

// openHeap is the binary min-heap of open entries the A* searches share
// (the classic and cache A*'s core; the jump search's store keeps an
// fHeap). Entries are
// never updated in place: a better g pushes a new entry, and the caller
// skips the stale ones it pops.
type openHeap []heapItem

func (q *openHeap) push(it heapItem) {
	h := append(*q, it)
	i := len(h) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !it.less(h[p]) {
			break
		}
		h[i] = h[p]
		i = p
	}
	h[i] = it
	*q = h
}

// popMin removes and returns the entry with the lowest f (ties to the
// larger g); ok is false when the heap is empty.
func (q *openHeap) popMin() (top heapItem, ok bool) {
	h := *q
	if len(h) == 0 {
		return heapItem{}, false
	}
	top = h[0]
	last := h[len(h)-1]
	h = h[:len(h)-1]
	if len(h) > 0 {
		i := 0
		for {
			l := 2*i + 1
			if l >= len(h) {
				break
			}
			m := l
			if r := l + 1; r < len(h) && h[r].less(h[l]) {
				m = r
			}
			if !h[m].less(last) {
				break
			}
			h[i] = h[m]
			i = m
		}
		h[i] = last
	}
	*q = h
	return top, true
}

// fHeap is the heap of the jump search's open set (fQueue's front and
// over): openHeap ordered by f alone, ties in no particular order (any
// order of equal f keeps A* exact). The jump
// search takes an expansion's successors of equal f off its fast stack
// first (see jstore.push), so openHeap's tie rule would cost it more than
// it saves. The classic and cache A*s keep openHeap: without the rule they
// expand far more nodes on long uniform-cost plateaus.
type fHeap []heapItem

func (q *fHeap) push(it heapItem) {
	h := append(*q, it)
	i := len(h) - 1
	for i > 0 {
		p := (i - 1) / 2
		if it.f >= h[p].f {
			break
		}
		h[i] = h[p]
		i = p
	}
	h[i] = it
	*q = h
}

// popMin removes and returns an entry with the lowest f (the heap must
// not be empty). It is the bottom-up pop: the hole at the root goes down
// to a leaf along the smaller children, one comparison a level, and the
// last entry rises from there, which is seldom far, since it came from the
// bottom. The usual pop compares the last entry at every level as well,
// a branch the core mispredicts about half the time.
func (q *fHeap) popMin() heapItem {
	h := *q
	top, n := h[0], len(h)-1
	last := h[n]
	h = h[:n]
	i := 0
	for {
		l := 2*i + 1
		if l >= n {
			break
		}
		if l+1 < n { // f is never negative: its bits order as the float does, and an integer compare needs no branch
			l += b2i(math.Float64bits(h[l+1].f) < math.Float64bits(h[l].f))
		}
		h[i] = h[l]
		i = l
	}
	for i > 0 {
		p := (i - 1) / 2
		if h[p].f <= last.f {
			break
		}
		h[i] = h[p]
		i = p
	}
	if n > 0 {
		h[i] = last
	}
	*q = h
	return top
}
