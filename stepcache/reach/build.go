package reach

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/chunk"
)

// ChunkAt returns chunk (cx, cy) of a baked map (never nil on the map).
type ChunkAt func(cx, cy int) *chunk.Chunk

// Build labels the components of a map of wide×high chunks, every chunk of
// which at gives, for both rule sets.
func Build(ctx context.Context, wide, high int, at ChunkAt) (*Index, error) {
	if wide <= 0 || high <= 0 || wide > maxSide || high > maxSide {
		return nil, fmt.Errorf("reach: build: a map of %d×%d chunks", wide, high)
	}
	ix := &Index{wide: wide, high: high}
	uniform := make([]bool, wide*high)
	for ci := range uniform {
		uniform[ci] = at(ci%wide, ci/wide).Uniform()
	}
	// the rule sets are labelled at once, one goroutine each
	var errs [chunk.NumRuleSets]error
	var wg sync.WaitGroup
	for set := range chunk.NumRuleSets {
		wg.Go(func() {
			b := builder{wide: wide, high: high, at: at, set: set, uniform: uniform}
			errs[set] = b.run(ctx)
			ix.sets[set] = b.out
		})
	}
	wg.Wait()
	if err := errors.Join(errs[:]...); err != nil {
		return nil, err
	}
	return ix, nil
}

// maxSide bounds a map side in chunks (as the .swb does).
const maxSide = 4096

// Chunk kinds: most chunks are dead (no step: water for a walker, land
// for a swimmer), full (uniform, every cell's record the same, with steps
// along both axes to the same record: open land or open water) or
// connected (no strata, every cell stepping east and south to its
// neighbour's record: rolling land), whose cells are all one component.
const (
	kindOther uint8 = iota
	kindDead
	kindFull
	kindConnected
)

// builder labels one rule set's components: each chunk's local components
// first (the steps inside it, and which of its states a neighbour steps
// into), then the components across chunks, by union-find over the
// chunks' local components (nodes).
type builder struct {
	wide, high int
	at         ChunkAt
	set        chunk.RuleSet
	uniform    []bool        // per chunk
	kind       []uint8       // per chunk
	local      []localLabels // per chunk
	base       []int32       // per chunk: its first node in uf
	uf         unionFind
	open       []bool // per node: its component is never sealed
	unsure     []uint64
	out        set
}

// localLabels is a chunk's local components: per state (256 cells, then
// the strata) its local label (0: the state takes no step and none enters
// it), or, with labels nil, one label for every state outside none.
type localLabels struct {
	n      int32 // local components
	unsure bool  // a LiveOnly record, or a step into a Z no record of its cell covers
	labels []uint16
	none   [4]uint64 // with labels nil: the cells without a label
}

// run builds b.out.
func (b *builder) run(ctx context.Context) error {
	n := b.wide * b.high
	b.kind, b.local = make([]uint8, n), make([]localLabels, n)
	b.base, b.unsure = make([]int32, n+1), make([]uint64, (n+63)/64)
	for ci := range b.kind {
		b.kind[ci] = b.kindOf(ci)
		yieldEvery(ci, 4096)
	}
	var sc scratch
	var open []bool // per node, as the chunks are labelled
	for ci := range b.local {
		if ci%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return fmt.Errorf("reach: build: %w", err)
			}
		}
		yieldEvery(ci, 256)
		l, lopen := sc.label(b, ci%b.wide, ci/b.wide)
		b.local[ci] = l
		b.base[ci+1] = b.base[ci] + l.n
		open = append(open, lopen...)
		if l.unsure {
			b.unsure[ci>>6] |= 1 << (ci & 63)
		}
	}
	b.uf, b.open = newUnionFind(int(b.base[n])), open
	for ci := range b.local {
		b.join(ci%b.wide, ci/b.wide)
		yieldEvery(ci, 1024)
	}
	b.finish()
	b.out.unsure = b.unsure
	return nil
}

// yieldEvery lets other goroutines run (runtime.Gosched) at every n-th
// chunk i: a build beside a running shard (a background bake) then holds
// a core for well under a millisecond at a time rather than until the
// runtime preempts it (10 ms), which a tick would wait for.
func yieldEvery(i, n int) {
	if i%n == n-1 {
		runtime.Gosched()
	}
}

// kindOf is chunk ci's kind.
func (b *builder) kindOf(ci int) uint8 {
	ch := b.at(ci%b.wide, ci/b.wide)
	if !b.uniform[ci] {
		return b.kindMixed(ch)
	}
	r := &ch.Cells[0]
	if r.Info&chunk.InfoLiveOnly != 0 {
		return kindOther
	}
	mask, zs := steps(r, b.set)
	if mask == 0 {
		return kindDead
	}
	const across, along = 1<<movement.East | 1<<movement.West, 1<<movement.North | 1<<movement.South
	if mask&across == 0 || mask&along == 0 {
		return kindOther
	}
	for d := range 8 {
		if mask&(1<<d) != 0 && !chunk.Covers(r, int(zs[d])) {
			return kindOther
		}
	}
	return kindFull
}

// kindMixed is the kind of a chunk whose records differ: dead when no
// record takes a step, connected when it has no strata and every cell
// steps east and south (where in the chunk) onto its neighbour's record.
func (b *builder) kindMixed(ch *chunk.Chunk) uint8 {
	dead, connected := true, ch.StrataStart == nil
	for c := range chunk.NumCells {
		r := &ch.Cells[c]
		if r.Info&chunk.InfoLiveOnly != 0 {
			return kindOther
		}
		mask, zs := steps(r, b.set)
		dead = dead && mask == 0
		if !connected {
			continue
		}
		if e := inside[c][movement.East]; e >= 0 && (mask&(1<<movement.East) == 0 || !chunk.Covers(&ch.Cells[e], int(zs[movement.East]))) {
			connected = false
		}
		if s := inside[c][movement.South]; s >= 0 && (mask&(1<<movement.South) == 0 || !chunk.Covers(&ch.Cells[s], int(zs[movement.South]))) {
			connected = false
		}
	}
	if ch.StrataStart != nil {
		for j := range ch.Strata {
			if r := &ch.Strata[j]; r.Info&chunk.InfoLiveOnly != 0 {
				return kindOther
			} else if mask, _ := steps(r, b.set); mask != 0 {
				dead = false
			}
		}
	}
	switch {
	case dead:
		return kindDead
	case connected:
		return kindConnected
	}
	return kindOther
}

// stateAt is the index (cells, then strata) of the state of cell c of ch
// that a step arriving at z stands in: the record covering z, or -1.
func stateAt(ch *chunk.Chunk, c, z int) int {
	if chunk.Covers(&ch.Cells[c], z) {
		return c
	}
	if ch.StrataStart != nil {
		for j := int(ch.StrataStart[c]); j < int(ch.StrataStart[c+1]) && j < len(ch.Strata); j++ {
			if chunk.Covers(&ch.Strata[j], z) {
				return chunk.NumCells + j
			}
		}
	}
	return -1
}

// eachState calls f with the index (cells, then strata) and record of
// every state of cell c of ch.
func eachState(ch *chunk.Chunk, c int, f func(int, *chunk.Cell)) {
	f(c, &ch.Cells[c])
	if ch.StrataStart != nil {
		for j := int(ch.StrataStart[c]); j < int(ch.StrataStart[c+1]) && j < len(ch.Strata); j++ {
			f(chunk.NumCells+j, &ch.Strata[j])
		}
	}
}

// steps returns a record's raw step mask and arrival Zs under set.
func steps(r *chunk.Cell, set chunk.RuleSet) (uint8, *[8]int8) {
	if set == chunk.RuleWet {
		return r.Wet, &r.SwimZ
	}
	return r.Walk, &r.WalkZ
}

// neighbour is the chunk offset (-1, 0, 1 on each axis) and cell of
// position (x, y) of a chunk's coordinates, x and y in -1..16.
func neighbour(x, y int) (dcx, dcy, c int) {
	dcx, dcy = floorDiv(x), floorDiv(y)
	return dcx, dcy, (y-dcy*chunk.Size)*chunk.Size + x - dcx*chunk.Size
}

// floorDiv is v's chunk offset (-1, 0 or 1 for v in -1..16).
func floorDiv(v int) int {
	switch {
	case v < 0:
		return -1
	case v >= chunk.Size:
		return 1
	}
	return 0
}

// border reports whether cell c is on its chunk's border.
func border(c int) bool {
	x, y := c%chunk.Size, c/chunk.Size
	return x == 0 || y == 0 || x == chunk.Size-1 || y == chunk.Size-1
}

// scratch is a chunk's local labelling's working memory.
type scratch struct {
	uf    unionFind
	used  []bool // the state takes a step or a step enters it
	bad   []bool // per state: a LiveOnly record, or a step into a Z no record covers
	labs  []uint16
	local []uint16 // per root state: its local label + 1 (0: none yet)
}

// label computes chunk (cx, cy)'s local components, and whether each
// (1..n, at index k-1) holds a record the cache does not answer.
func (sc *scratch) label(b *builder, cx, cy int) (localLabels, []bool) {
	ci := cy*b.wide + cx
	switch b.kind[ci] {
	case kindFull, kindConnected:
		return localLabels{n: 1}, []bool{false}
	case kindDead:
		if !b.deadAround(cx, cy) {
			return localLabels{none: [4]uint64{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}}, nil
		}
	}
	ch := b.at(cx, cy)
	n := chunk.NumCells + len(ch.Strata)
	sc.uf.reset(n)
	sc.used, sc.bad = resize(sc.used, n), resize(sc.bad, n)
	unsure := false
	for c := range chunk.NumCells {
		unsure = sc.stepsOf(ch, b.set, c, c, &ch.Cells[c]) || unsure
		if ch.StrataStart != nil {
			for j := int(ch.StrataStart[c]); j < int(ch.StrataStart[c+1]) && j < len(ch.Strata); j++ {
				unsure = sc.stepsOf(ch, b.set, c, chunk.NumCells+j, &ch.Strata[j]) || unsure
			}
		}
	}
	sc.enteredFromOutside(b, ch, cx, cy)
	l, open := sc.labels(n)
	l.unsure = unsure
	return l, open
}

// stepsOf joins state s (record r of cell c of ch) with the states of ch
// its steps enter, and reports a record the cache does not answer or a
// step into a Z no record covers.
func (sc *scratch) stepsOf(ch *chunk.Chunk, set chunk.RuleSet, c, s int, r *chunk.Cell) (unsure bool) {
	if r.Info&chunk.InfoLiveOnly != 0 {
		sc.used[s], sc.bad[s] = true, true
		return true
	}
	mask, zs := steps(r, set)
	if mask == 0 {
		return false
	}
	sc.used[s] = true
	for d := 0; d < 8; d++ {
		t := inside[c][d] // the cell the step enters, when in the chunk
		if mask&(1<<d) == 0 || t < 0 {
			continue // no step, or one into a neighbour chunk (see join)
		}
		if base := &ch.Cells[t]; chunk.Covers(base, int(zs[d])) {
			sc.used[t] = true
			sc.uf.union(int32(s), int32(t))
			continue
		}
		if ts := stateAt(ch, int(t), int(zs[d])); ts >= 0 {
			sc.used[ts] = true
			sc.uf.union(int32(s), int32(ts))
			continue
		}
		sc.bad[s], unsure = true, true
	}
	return unsure
}

// inside[c][d] is the cell of the chunk a step in d from cell c enters,
// or -1 when it leaves the chunk.
var inside = func() (t [chunk.NumCells][8]int16) {
	for c := range chunk.NumCells {
		for d := movement.Dir(0); d < 8; d++ {
			dx, dy := d.Offset()
			x, y := c%chunk.Size+dx, c/chunk.Size+dy
			t[c][d] = -1
			if x >= 0 && y >= 0 && x < chunk.Size && y < chunk.Size {
				t[c][d] = int16(y*chunk.Size + x)
			}
		}
	}
	return t
}()

// deadAround reports whether a chunk around dead chunk (cx, cy) may step
// into it (one that is not dead).
func (b *builder) deadAround(cx, cy int) bool {
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			nx, ny := cx+dx, cy+dy
			if (dx != 0 || dy != 0) && nx >= 0 && ny >= 0 && nx < b.wide && ny < b.high && b.kind[ny*b.wide+nx] != kindDead {
				return true
			}
		}
	}
	return false
}

// enteredFromOutside marks the states of ch's border cells that a state
// of a neighbour chunk steps into (they join a component across chunks
// even when they take no step themselves).
func (sc *scratch) enteredFromOutside(b *builder, ch *chunk.Chunk, cx, cy int) {
	for c := range chunk.NumCells {
		if !border(c) {
			continue
		}
		for d := movement.Dir(0); d < 8; d++ {
			dx, dy := d.Offset()
			dcx, dcy, nc := neighbour(c%chunk.Size+dx, c/chunk.Size+dy) // the cell stepping in
			ncx, ncy := cx+dcx, cy+dcy
			if dcx == 0 && dcy == 0 || ncx < 0 || ncy < 0 || ncx >= b.wide || ncy >= b.high || b.kind[ncy*b.wide+ncx] == kindDead {
				continue
			}
			back := (d + 4) & 7 // the direction from that cell to this one
			eachState(b.at(ncx, ncy), nc, func(_ int, r *chunk.Cell) {
				if r.Info&chunk.InfoLiveOnly != 0 {
					return
				}
				if mask, zs := steps(r, b.set); mask&(1<<back) != 0 {
					if t := stateAt(ch, c, int(zs[back])); t >= 0 {
						sc.used[t] = true
					}
				}
			})
		}
	}
}

// labels numbers the local components of the used states 1.. and keeps
// them the compact way when the chunk has no strata and one component;
// it returns whether each holds a bad state.
func (sc *scratch) labels(n int) (localLabels, []bool) {
	sc.labs = resizeU16(sc.labs, n)
	sc.local = resizeU16(sc.local, n)
	clear(sc.local)
	var out localLabels
	var open []bool
	for s := range n {
		if !sc.used[s] {
			sc.labs[s] = 0
			continue
		}
		r := sc.uf.find(int32(s))
		if sc.local[r] == 0 {
			open = append(open, false)
			sc.local[r] = uint16(len(open))
		}
		k := sc.local[r]
		sc.labs[s] = k
		open[k-1] = open[k-1] || sc.bad[s]
	}
	out.n = int32(len(open))
	if n == chunk.NumCells && out.n <= 1 {
		for s := range n {
			if sc.labs[s] == 0 {
				out.none[s>>6] |= 1 << (s & 63)
			}
		}
		return out, open
	}
	out.labels = append([]uint16(nil), sc.labs[:n]...)
	return out, open
}

// of is state s's local label.
func (l *localLabels) of(s int) uint16 {
	if l.labels != nil {
		return l.labels[s]
	}
	if l.n == 0 || s >= chunk.NumCells || l.none[s>>6]&(1<<(s&63)) != 0 {
		return 0
	}
	return 1
}

// join unions chunk (cx, cy)'s local components with those of the
// neighbour chunks its border states step into. Between two full chunks
// one step of each direction stands for all (their records are all the
// same).
func (b *builder) join(cx, cy int) {
	ci := cy*b.wide + cx
	if b.local[ci].n == 0 || b.kind[ci] == kindDead { // a dead chunk's states take no step
		return
	}
	ch := b.at(cx, cy)
	full := b.kind[ci] == kindFull
	var done [3][3]uint8 // per full neighbour, the directions joined already
	for c := range chunk.NumCells {
		if !border(c) {
			continue
		}
		eachState(ch, c, func(s int, r *chunk.Cell) {
			if r.Info&chunk.InfoLiveOnly != 0 {
				return
			}
			mask, zs := steps(r, b.set)
			for d := movement.Dir(0); d < 8; d++ {
				if mask&(1<<d) == 0 {
					continue
				}
				dx, dy := d.Offset()
				dcx, dcy, nc := neighbour(c%chunk.Size+dx, c/chunk.Size+dy)
				if dcx == 0 && dcy == 0 {
					continue
				}
				ncx, ncy := cx+dcx, cy+dcy
				if ncx >= 0 && ncy >= 0 && ncx < b.wide && ncy < b.high && full && b.kind[ncy*b.wide+ncx] == kindFull {
					if done[dcy+1][dcx+1]&(1<<d) != 0 {
						continue // the same step, between the same records, as one joined already
					}
					done[dcy+1][dcx+1] |= 1 << d
				}
				b.step(ci, int(b.local[ci].of(s)), ncx, ncy, nc, int(zs[d]))
			}
		})
	}
}

// step joins local component ls of chunk ci with the state a step enters
// at z in cell nc of chunk (ncx, ncy).
func (b *builder) step(ci, ls, ncx, ncy, nc, z int) {
	node := b.base[ci] + int32(ls) - 1
	if ncx < 0 || ncy < 0 || ncx >= b.wide || ncy >= b.high {
		b.open[node] = true // a step off the map: not the static world's
		b.unsure[ci>>6] |= 1 << (ci & 63)
		return
	}
	nci := ncy*b.wide + ncx
	t := stateAt(b.at(ncx, ncy), nc, z)
	if t < 0 { // the live step lands on a state of that cell this index does not know
		b.open[node] = true
		b.unsure[nci>>6] |= 1 << (nci & 63)
		return
	}
	lt := b.local[nci].of(t)
	if lt == 0 { // cannot happen: label marks the states a neighbour enters
		b.open[node] = true
		b.unsure[nci>>6] |= 1 << (nci & 63)
		return
	}
	b.uf.union(node, b.base[nci]+int32(lt)-1)
}

func resize(b []bool, n int) []bool {
	if cap(b) < n {
		return make([]bool, n)
	}
	b = b[:n]
	clear(b)
	return b
}

func resizeU16(b []uint16, n int) []uint16 {
	if cap(b) < n {
		return make([]uint16, n)
	}
	return b[:n]
}
