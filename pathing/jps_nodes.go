package pathing

import (
	"math"
	"slices"

	"github.com/shardcore/shardcore/movement"
)

// canonZ is the Z a node key holds for a regular cell's canonical state
// (the state at its record's Z, the only one a grid step reaches): the
// record is read only when the Z is needed (a full expansion, the path).
const canonZ = -1 << 15

// jnode is one state (x, y, z) of the jump search with its best cost. Its
// cost is kept exactly as counts of straight and diagonal steps, so equal
// costs compare equal whatever order the steps were summed in: a node
// reached at its best cost from several directions keeps them all (arr),
// and its expansion serves every one (see doc.go, "Ties").
type jnode struct {
	key      uint64
	g        float64 // cost under the request's model, from (gc, gd)
	gc, gd   int32   // straight and diagonal steps of the best path
	parent   int32
	x, y     int32
	z        int16
	pdir     movement.Dir // direction of the (last) segment from the parent
	bdir     movement.Dir // with bsteps > 0: the path from the parent first takes bsteps steps in bdir
	bsteps   int32
	arr      uint8 // directions of the grid steps it was reached by at cost g
	done     uint8 // arrivals already expanded
	full     bool  // reached at cost g by a step that needs a full expansion
	fullDone bool
}

// pending reports whether some arrival at the best cost is not expanded yet.
func (n *jnode) pending() bool { return n.arr&^n.done != 0 || (n.full && !n.fullDone) }

// jstore is the jump search's node store, node table and open set.
type jstore struct {
	nodes []jnode
	open  fQueue
	// fast holds the entries pushed during an expansion at an f within
	// the expanding node's, lim (see push): popped last in, first out,
	// before the heap's.
	fast   []heapItem
	lim    float64
	table  []slot
	gen    uint32
	octile bool
	diag   float64 // a diagonal step's cost: sqrt2 (octile) or 1 (uniform; exact, as the sum of counts)
	// topF is the f of the entry popBefore returned last: its
	// node's g plus its heuristic, as the node's expansion needs it
	topF float64
}

// setCost sets the cost model: octile, else uniform.
func (c *jstore) setCost(octile bool) {
	c.octile, c.diag = octile, 1
	if octile {
		c.diag = sqrt2
	}
}

// reserve grows the store's scratch to hold n nodes (and their entries)
// without growing, and writes it, so the searches that fill it later
// neither allocate nor fault its pages in.
func (c *jstore) reserve(n int) {
	if cap(c.nodes) < n {
		c.nodes = slices.Grow(c.nodes[:0], n)
		clear(c.nodes[:n])
		c.open.grow(n)
		c.fast = slices.Grow(c.fast[:0], n)
		clear(c.fast[:n])
	}
	if len(c.table) == 0 {
		c.table = make([]slot, 1<<12) // grown as a search needs (a larger one spreads its nodes over more cache lines)
	}
}

func (c *jstore) reset(octile bool) {
	c.setCost(octile)
	c.nodes = c.nodes[:0]
	c.open.reset()
	c.fast, c.lim = c.fast[:0], math.Inf(-1)
	c.gen++
	if c.gen == 0 {
		clear(c.table)
		c.gen = 1
	}
	if len(c.table) == 0 {
		c.table = make([]slot, 1<<12)
	}
}

// cost is the cost of gc straight and gd diagonal steps.
func (c *jstore) cost(gc, gd int32) float64 {
	return float64(gc) + c.diag*float64(gd)
}

// sameCost reports whether (ac, ad) and (bc, bd) cost the same exactly.
func (c *jstore) sameCost(ac, ad, bc, bd int32) bool {
	if c.octile {
		return ac == bc && ad == bd
	}
	return ac+ad == bc+bd
}

func (c *jstore) lookup(key uint64) (pos int, idx int32) {
	mask := len(c.table) - 1
	h := int((key * 0x9E3779B97F4A7C15) >> 40)
	for i := h & mask; ; i = (i + 1) & mask {
		s := &c.table[i]
		if s.gen != c.gen {
			return i, -1
		}
		if s.key == key {
			return i, s.idx
		}
	}
}

func (c *jstore) grow() {
	old := c.table
	c.table = make([]slot, len(old)*2)
	for _, s := range old {
		if s.gen != c.gen {
			continue
		}
		pos, _ := c.lookup(s.key)
		c.table[pos] = s
	}
}

// arrival is a way a state is reached: from parent by a segment in dir of
// cost (gc, gd); full says the state must be expanded in full (its step
// was not a grid step, or it is not regular).
type arrival struct {
	parent int32
	dir    movement.Dir
	gc, gd int32
	full   bool
	bdir   movement.Dir // a diagonal segment before dir's (bsteps > 0)
	bsteps int32
}

// relaxBy offers state (x, y, z) by a (read in place: a struct passed by
// value is copied in wide loads over its narrow stores, see parkAt); h is
// its heuristic.
func (c *jstore) relaxBy(x, y, z int, a *arrival, h float64) {
	key := packKey(x, y, z)
	pos, idx := c.lookup(key)
	c.relaxAt(pos, idx, key, x, y, z, a, h)
}

// worse reports whether a reaches node idx at a higher cost than its
// best, so that relaxAt would do nothing. Rays and full expansions reach
// many states again so (a jump point seen from several diagonals, a cell
// beside two expanded ones): a caller that looks the state up itself drops
// those before it works out their heuristic.
func (c *jstore) worse(idx int32, a *arrival) bool {
	n := &c.nodes[idx]
	return !c.sameCost(a.gc, a.gd, n.gc, n.gd) && c.cost(a.gc, a.gd) > n.g
}

// relaxAt is relaxBy past its lookup: key is the state's, and pos and idx
// what lookup returned for it.
func (c *jstore) relaxAt(pos int, idx int32, key uint64, x, y, z int, a *arrival, h float64) {
	g := c.cost(a.gc, a.gd)
	if idx < 0 { // a new node
		if 2*(len(c.nodes)+1) > len(c.table) {
			c.grow()
			pos, _ = c.lookup(key)
		}
		idx = int32(len(c.nodes))
		var arr uint8
		if !a.full {
			arr = bit(a.dir)
		}
		c.nodes = append(c.nodes, jnode{}) // then field by field (see core.add)
		n := &c.nodes[idx]
		n.key, n.x, n.y, n.z, n.g, n.gc, n.gd = key, int32(x), int32(y), int16(z), g, a.gc, a.gd
		n.parent, n.pdir, n.bdir, n.bsteps, n.arr, n.full = a.parent, a.dir, a.bdir, a.bsteps, arr, a.full
		c.table[pos] = slot{key: key, idx: idx, gen: c.gen}
		c.push(heapItem{f: g + h, g: g, idx: idx})
		return
	}
	n := &c.nodes[idx]
	if c.sameCost(a.gc, a.gd, n.gc, n.gd) {
		was := n.pending()
		if a.full {
			n.full = true
		} else {
			n.arr |= bit(a.dir)
		}
		if !was && n.pending() {
			c.push(heapItem{f: g + h, g: g, idx: idx})
		}
		return
	}
	if g > n.g {
		return
	}
	n.g, n.gc, n.gd, n.parent, n.pdir, n.bdir, n.bsteps = g, a.gc, a.gd, a.parent, a.dir, a.bdir, a.bsteps
	n.arr, n.done, n.full, n.fullDone = 0, 0, a.full, false
	if !a.full {
		n.arr = bit(a.dir)
	}
	c.push(heapItem{f: g + h, g: g, idx: idx})
}

// push files an open entry. One of f at most lim, the f of the node being
// expanded (its expansion sets lim; pop clears it), goes to fast: the node
// expanded has the lowest f of the open set, and with a consistent
// heuristic no entry has a lower f than its own, so such an entry's f is
// the lowest (f within fSlack counts as equal, as in expand's limit) and A*
// may pop it next. It skips the heap, most often on the way straight at
// the goal.
func (c *jstore) push(it heapItem) {
	if it.f <= c.lim {
		c.fast = append(c.fast, it)
		return
	}
	c.open.push(it)
}

// popBefore returns the open node with the lowest f that has arrivals to
// expand when its f is below before (false: none is, or the open set is
// empty).
func (c *jstore) popBefore(before float64) (idx int32, ok bool) {
	for {
		var top heapItem
		if k := len(c.fast) - 1; k >= 0 {
			if top = c.fast[k]; top.f >= before {
				return -1, false
			}
			c.fast = c.fast[:k]
		} else if f, ok := c.open.low(); ok && f < before {
			top = c.open.popMin()
		} else {
			return -1, false
		}
		n := &c.nodes[top.idx]
		if top.g > n.g || !n.pending() {
			continue // stale entry
		}
		c.topF = top.f
		return top.idx, true
	}
}
