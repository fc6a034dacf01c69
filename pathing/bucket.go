package pathing

import "github.com/shardcore/shardcore/movement"

// queueKind selects the cache A*'s open set.
type queueKind uint8

const (
	// queueHeap is the shared binary heap (lowest f, ties to larger g).
	queueHeap queueKind = iota
	// queueBucket is a bucket queue over integer f for the uniform cost
	// model: O(1) push and amortized O(1) pop; within a bucket the deepest
	// entry (smallest h) first, the heap's tie rule, then first in, first
	// out. Octile requests always use the heap.
	queueBucket
)

// UseBucketQueue switches the bucket queue for uniform-cost requests on or
// off (on by default). Both queues give optimal paths of the same cost; they
// may break ties differently, so the paths themselves can differ.
func (s *Cached) UseBucketQueue(on bool) {
	if on {
		s.queue = queueBucket
	} else {
		s.queue = queueHeap
	}
}

// bucketItem is one open entry: the node and the g it was pushed with.
type bucketItem struct {
	idx int32
	g   int32
}

// bucketQueue holds open entries by f - base. With a consistent heuristic f
// never decreases along pops, so cur only moves forward. The bucket being
// popped (cur) is split by g into sub-buckets, popped from the largest g
// (the smallest h = f - g: ties in f go to the deepest entry, the shared
// heap's tie rule) and first in, first out within one g. On a plateau of
// equal f (a long uniform-cost search round obstacles) a bucket popped last
// in, first out would walk depth first into every pocket of the plateau;
// this order expands what the heap does. Every operation stays O(1)
// amortized. Sub-buckets are indexed by g, which no search takes past its
// node budget (uniform cost: one a step), not by h, which a goal far off
// the map makes as large as its distance: the queue's memory is bounded by
// the budget whatever the request.
type bucketQueue struct {
	base, cur, used int
	split           bool // b[cur]'s entries are in sub, by g
	curG, subUsed   int  // curG: the largest g with entries left (-1: none)
	b               [][]bucketItem
	sub             [][]bucketItem
	head            []int // sub[g][:head[g]] are popped
}

func (q *bucketQueue) reset(base int) {
	for i := 0; i < q.used; i++ {
		q.b[i] = q.b[i][:0]
	}
	q.clearSub()
	q.base, q.cur, q.used, q.split = base, 0, 0, false
}

func (q *bucketQueue) clearSub() {
	for i := 0; i < q.subUsed; i++ {
		q.sub[i], q.head[i] = q.sub[i][:0], 0
	}
	q.curG, q.subUsed = -1, 0
}

func (q *bucketQueue) push(f int, it bucketItem) {
	i := f - q.base
	if i < 0 { // not reached with a consistent heuristic; kept safe
		i = 0
	}
	if i < q.cur {
		q.unsplit()
		q.cur = i
	}
	if i == q.cur && q.split {
		q.pushSub(it)
		return
	}
	for i >= len(q.b) {
		q.b = append(q.b, make([]bucketItem, 0, 64))
	}
	q.b[i] = append(q.b[i], it)
	if i >= q.used {
		q.used = i + 1
	}
}

// pushSub files it under its g in the current bucket's split.
func (q *bucketQueue) pushSub(it bucketItem) {
	g := max(int(it.g), 0)
	for g >= len(q.sub) {
		q.sub = append(q.sub, make([]bucketItem, 0, 16))
		q.head = append(q.head, 0)
	}
	q.sub[g] = append(q.sub[g], it)
	if g >= q.subUsed {
		q.subUsed = g + 1
	}
	if g > q.curG {
		q.curG = g
	}
}

// unsplit puts the current bucket's split entries back into it, in the
// order they would have been popped.
func (q *bucketQueue) unsplit() {
	if !q.split {
		return
	}
	for g := q.curG; g >= 0; g-- {
		q.b[q.cur] = append(q.b[q.cur], q.sub[g][q.head[g]:]...)
	}
	q.clearSub()
	q.split = false
}

func (q *bucketQueue) pop() (bucketItem, bool) {
	for q.cur < q.used {
		if !q.split {
			q.split, q.curG = true, -1
			for _, it := range q.b[q.cur] {
				q.pushSub(it)
			}
			q.b[q.cur] = q.b[q.cur][:0]
		}
		for ; q.curG >= 0; q.curG-- {
			if k := q.head[q.curG]; k < len(q.sub[q.curG]) {
				q.head[q.curG] = k + 1
				return q.sub[q.curG][k], true
			}
		}
		q.clearSub()
		q.split = false
		q.cur++
	}
	return bucketItem{}, false
}

// startBucket moves the start state core.reset pushed onto the bucket
// queue (uniform cost) and claims the node grid around start and goal.
func (s *Cached) startBucket(req *Request) {
	c := &s.core
	q := &s.bq
	q.reset(int(c.heuristic(req.Start.X, req.Start.Y)))
	for _, it := range c.heap { // the start state core.reset pushed
		q.push(int(it.f), bucketItem{idx: it.idx, g: int32(it.g)})
	}
	c.heap = c.heap[:0]
	s.grid.reset(req.Start, req.Goal)
	if len(c.nodes) > 0 {
		s.grid.claim(req.Start.X, req.Start.Y, 0)
	}
}

// runBucket is run over the bucket queue.
func (s *Cached) runBucket(res *Result) {
	c := &s.core
	q := &s.bq
	for c.expansions < s.budget {
		if s.clock.due() {
			res.Paused = true
			break
		}
		it, ok := q.pop()
		if !ok {
			break
		}
		n := &c.nodes[it.idx]
		if n.closed || float64(it.g) > n.g {
			continue // stale entry
		}
		n.closed = true
		if s.expand(it.idx, res) {
			c.finish(it.idx, res)
			break
		}
	}
	res.Expansions = c.expansions
}

// relaxBucket offers state (x, y, z) reached from parent by d at cost g to
// the node table and the bucket queue.
func (s *Cached) relaxBucket(parent int32, d movement.Dir, x, y, z int, g float64) {
	c := &s.core
	idx, ok := s.upsertGrid(parent, d, x, y, z, g)
	if !ok {
		return
	}
	s.bq.push(int(g+c.heuristic(x, y)), bucketItem{idx: idx, g: int32(g)})
}

// upsert is relax without the heap push: it records (x, y, z) at cost g from
// parent unless a cheaper or closed node is already there, and reports the
// node's index and whether it changed.
func (c *core) upsert(parent int32, d movement.Dir, x, y, z int, g float64) (int32, bool) {
	key := packKey(x, y, z)
	pos, idx := c.lookup(key)
	if idx >= 0 {
		n := &c.nodes[idx]
		if n.closed || g >= n.g {
			return idx, false
		}
		n.g, n.parent, n.dir = g, parent, d
		return idx, true
	}
	if 2*(len(c.nodes)+1) > len(c.table) {
		c.grow()
		pos, _ = c.lookup(key)
	}
	idx = int32(len(c.nodes))
	c.add(key, g, parent, d, x, y, z)
	c.table[pos] = slot{key: key, idx: idx, gen: c.gen}
	return idx, true
}
