package pathing

import (
	"math"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/world"
)

// The search core every A* of this package shares. A searcher drives it as
//
//	budget := c.begin(req, res)
//	for c.expansions < budget {
//		idx, ok := c.pop()            // lowest f, ties to larger g
//		if !ok { break }              // open set empty: unreachable
//		n := c.nodes[idx]             // copy: relax may grow c.nodes
//		if c.isGoal(int(n.x), int(n.y)) { c.finish(idx, res); break }
//		c.expansions++
//		for each open direction d with destination Z nz {
//			c.relax(idx, d, x+dx, y+dy, nz, n.g+c.stepCost(d))
//		}
//	}
//	res.Expansions = c.expansions
//
// with its own successor loop inlined (no call through an interface per
// successor). Everything is reused across searches: after warm-up a search
// allocates nothing.

// node is one search state (x, y, z) with its best-known cost.
type node struct {
	key    uint64
	g      float64
	parent int32
	dir    movement.Dir
	closed bool
	x, y   int32
	z      int16
}

// add appends a node, written field by field in its slot: a node literal
// appended whole is built on the stack in narrow stores and copied in
// wide loads that span them, which the core cannot forward from its store
// buffer, so every new node waited for its own stores to reach the cache.
func (c *core) add(key uint64, g float64, parent int32, d movement.Dir, x, y, z int) {
	c.nodes = append(c.nodes, node{})
	n := &c.nodes[len(c.nodes)-1]
	n.key, n.g, n.parent, n.dir = key, g, parent, d
	n.x, n.y, n.z = int32(x), int32(y), int16(z)
}

// slot is one entry of the open-addressing node table; gen marks entries of
// the current search so the table is never cleared.
type slot struct {
	key uint64
	idx int32
	gen uint32
}

// core is the state A* searches share: node store, open heap, node table and
// the request being served. It allocates only while growing to its working
// size; a reused core searches without allocating.
type core struct {
	nodes []node
	heap  openHeap
	table []slot
	gen   uint32

	req        Request // a copy: keeping the caller's pointer would make every Request escape to the heap
	goal       world.Point
	rng        int
	octile     bool
	expansions int
}

const sqrt2 = math.Sqrt2

func packKey(x, y, z int) uint64 {
	return uint64(uint32(x))<<32 | uint64(uint16(y))<<16 | uint64(uint16(int16(z)))
}

// reset prepares the core for req and pushes the start state.
func (c *core) reset(req *Request) {
	c.req = *req
	c.goal = req.Goal
	c.rng = max(req.Range, 0)
	c.octile = req.Cost == Octile
	c.expansions = 0
	c.nodes = c.nodes[:0]
	c.heap = c.heap[:0]
	c.gen++
	if c.gen == 0 { // wrapped: stale stamps could alias, so clear once
		clear(c.table)
		c.gen = 1
	}
	if len(c.table) == 0 {
		c.table = make([]slot, 1<<12)
	}
	c.relax(-1, 0, req.Start.X, req.Start.Y, req.StartZ, 0)
}

// heuristic is the admissible, consistent distance from (x, y) to the goal
// square of Chebyshev radius rng under the cost model.
func (c *core) heuristic(x, y int) float64 {
	dx := max(absInt(x-c.goal.X)-c.rng, 0)
	dy := max(absInt(y-c.goal.Y)-c.rng, 0)
	if !c.octile {
		return float64(max(dx, dy))
	}
	lo, hi := min(dx, dy), max(dx, dy)
	return float64(hi-lo) + sqrt2*float64(lo)
}

// stepCost is the cost of one step in d.
func (c *core) stepCost(d movement.Dir) float64 {
	if c.octile && d.Diagonal() {
		return sqrt2
	}
	return 1
}

// isGoal reports whether (x, y) is within the goal square.
func (c *core) isGoal(x, y int) bool {
	return absInt(x-c.goal.X) <= c.rng && absInt(y-c.goal.Y) <= c.rng
}

// lookup returns the table slot for key: its node index, or where to insert.
func (c *core) lookup(key uint64) (pos int, idx int32) {
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

func (c *core) grow() {
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

// relax offers state (x, y, z) reached from parent by d at cost g.
func (c *core) relax(parent int32, d movement.Dir, x, y, z int, g float64) {
	key := packKey(x, y, z)
	pos, idx := c.lookup(key)
	if idx >= 0 {
		n := &c.nodes[idx]
		if n.closed || g >= n.g {
			return
		}
		n.g, n.parent, n.dir = g, parent, d
	} else {
		if 2*(len(c.nodes)+1) > len(c.table) {
			c.grow()
			pos, _ = c.lookup(key)
		}
		idx = int32(len(c.nodes))
		c.add(key, g, parent, d, x, y, z)
		c.table[pos] = slot{key: key, idx: idx, gen: c.gen}
	}
	c.push(heapItem{f: g + c.heuristic(x, y), g: g, idx: idx})
}

func (c *core) push(it heapItem) { c.heap.push(it) }

// pop returns the open node with the lowest f that is not yet closed, and
// closes it.
func (c *core) pop() (int32, bool) {
	for {
		top, ok := c.heap.popMin()
		if !ok {
			return -1, false
		}
		n := &c.nodes[top.idx]
		if n.closed || top.g > n.g {
			continue // stale entry
		}
		n.closed = true
		return top.idx, true
	}
}

// finish writes the path ending at idx into res.
func (c *core) finish(idx int32, res *Result) {
	res.Found = true
	res.Cost = c.nodes[idx].g
	steps := 0
	for i := idx; c.nodes[i].parent >= 0; i = c.nodes[i].parent {
		steps++
	}
	res.Dirs = growDirs(res.Dirs, steps)
	res.Zs = growZs(res.Zs, steps)
	for i, k := idx, steps-1; c.nodes[i].parent >= 0; i, k = c.nodes[i].parent, k-1 {
		res.Dirs[k] = c.nodes[i].dir
		res.Zs[k] = int8(c.nodes[i].z)
	}
}

func growDirs(s []movement.Dir, n int) []movement.Dir {
	if cap(s) < n {
		return make([]movement.Dir, n, n*2)
	}
	return s[:n]
}

func growZs(s []int8, n int) []int8 {
	if cap(s) < n {
		return make([]int8, n, n*2)
	}
	return s[:n]
}

// begin resets res and the core for req; it reports the node budget.
func (c *core) begin(req *Request, res *Result) int {
	res.Found = false
	res.Dirs = res.Dirs[:0]
	res.Zs = res.Zs[:0]
	res.Cost = 0
	res.Expansions = 0
	res.Lookups = [len(res.Lookups)]int{}
	res.Paused, res.Unreachable = false, false
	req.Mover.Goal = req.Goal
	req.Mover.HasGoal = true
	c.reset(req)
	if req.MaxNodes > 0 {
		return req.MaxNodes
	}
	return DefaultMaxNodes
}

func absInt(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
