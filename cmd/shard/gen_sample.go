package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"sync"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/swb"
	"github.com/shardcore/shardcore/stepcache/swb/lab"
	"github.com/shardcore/shardcore/world"
)

// chunkKinds classifies a baked chunk as `shard swb info` counts it:
// uniform (all 256 records equal, no strata), swim (some primary record has
// a non-zero Wet mask: the chunk has a swim layer, as the original's
// hasSwimLayer), strata (some cell has more than one record).
func chunkKinds(c *chunk.Chunk) (uniform, swim, strata bool) {
	for i := range c.Cells {
		if c.Cells[i].Wet != 0 {
			swim = true
			break
		}
	}
	return swb.IsUniform(c), swim, c.StrataStart != nil
}

// sampleMap bakes n chunks of m spread at random (seeded) on all cores and
// prints their shares and the bytes a whole-map bake would take, estimated
// from them: the reference v9 encoder's, and a .swb of the sample scaled up
// (its shared records and code make the estimate a little high).
func sampleMap(ctx context.Context, out io.Writer, m *world.Map, td *world.TileData, n int, seed uint64) error {
	wide, high := chunk.Grid(m.Width, m.Height)
	total := wide * high
	n = min(n, total)
	pick := rand.New(rand.NewPCG(seed, 0x5A3)).Perm(total)[:n]
	chunks := make([]*chunk.Chunk, total)
	if err := bakeSome(ctx, movement.NewRules(m, td, nil), pick, wide, chunks); err != nil {
		return err
	}
	var uni, swim, strata int
	for _, i := range pick {
		u, s, st := chunkKinds(chunks[i])
		uni, swim, strata = uni+b2i(u), swim+b2i(s), strata+b2i(st)
	}
	ref := lab.ReferenceSize(chunks)
	dir, err := os.MkdirTemp("", "shard-sample-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	st, err := swb.Write(ctx, filepath.Join(dir, "sample.swb"),
		swb.Header{MapID: uint32(m.ID), WidthChunks: wide, HeightChunks: high}, swb.SliceChunks(chunks, wide))
	if err != nil {
		return err
	}
	scale := float64(total) / float64(n)
	pct := func(k int) float64 { return 100 * float64(k) / float64(n) }
	fmt.Fprintf(out, "sample map %d: %d of %d chunks: uniform %.1f%% swim %.1f%% strata %.1f%% reference_bytes ~%.0f swb_bytes ~%.0f ratio ~%.3f\n",
		m.ID, n, total, pct(uni), pct(swim), pct(strata), float64(ref)*scale, float64(st.FileBytes)*scale,
		float64(st.FileBytes)/float64(ref))
	return nil
}

// bakeSome builds the chunks pick names (row-major indexes of a map wide
// chunks across) into chunks, on all cores.
func bakeSome(ctx context.Context, r *movement.Rules, pick []int, wide int, chunks []*chunk.Chunk) error {
	var wg sync.WaitGroup
	jobs := make(chan int)
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		rr := r.Clone()
		rr.StaticOnly = true
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				chunks[i] = bake.BuildChunk(rr, i%wide, i/wide)
			}
		}()
	}
	var err error
	for _, i := range pick {
		if err = ctx.Err(); err != nil {
			break
		}
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	return err
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
