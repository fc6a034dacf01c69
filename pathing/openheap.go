package pathing

// heapItem orders the open set: lowest f first, ties to the larger g.
type heapItem struct {
	f, g float64
	idx  int32
}

func (a heapItem) less(b heapItem) bool {
	return a.f < b.f || (a.f == b.f && a.g > b.g)
}

// openHeap is the binary min-heap of open entries the A* searches share
// (the classic and cache A*'s core, the jump search's store). Entries are
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
