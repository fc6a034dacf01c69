package bake

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/zeebo/xxh3"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/chunk"
)

// BuildMap bakes every chunk of r's map with the fast probe on workers
// goroutines (all cores when workers ≤ 0) and returns them row-major (index
// cy*wide + cx, see chunk.Grid). Identical chunks are one shared object, found
// before a copy is made, so a map of mostly uniform chunks allocates little.
// progress, when not nil, is called from the calling goroutine as chunks
// finish. It stops with the context's error when ctx ends.
func BuildMap(ctx context.Context, r *movement.Rules, workers int, progress func(done, total int)) ([]*chunk.Chunk, error) {
	if r == nil || r.Map == nil || r.Tiles == nil {
		return nil, fmt.Errorf("bake: build map: rules without a map or tile data")
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	wide, high := chunk.Grid(r.Map.Width, r.Map.Height)
	total := wide * high
	out := make([]*chunk.Chunk, total)
	var next atomic.Int64
	var dd dedup
	done := make(chan int, workers*64)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		b := NewBuilder(r)
		wg.Add(1)
		go func() {
			defer wg.Done()
			var h xxh3.Hasher
			for n := 1; ctx.Err() == nil; n++ {
				i := int(next.Add(1) - 1)
				if i >= total {
					return
				}
				ch := b.Build(i%wide, i/wide)
				out[i] = dd.intern(ch, ch.HashWith(&h))
				done <- i
				// A bake beside a running shard (a background bake) lets the
				// tick's goroutines in every few chunks (a fraction of a
				// millisecond) rather than when the runtime preempts it (10 ms).
				if n%8 == 0 {
					runtime.Gosched()
				}
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
	if n < total {
		return nil, fmt.Errorf("bake: build map %d: %d of %d chunks: %w", r.Map.ID, n, total, ctx.Err())
	}
	return out, nil
}

// dedupShards spreads dedup's table over locks by hash.
const dedupShards = 64

// dedup is BuildMap's table of distinct chunks, safe for its workers.
type dedup struct {
	shards [dedupShards]struct {
		mu     sync.Mutex
		byHash map[uint64][]*chunk.Chunk
	}
}

// intern returns the kept chunk equal to ch (whose hash is h), keeping a
// copy of ch when there is none: ch may be a Builder's scratch.
func (d *dedup) intern(ch *chunk.Chunk, h uint64) *chunk.Chunk {
	s := &d.shards[h%dedupShards]
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, o := range s.byHash[h] {
		if o.Equal(ch) {
			return o
		}
	}
	if s.byHash == nil {
		s.byHash = map[uint64][]*chunk.Chunk{}
	}
	c := ch.Clone()
	s.byHash[h] = append(s.byHash[h], c)
	return c
}
