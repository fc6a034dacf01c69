package reach

import (
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/world"
)

// Index is the static connectivity of one map (see the package doc): per
// rule set, each state's component.
type Index struct {
	wide, high int
	sets       [chunk.NumRuleSets]set
}

// set is one rule set's components. A chunk's head is, without the mixed
// bit, the component of every state of the chunk that has one (0: none),
// the cells without one in masks[none[ci]-1] when none[ci] is not 0; with
// the mixed bit, the offset in slab of the chunk's local components: their
// number n, their components (n pairs of 16-bit halves, low first), the
// number of strata, the local component (1..n, 0: none) of each of the 256
// cells' first states, and when there are strata the cells' first strata
// (257 offsets) and the strata's local components.
type set struct {
	head  []uint32
	none  []uint32
	masks [][4]uint64
	slab  []uint16
	comps []comp // per component (0 unused)
	// unsure holds a bit per chunk with a record the cache does not answer
	// (LiveOnly) or a cell a step enters at a Z none of its records covers:
	// a live path may go where this index does not know around them
	unsure []uint64
}

// mixed marks a head that is an offset into slab.
const mixed = 1 << 31

// comp is one component: the chunks it spans (a box), and whether it is
// never sealed.
type comp struct {
	x0, y0, x1, y1 uint16
	open           bool
}

// unionFind is a disjoint-set forest over 0..n-1.
type unionFind struct{ parent []int32 }

func newUnionFind(n int) unionFind {
	var u unionFind
	u.reset(n)
	return u
}

func (u *unionFind) reset(n int) {
	if cap(u.parent) < n {
		u.parent = make([]int32, n)
	}
	u.parent = u.parent[:n]
	for i := range u.parent {
		u.parent[i] = int32(i)
	}
}

func (u *unionFind) find(x int32) int32 {
	for u.parent[x] != x {
		u.parent[x] = u.parent[u.parent[x]]
		x = u.parent[x]
	}
	return x
}

func (u *unionFind) union(a, b int32) {
	if ra, rb := u.find(a), u.find(b); ra != rb {
		u.parent[max(ra, rb)] = min(ra, rb)
	}
}

// finish numbers the components across chunks and writes b.out.
func (b *builder) finish() {
	ids := make([]uint32, len(b.open)) // per root node: its component (0: not yet)
	out := set{head: make([]uint32, len(b.local)), none: make([]uint32, len(b.local)), comps: []comp{{}}}
	compOf := func(node int32, cx, cy int) uint32 {
		r := b.uf.find(node)
		id := ids[r]
		if id == 0 {
			id = uint32(len(out.comps))
			ids[r] = id
			out.comps = append(out.comps, comp{x0: uint16(cx), y0: uint16(cy), x1: uint16(cx), y1: uint16(cy)})
		}
		c := &out.comps[id]
		c.x0, c.y0 = min(c.x0, uint16(cx)), min(c.y0, uint16(cy))
		c.x1, c.y1 = max(c.x1, uint16(cx)), max(c.y1, uint16(cy))
		c.open = c.open || b.open[node]
		return id
	}
	size := 0
	for ci := range b.local {
		if l := &b.local[ci]; l.labels != nil {
			size += 2 + 2*int(l.n) + len(l.labels) + (chunk.NumCells+1)*b2i(len(l.labels) > chunk.NumCells)
		}
	}
	out.slab = make([]uint16, 0, size)
	for ci := range b.local {
		l := &b.local[ci]
		cx, cy := ci%b.wide, ci/b.wide
		if l.labels == nil {
			if l.n == 1 {
				out.head[ci] = compOf(b.base[ci], cx, cy)
			}
			if l.none != ([4]uint64{}) && l.n == 1 {
				out.masks = append(out.masks, l.none)
				out.none[ci] = uint32(len(out.masks))
			}
			continue
		}
		out.head[ci] = mixed | uint32(len(out.slab))
		out.slab = append(out.slab, uint16(l.n))
		for k := int32(1); k <= l.n; k++ {
			id := compOf(b.base[ci]+k-1, cx, cy)
			out.slab = append(out.slab, uint16(id), uint16(id>>16))
		}
		out.slab = b.appendMixed(out.slab, cx, cy, l)
	}
	b.out = out
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// appendMixed appends a mixed chunk's strata count and local labels (see
// set) to slab.
func (b *builder) appendMixed(slab []uint16, cx, cy int, l *localLabels) []uint16 {
	strata := len(l.labels) - chunk.NumCells
	slab = append(slab, uint16(strata))
	slab = append(slab, l.labels[:chunk.NumCells]...)
	if strata == 0 {
		return slab
	}
	slab = append(slab, b.at(cx, cy).StrataStart[:]...)
	return append(slab, l.labels[chunk.NumCells:]...)
}

// Size is the map's size in chunks.
func (ix *Index) Size() (wide, high int) { return ix.wide, ix.high }

// Components is how many components rule set set has.
func (ix *Index) Components(set chunk.RuleSet) int { return len(ix.sets[set].comps) - 1 }

// Bytes is the index's memory, about.
func (ix *Index) Bytes() int {
	n := 0
	for i := range ix.sets {
		s := &ix.sets[i]
		n += 4*(len(s.head)+len(s.none)) + 2*len(s.slab) + 32*len(s.masks) + 12*len(s.comps) + 8*len(s.unsure)
	}
	return n
}

// Cell appends to dst the components of cell (x, y)'s states under set
// (none for a state that takes no step and that no step enters), and
// reports false for a cell off the map.
func (ix *Index) Cell(set chunk.RuleSet, x, y int, dst []uint32) ([]uint32, bool) {
	if x < 0 || y < 0 || x >= ix.wide*chunk.Size || y >= ix.high*chunk.Size {
		return dst, false
	}
	s := &ix.sets[set]
	ci := (y/chunk.Size)*ix.wide + x/chunk.Size
	c := (y%chunk.Size)*chunk.Size + x%chunk.Size
	h := s.head[ci]
	if h&mixed == 0 {
		if h != 0 && (s.none[ci] == 0 || s.masks[s.none[ci]-1][c>>6]&(1<<(c&63)) == 0) {
			dst = append(dst, h)
		}
		return dst, true
	}
	m := s.mixed(h)
	if k := m.cells[c]; k != 0 {
		dst = append(dst, m.id(k))
	}
	for j := m.starts[c]; j < m.starts[c+1] && int(j) < len(m.strata); j++ {
		if k := m.strata[j]; k != 0 {
			dst = append(dst, m.id(k))
		}
	}
	return dst, true
}

// mixedChunk is a mixed chunk's labels, as set keeps them.
type mixedChunk struct {
	ids    []uint16 // the components of local components 1..n, in 16-bit halves
	cells  []uint16 // per cell: its first state's local component
	starts []uint16 // per cell: its first stratum (nil: no strata)
	strata []uint16 // per stratum: its local component
}

// noStrata is the strata starts of a chunk without strata.
var noStrata [chunk.NumCells + 1]uint16

// mixed returns the mixed chunk whose head is h.
func (s *set) mixed(h uint32) mixedChunk {
	sl := s.slab[h&^mixed:]
	n := int(sl[0])
	m := mixedChunk{ids: sl[1 : 1+2*n]}
	sl = sl[1+2*n:]
	strata := int(sl[0])
	m.cells, m.starts = sl[1:1+chunk.NumCells], noStrata[:]
	if strata > 0 {
		sl = sl[1+chunk.NumCells:]
		m.starts, m.strata = sl[:chunk.NumCells+1], sl[chunk.NumCells+1:chunk.NumCells+1+strata]
	}
	return m
}

// id is local component k's component.
func (m *mixedChunk) id(k uint16) uint32 {
	return uint32(m.ids[2*k-2]) | uint32(m.ids[2*k-1])<<16
}

// Span returns the chunks component id of set spans (a box), and whether
// it is open: never sealed.
func (ix *Index) Span(set chunk.RuleSet, id uint32) (cx0, cy0, cx1, cy1 int, open bool) {
	c := ix.sets[set].comps[id]
	return int(c.x0), int(c.y0), int(c.x1), int(c.y1), c.open
}

// Dynamics says where a live path may leave the static world.
type Dynamics interface {
	// Near reports whether a dynamic item or a multi stands in chunks
	// cx0..cx1 × cy0..cy1 (which may reach past the map) or beside them.
	Near(cx0, cy0, cx1, cy1 int) bool
}

// maxSealedChunks bounds the box of chunks Unreachable asks dyn about for
// one component: a larger component counts as not sealed.
const maxSealedChunks = 256

// Unreachable reports whether no live path of a mover of set leads from
// any state of cell start to any state of a cell of the goal square
// (gx0..gx1 × gy0..gy1, at most 9×9 cells, not holding start): no goal
// state shares a component with a start state, and the start's side or
// the goal's is sealed (no state of it in an open component, and dyn
// finding no item or multi in or beside the chunks of its components, or
// of its cells that have none). False when it cannot tell.
func (ix *Index) Unreachable(set chunk.RuleSet, start world.Point, gx0, gy0, gx1, gy1 int, dyn Dynamics) bool {
	if gx1-gx0 > 8 || gy1-gy0 > 8 || gx1 < gx0 || gy1 < gy0 {
		return false
	}
	var sb, gb [32]uint32
	from, ok := ix.Cell(set, start.X, start.Y, sb[:0])
	if !ok {
		return false
	}
	goals := gb[:0]
	stateless := false // some goal cell has no state with a component
	for y := gy0; y <= gy1; y++ {
		for x := gx0; x <= gx1; x++ {
			n := len(goals)
			goals, ok = ix.Cell(set, x, y, goals)
			stateless = stateless || ok && len(goals) == n
		}
	}
	for _, g := range goals {
		for _, s := range from {
			if g == s {
				return false
			}
		}
	}
	scx, scy := start.X/chunk.Size, start.Y/chunk.Size
	if ix.sealed(set, from, dyn) && (len(from) > 0 || ix.clear(set, scx, scy, scx, scy, dyn)) {
		return true
	}
	gcx0, gcy0 := max(gx0, 0)/chunk.Size, max(gy0, 0)/chunk.Size
	return ix.sealed(set, goals, dyn) && (!stateless || ix.clear(set, gcx0, gcy0, max(gx1, 0)/chunk.Size, max(gy1, 0)/chunk.Size, dyn))
}

// sealed reports whether components ids are all sealed: none open, none
// too large to ask about, dyn finding nothing in or beside their chunks,
// no unsure chunk in or beside them.
func (ix *Index) sealed(set chunk.RuleSet, ids []uint32, dyn Dynamics) bool {
	for _, id := range ids {
		cx0, cy0, cx1, cy1, open := ix.Span(set, id)
		if open || (cx1-cx0+1)*(cy1-cy0+1) > maxSealedChunks || !ix.sure(set, cx0, cy0, cx1, cy1) || dyn.Near(cx0, cy0, cx1, cy1) {
			return false
		}
	}
	return true
}

// clear reports whether the chunks cx0..cx1 × cy0..cy1 and those beside
// them hold nothing that lets a live path leave the static world: no
// unsure chunk, dyn finding nothing.
func (ix *Index) clear(set chunk.RuleSet, cx0, cy0, cx1, cy1 int, dyn Dynamics) bool {
	return ix.sure(set, cx0, cy0, cx1, cy1) && !dyn.Near(cx0, cy0, cx1, cy1)
}

// sure reports whether no chunk in or beside cx0..cx1 × cy0..cy1 is unsure.
func (ix *Index) sure(set chunk.RuleSet, cx0, cy0, cx1, cy1 int) bool {
	u := ix.sets[set].unsure
	for cy := max(cy0-1, 0); cy <= min(cy1+1, ix.high-1); cy++ {
		for cx := max(cx0-1, 0); cx <= min(cx1+1, ix.wide-1); cx++ {
			if ci := cy*ix.wide + cx; u[ci>>6]&(1<<(ci&63)) != 0 {
				return false
			}
		}
	}
	return true
}
