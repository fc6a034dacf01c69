package bake

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/chunk"
)

// ProbeDiff is a chunk where the fast probe differs from the reference.
type ProbeDiff struct {
	CX, CY int
	Diff   string // chunk.Diff(fast, reference)
}

// ProbeReport is what CompareProbes found.
type ProbeReport struct {
	Chunks    int // chunks compared
	Identical int // of them, byte-identical
	Diffs     []ProbeDiff
}

// String is the summary line "chunks N identical N".
func (r ProbeReport) String() string {
	return fmt.Sprintf("chunks %d identical %d", r.Chunks, r.Identical)
}

// CompareProbes builds the chunks idx (row-major indices, see chunk.Grid;
// every chunk of the map when idx is nil) with the fast probe and with the
// reference probe, on workers goroutines (all cores when ≤ 0), and compares
// them byte for byte. It keeps the first keep differences. progress, when
// not nil, is called from the calling goroutine as chunks finish.
func CompareProbes(ctx context.Context, r *movement.Rules, idx []int, workers, keep int, progress func(done, total int)) (ProbeReport, error) {
	if r == nil || r.Map == nil || r.Tiles == nil {
		return ProbeReport{}, fmt.Errorf("bake: compare probes: rules without a map or tile data")
	}
	wide, high := chunk.Grid(r.Map.Width, r.Map.Height)
	if idx == nil {
		idx = make([]int, wide*high)
		for i := range idx {
			idx[i] = i
		}
	}
	for _, i := range idx {
		if i < 0 || i >= wide*high {
			return ProbeReport{}, fmt.Errorf("bake: compare probes: chunk index %d is off the map's %dx%d chunks", i, wide, high)
		}
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	c := &comparison{r: r, idx: idx, wide: wide, keep: keep, done: make(chan struct{}, workers*4)}
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Go(func() { c.work(ctx) })
	}
	go func() { wg.Wait(); close(c.done) }()
	n := 0
	for range c.done {
		n++
		if progress != nil {
			progress(n, len(idx))
		}
	}
	if err := ctx.Err(); err != nil {
		return c.rep, fmt.Errorf("bake: compare probes: %d of %d chunks: %w", n, len(idx), err)
	}
	return c.rep, nil
}

// comparison is a CompareProbes run shared by its workers.
type comparison struct {
	r    *movement.Rules
	idx  []int
	wide int
	keep int
	next atomic.Int64
	done chan struct{}
	mu   sync.Mutex
	rep  ProbeReport
}

// work compares chunks until none are left or ctx ends.
func (c *comparison) work(ctx context.Context) {
	ref := c.r.Clone()
	ref.StaticOnly = true
	fast := NewBuilder(c.r)
	for ctx.Err() == nil {
		j := int(c.next.Add(1) - 1)
		if j >= len(c.idx) {
			return
		}
		cx, cy := c.idx[j]%c.wide, c.idx[j]/c.wide
		d := chunk.Diff(fast.Build(cx, cy), BuildChunkReference(ref, cx, cy))
		c.mu.Lock()
		c.rep.Chunks++
		if d == "" {
			c.rep.Identical++
		} else if len(c.rep.Diffs) < c.keep {
			c.rep.Diffs = append(c.rep.Diffs, ProbeDiff{cx, cy, d})
		}
		c.mu.Unlock()
		c.done <- struct{}{}
	}
}
