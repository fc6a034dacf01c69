package pathing

import "math"

// parked is a node a ray made whose f was above the expanding node's: an
// entry of the parking lot (see JPS.node).
type parked struct {
	x, y int32
	f, h float64
	a    arrival
}

// parkLot holds the nodes rays made above the f being expanded, outside
// the node store and the open heap, until the open heap's lowest f reaches
// theirs: many of them lie beyond the optimal path's cost and are never
// needed (under the uniform cost a ray across the goal's
// direction is past the f limit a few cells on, and many such rays end
// above the final f), and a slice append is far cheaper than a node and a
// heap entry.
type parkLot struct {
	list []parked
	min  float64 // the lowest f in list (+Inf when empty)
}

func (p *parkLot) reset() {
	p.list = p.list[:0]
	p.min = math.Inf(1)
}

// node makes (or improves) the node where a ray stopped (the canonical
// state of a regular cell, else a full node at the record's Z), at once when its
// f is within the expanding node's (s.rays.fLim) or the cost is octile, else
// parked (see parkLot). Octile costs have many levels of f, each a pass
// over the parked nodes, which would cost more than parking saves; uniform
// costs have few.
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
	if f := float64(a.gc+a.gd) + h; f > s.rays.fLim {
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

// parkAt appends the parked node (x, y) with f, h and a, field by field.
// A struct literal appended whole is built on the stack in narrow stores
// and copied with wide loads that span them, which the core cannot
// forward from its store buffer: each such copy waits for the stores to
// reach the cache (node's arrival is a pointer for the same reason).
func (s *JPS) parkAt(x, y int, f, h float64, a *arrival) {
	l := append(s.park.list, parked{})
	p := &l[len(l)-1]
	p.x, p.y, p.f, p.h = int32(x), int32(y), f, h
	p.a.parent, p.a.dir, p.a.gc, p.a.gd = a.parent, a.dir, a.gc, a.gd
	p.a.full, p.a.bdir, p.a.bsteps = a.full, a.bdir, a.bsteps
	s.park.list, s.park.min = l, min(s.park.min, f)
}

// pop returns the open node to expand next (see jstore.popBefore), bringing the
// parked nodes in as the open heap's lowest f reaches theirs.
func (s *JPS) pop() (int32, bool) {
	s.st.lim = math.Inf(-1) // the entries unpark makes go to the heap
	for {
		if len(s.park.list) == 0 {
			return s.st.popBefore(math.Inf(1))
		}
		if idx, ok := s.st.popBefore(s.park.min); ok {
			return idx, true
		}
		upto := s.park.min
		if f, ok := s.st.open.low(); ok {
			upto = max(upto, f)
		}
		s.unpark(upto)
	}
}

// unpark brings in the parked nodes of f up to upto (offer: past the
// parking, with the h they were parked with) and keeps the rest.
func (s *JPS) unpark(upto float64) {
	list, n, low := s.park.list, 0, math.Inf(1)
	for i := range list {
		p := &list[i]
		if p.f > upto {
			if n != i {
				list[n] = *p // into a slot already read
			}
			n++
			low = min(low, p.f)
		} else {
			s.offer(int(p.x), int(p.y), &p.a, p.h)
		}
	}
	s.park.list, s.park.min = list[:n], low
}
