package stepcache

import (
	"context"
	"fmt"
	"runtime"
	"sync"

	"shardcore/movement"
)

// ChunksOf returns the chunk grid of a map of the given size (partial
// chunks at the edges count).
func ChunksOf(width, height int) (wide, high int) {
	return (width + ChunkSize - 1) / ChunkSize, (height + ChunkSize - 1) / ChunkSize
}

// BuildMap bakes every chunk of r's map on workers goroutines (all cores
// when workers ≤ 0) and returns them row-major (index cy*wide + cx, see
// ChunksOf). Identical chunks are one shared object. progress, when not nil,
// is called from the calling goroutine as chunks finish. It stops with the
// context's error when ctx ends.
func BuildMap(ctx context.Context, r *movement.Rules, workers int, progress func(done, total int)) ([]*Chunk, error) {
	if r == nil || r.Map == nil || r.Tiles == nil {
		return nil, fmt.Errorf("stepcache: build map: rules without a map or tile data")
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	wide, high := ChunksOf(r.Map.Width, r.Map.Height)
	total := wide * high
	out := make([]*Chunk, total)
	type done struct {
		i    int
		hash uint64
	}
	jobs := make(chan int, workers*4)
	results := make(chan done, workers*4)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		rr := r.Clone()
		rr.StaticOnly = true
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := prober{r: rr}
			for i := range jobs {
				ch := p.buildChunk(i%wide, i/wide)
				out[i] = ch
				results <- done{i, ch.Hash()}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for i := 0; i < total; i++ {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(results) }()
	in := newInterner()
	n := 0
	for d := range results {
		out[d.i] = in.intern(out[d.i], d.hash).ch
		n++
		if progress != nil {
			progress(n, total)
		}
	}
	if n < total {
		return nil, fmt.Errorf("stepcache: build map %d: %d of %d chunks: %w", r.Map.ID, n, total, ctx.Err())
	}
	return out, nil
}
