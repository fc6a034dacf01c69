package stepcache

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"shardcore/movement"
)

// ChunkDiff describes the first difference between chunks a and b (a cell
// and the field that differs), or "" when they are equal byte for byte:
// records, strata offsets and strata.
func ChunkDiff(a, b *Chunk) string {
	for i := range a.Cells {
		if a.Cells[i] != b.Cells[i] {
			return fmt.Sprintf("cell %d (%d,%d): %+v vs %+v", i, i%ChunkSize, i/ChunkSize, a.Cells[i], b.Cells[i])
		}
	}
	if (a.StrataStart == nil) != (b.StrataStart == nil) {
		return fmt.Sprintf("strata offsets: present %v vs %v", a.StrataStart != nil, b.StrataStart != nil)
	}
	if a.StrataStart != nil {
		for i := range a.StrataStart {
			if a.StrataStart[i] != b.StrataStart[i] {
				return fmt.Sprintf("strata offset of cell %d: %d vs %d", i, a.StrataStart[i], b.StrataStart[i])
			}
		}
	}
	if len(a.Strata) != len(b.Strata) {
		return fmt.Sprintf("%d strata vs %d", len(a.Strata), len(b.Strata))
	}
	for i := range a.Strata {
		if a.Strata[i] != b.Strata[i] {
			return fmt.Sprintf("stratum %d: %+v vs %+v", i, a.Strata[i], b.Strata[i])
		}
	}
	return ""
}

// ProbeDiff is a chunk where the fast probe differs from the reference.
type ProbeDiff struct {
	CX, CY int
	Diff   string // ChunkDiff(fast, reference)
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

// CompareProbes builds the chunks idx (row-major indices, see ChunksOf;
// every chunk of the map when idx is nil) with the fast probe and with the
// reference probe, on workers goroutines (all cores when ≤ 0), and compares
// them byte for byte. It keeps the first keep differences. progress, when
// not nil, is called from the calling goroutine as chunks finish.
func CompareProbes(ctx context.Context, r *movement.Rules, idx []int, workers, keep int, progress func(done, total int)) (ProbeReport, error) {
	if r == nil || r.Map == nil || r.Tiles == nil {
		return ProbeReport{}, fmt.Errorf("stepcache: compare probes: rules without a map or tile data")
	}
	wide, high := ChunksOf(r.Map.Width, r.Map.Height)
	total := len(idx)
	if idx == nil {
		total = wide * high
	}
	for _, i := range idx {
		if i < 0 || i >= wide*high {
			return ProbeReport{}, fmt.Errorf("stepcache: compare probes: chunk index %d is off the map's %dx%d chunks", i, wide, high)
		}
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var next atomic.Int64
	var mu sync.Mutex
	var rep ProbeReport
	done := make(chan struct{}, workers*4)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		ref := r.Clone()
		ref.StaticOnly = true
		fast := NewBuilder(r)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				j := int(next.Add(1) - 1)
				if j >= total {
					return
				}
				i := j
				if idx != nil {
					i = idx[j]
				}
				cx, cy := i%wide, i/wide
				d := ChunkDiff(fast.Build(cx, cy), BuildChunkReference(ref, cx, cy))
				mu.Lock()
				rep.Chunks++
				if d == "" {
					rep.Identical++
				} else if len(rep.Diffs) < keep {
					rep.Diffs = append(rep.Diffs, ProbeDiff{cx, cy, d})
				}
				mu.Unlock()
				done <- struct{}{}
			}
		}()
	}
	go func() { wg.Wait(); close(done) }()
	n := 0
	for range done {
		n++
		if progress != nil {
			progress(n, total)
		}
	}
	if err := ctx.Err(); err != nil {
		return rep, fmt.Errorf("stepcache: compare probes: %d of %d chunks: %w", n, total, err)
	}
	return rep, nil
}
