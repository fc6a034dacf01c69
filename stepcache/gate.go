package stepcache

import (
	"fmt"

	"github.com/shardcore/shardcore/world"
)

// ChunkKey names a chunk across maps: its map and its index in the map's
// chunk grid (cy*wide + cx).
type ChunkKey struct {
	Map   world.MapID
	Index uint32
}

// GateConfig tunes a Gate. Every field must be positive.
type GateConfig struct {
	// Threshold is the visit within WindowMs that admits a chunk (1: the
	// first miss admits it).
	Threshold int
	// WindowMs is how long visits count toward the threshold: a visit
	// beginning more than WindowMs after the previous one starts the count
	// again at 1.
	WindowMs int64
	// VisitMs is how long one party's misses of a chunk, from the first,
	// are one visit.
	VisitMs int64
	// Cap is the most chunks tracked; when a new chunk finds the gate full,
	// the one whose latest visit is oldest is forgotten.
	Cap int
}

// GateStats are a Gate's counters.
type GateStats struct {
	// Admitted counts misses that admitted their chunk, NotAdmitted the
	// misses that did not.
	Admitted, NotAdmitted uint64
	// Expired counts entries dropped because their window ended, Evicted
	// entries dropped to respect the cap.
	Expired, Evicted uint64
	// Examined counts the entries the gate looked at: one per miss, plus
	// one per entry dropped. It measures the gate's work, which stays O(1)
	// per miss (amortized) whatever the number of chunks tracked.
	Examined uint64
}

// Gate is the admission gate: it counts the visits of chunks that missed
// (neither resident nor in a source) and says when one is worth building.
// A visit is one party's misses of a chunk from its first for VisitMs; the
// chunk is admitted on its Threshold-th visit within WindowMs. A pet
// crossing a chunk behind its owner searches there every few hundred
// milliseconds, all one visit, so a chunk the pair only passes through is
// never built, while one in use VisitMs later (a patrol's beat, a place the
// pair comes back to) is, and so is one that a second party misses (a
// street in use by several).
//
// Entries are kept in the order of their latest visit, so the oldest is at
// the front: ended windows are dropped from there on every miss and the
// cap evicts from there, O(1) per miss amortized. Time never goes back for
// the gate: a nowMs earlier than one already seen counts as that one.
// A Gate is used by one goroutine.
type Gate struct {
	cfg GateConfig
	// index[m][ci] is chunk ci of map m's node, noNode when untracked:
	// chunk indexes are dense, so a slice per map (4 bytes a chunk, grown
	// to the largest index seen) finds a chunk with one access.
	index      [256][]int32
	n          int        // chunks tracked
	nodes      []gateNode // slab; free nodes are linked through next
	head, tail int32      // oldest and newest latest visit
	free       int32
	now        int64 // latest time seen
	st         GateStats
}

// gateNode is one tracked chunk: the visits counted in its window, when the
// latest began and whose it is, linked in the order of latest visits.
type gateNode struct {
	key        ChunkKey
	count      int32
	since      int64
	party      uint64
	prev, next int32
}

// noNode ends the gate's lists.
const noNode int32 = -1

// NewGate returns an empty gate.
func NewGate(cfg GateConfig) (*Gate, error) {
	if cfg.Threshold < 1 || cfg.WindowMs < 1 || cfg.VisitMs < 1 || cfg.Cap < 1 {
		return nil, fmt.Errorf("stepcache: gate: threshold %d, windowMs %d, visitMs %d and cap %d must all be at least 1",
			cfg.Threshold, cfg.WindowMs, cfg.VisitMs, cfg.Cap)
	}
	g := &Gate{cfg: cfg}
	g.Clear()
	return g, nil
}

// Config returns the gate's configuration.
func (g *Gate) Config() GateConfig { return g.cfg }

// Visit counts a miss of chunk k by party at game time nowMs and reports
// whether the chunk is admitted now (on its Threshold-th visit within the
// window). An admitted chunk is forgotten.
func (g *Gate) Visit(k ChunkKey, party uint64, nowMs int64) bool {
	g.now = max(g.now, nowMs)
	now := g.now
	g.st.Examined++
	g.expire(now)
	slot := g.slot(k)
	i := *slot
	ok := i != noNode
	count := int32(1)
	if ok {
		n := &g.nodes[i]
		count = n.count
		if n.party != party || now-n.since >= g.cfg.VisitMs {
			count++
			n.count, n.since, n.party = count, now, party
			g.unlink(i)
			g.pushBack(i)
		}
	}
	if int(count) >= g.cfg.Threshold {
		if ok {
			g.drop(i)
		}
		g.st.Admitted++
		return true
	}
	if !ok {
		if g.n >= g.cfg.Cap {
			g.drop(g.head)
			g.st.Evicted++
			g.st.Examined++
		}
		*slot = g.insert(k, party, now)
	}
	g.st.NotAdmitted++
	return false
}

// Forget drops chunk k (it became resident by other means).
func (g *Gate) Forget(k ChunkKey) {
	if ix := g.index[k.Map]; int(k.Index) < len(ix) && ix[k.Index] != noNode {
		g.drop(ix[k.Index])
	}
}

// Len is the number of chunks tracked.
func (g *Gate) Len() int { return g.n }

// Stats returns the counters.
func (g *Gate) Stats() GateStats { return g.st }

// ResetStats zeroes the counters.
func (g *Gate) ResetStats() { g.st = GateStats{} }

// Clear forgets every chunk (counters stay).
func (g *Gate) Clear() {
	for m := range g.index {
		for i := range g.index[m] {
			g.index[m][i] = noNode
		}
	}
	g.n = 0
	g.nodes = g.nodes[:0]
	g.head, g.tail, g.free = noNode, noNode, noNode
}

// expire drops the entries whose window has ended: all at the front.
func (g *Gate) expire(now int64) {
	for g.head != noNode && now-g.nodes[g.head].since > g.cfg.WindowMs {
		g.drop(g.head)
		g.st.Expired++
		g.st.Examined++
	}
}

// slot returns where k's node is indexed, growing the map's index to it.
func (g *Gate) slot(k ChunkKey) *int32 {
	ix := g.index[k.Map]
	if int(k.Index) >= len(ix) {
		n := max(int(k.Index)+1, 2*len(ix), 64)
		grown := make([]int32, n)
		copy(grown, ix)
		for i := len(ix); i < n; i++ {
			grown[i] = noNode
		}
		g.index[k.Map], ix = grown, grown
	}
	return &ix[k.Index]
}

// insert tracks k with one visit by party beginning at now, as the newest,
// and returns its node.
func (g *Gate) insert(k ChunkKey, party uint64, now int64) int32 {
	i := g.free
	if i != noNode {
		g.free = g.nodes[i].next
	} else {
		i = int32(len(g.nodes))
		g.nodes = append(g.nodes, gateNode{})
	}
	g.nodes[i] = gateNode{key: k, count: 1, since: now, party: party}
	g.n++
	g.pushBack(i)
	return i
}

// drop forgets node i and frees it.
func (g *Gate) drop(i int32) {
	g.unlink(i)
	k := g.nodes[i].key
	g.index[k.Map][k.Index] = noNode
	g.n--
	g.nodes[i] = gateNode{next: g.free}
	g.free = i
}

// unlink takes node i out of the order of visits.
func (g *Gate) unlink(i int32) {
	n := &g.nodes[i]
	if n.prev != noNode {
		g.nodes[n.prev].next = n.next
	} else {
		g.head = n.next
	}
	if n.next != noNode {
		g.nodes[n.next].prev = n.prev
	} else {
		g.tail = n.prev
	}
	n.prev, n.next = noNode, noNode
}

// pushBack links node i as the newest.
func (g *Gate) pushBack(i int32) {
	n := &g.nodes[i]
	n.prev, n.next = g.tail, noNode
	if g.tail != noNode {
		g.nodes[g.tail].next = i
	} else {
		g.head = i
	}
	g.tail = i
}
