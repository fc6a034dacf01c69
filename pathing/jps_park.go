package pathing

import "math"

// parked is a node a ray made whose f was above the expanding node's: an
// entry of the parking lot (see JPS.node).
type parked struct {
	x, y int32
	next int32 // the next node parked at the same f (-1: none)
	h    float64
	a    arrival
}

// parkLot holds the nodes rays made above the f being expanded, outside
// the node store and the open heap, until the open heap's lowest f reaches
// theirs: many of them lie beyond the optimal path's cost and are never
// needed (under the uniform cost a ray across the goal's
// direction is past the f limit a few cells on, and many such rays end
// above the final f), and a slice append is far cheaper than a node and a
// heap entry. Only the uniform cost parks, and under it every f is a whole
// number: the lot chains the nodes of each f together (head, tail), so
// bringing in the nodes of the lowest f reads those alone, not every node
// parked above them (a single list read all of them at each f a search
// passed: 7.5% of the forest walk's instructions). The nodes themselves
// stay in one list in the order parked: a slice of their own per f cost
// more time than it saved instructions (forest walk 11.1 -> 12.3 µs).
type parkLot struct {
	list       []parked // the nodes parked this search, in the order parked
	head, tail []int32  // head[f], tail[f]: f's first and last node in list (-1: none)
	lo         int      // the lowest f with nodes parked (maxParkF when none)
	hi         int      // one past the highest f with nodes parked (0 when none)
}

// maxParkF bounds the f the lot has a chain for; a node of higher f is
// made at once (as under the octile cost), which is never wrong.
const maxParkF = 1 << 14

func (p *parkLot) reset() {
	for f := p.lo; f < p.hi; f++ {
		p.head[f], p.tail[f] = -1, -1
	}
	p.list = p.list[:0]
	p.lo, p.hi = maxParkF, 0
}

// grow gives the lot chains for f up to k.
func (p *parkLot) grow(k int) {
	for len(p.head) <= k {
		p.head, p.tail = append(p.head, -1), append(p.tail, -1)
	}
}

// empty reports whether no node is parked.
func (p *parkLot) empty() bool { return p.lo >= p.hi }

// min is the lowest f parked (+Inf when none).
func (p *parkLot) min() float64 {
	if p.empty() {
		return math.Inf(1)
	}
	return float64(p.lo)
}

// node makes (or improves) the node where a ray stopped (the canonical
// state of a regular cell, else a full node at the record's Z), at once when its
// f is within the expanding node's (s.rays.fLim) or the cost is octile, else
// parked (see parkLot). Octile costs have many levels of f, none a whole
// number to chain by, and bringing each in would cost more than parking
// saves; uniform costs have few.
// The pop order is unchanged: pop brings the parked nodes of f up to the
// heap's lowest in before it pops an entry whose f is not below the lowest
// parked f, so the search expands the same nodes in the same order (up to
// ties within equal f and g) as if they had been made at once; the ones
// above the goal's f never come in. It reports whether it offered the
// node to the store (not parked). It reads a in place and marks it full
// where it makes a full node: a is a temporary of the caller's (a literal,
// or a parked entry being brought in). Under the octile cost a regular
// cell's state is looked up before its heuristic is worked out: rays reach
// nearly two nodes in five again at a higher cost (lak303d), dropped
// there (jstore.worse).
func (s *JPS) node(x, y int, a *arrival) bool {
	if s.st.octile {
		if s.layerRegular0(x, y) { // the canonical state of a regular cell (see offer)
			key := packKey(x, y, canonZ)
			if pos, idx := s.st.lookup(key); idx < 0 || !s.st.worse(idx, a) {
				s.st.relaxAt(pos, idx, key, x, y, canonZ, a, s.heuristic(x, y))
			}
			return true
		}
		return s.offer(x, y, a, s.heuristic(x, y))
	}
	h := s.heuristic(x, y)
	if f := float64(a.gc+a.gd) + h; f > s.rays.fLim && f < maxParkF {
		s.parkAt(x, y, f, h, a)
		return false
	}
	return s.offer(x, y, a, h)
}

// offer is node past the parking: it offers the node (x, y) by a, whose
// heuristic is h, to the store, and reports whether it did (false only
// for a cell outside the resident chunks, which the proof rules out).
// unpark calls it directly with the h it parked.
func (s *JPS) offer(x, y int, a *arrival, h float64) bool {
	z := canonZ
	if !s.layerRegular0(x, y) && !s.regular(x, y) {
		v := s.views.at(x>>4, y>>4)
		if v.cn == nil {
			// The view may be older than the chunk: this search's own
			// lookups can make a chunk resident after its view was
			// fetched, and a map fetched since knows the cell the ray
			// entered. Ask again: a ray never leaves the resident chunks.
			s.jst.Refetches++
			if v = s.views.refetch(x>>4, y>>4); v.cn == nil {
				s.jst.Anomalies++ // by the proof, never
				return false
			}
		}
		a.full = true
		z = s.recordZ(x, y)
	}
	key := packKey(x, y, z) // relaxBy, with one call fewer
	pos, idx := s.st.lookup(key)
	s.st.relaxAt(pos, idx, key, x, y, z, a, h)
	return true
}

// parkAt appends the parked node (x, y) with f (a whole number below
// maxParkF), h and a, field by field, and chains it to f's. A struct
// literal appended whole is built on the stack in narrow stores
// and copied with wide loads that span them, which the core cannot
// forward from its store buffer: each such copy waits for the stores to
// reach the cache (node's arrival is a pointer for the same reason).
func (s *JPS) parkAt(x, y int, f, h float64, a *arrival) {
	lot, k := &s.park, int(f)
	if k >= len(lot.head) {
		lot.grow(k)
	}
	i := int32(len(lot.list))
	l := append(lot.list, parked{})
	p := &l[i]
	p.x, p.y, p.next, p.h = int32(x), int32(y), -1, h
	p.a.parent, p.a.dir, p.a.gc, p.a.gd = a.parent, a.dir, a.gc, a.gd
	p.a.full, p.a.bdir, p.a.bsteps = a.full, a.bdir, a.bsteps
	lot.list = l
	if t := lot.tail[k]; t >= 0 {
		l[t].next = i
	} else {
		lot.head[k] = i
	}
	lot.tail[k] = i
	if k < lot.lo {
		lot.lo = k
	}
	if k >= lot.hi {
		lot.hi = k + 1
	}
}

// pop returns the open node to expand next (see jstore.popBefore), bringing the
// parked nodes in as the open heap's lowest f reaches theirs.
func (s *JPS) pop() (int32, bool) {
	s.st.lim = math.Inf(-1) // the entries unpark makes go to the heap
	for {
		if s.park.empty() {
			return s.st.popBefore(math.Inf(1))
		}
		low := s.park.min()
		if idx, ok := s.st.popBefore(low); ok {
			return idx, true
		}
		upto := low
		if f, ok := s.st.open.low(); ok {
			upto = max(upto, f)
		}
		s.unpark(upto)
	}
}

// unpark brings in the parked nodes of f up to upto (offer: past the
// parking, with the h they were parked with), lowest f first and in the
// order parked within an f, and keeps the rest.
func (s *JPS) unpark(upto float64) {
	lot := &s.park
	k := lot.lo
	for ; k < lot.hi && float64(k) <= upto; k++ {
		for i := lot.head[k]; i >= 0; {
			p := &lot.list[i]
			i = p.next
			s.offer(int(p.x), int(p.y), &p.a, p.h)
		}
		lot.head[k], lot.tail[k] = -1, -1
	}
	for k < lot.hi && lot.head[k] < 0 {
		k++
	}
	if k >= lot.hi {
		lot.lo, lot.hi = maxParkF, 0
		return
	}
	lot.lo = k
}
