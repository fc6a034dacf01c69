package bake

import (
	"context"
	"testing"

	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/steptest"
)

func TestBuildMapSharesIdenticalChunks(t *testing.T) {
	r := steptest.StaticRules(t)
	chunks := steptest.DefaultChunks(t, BuildMap)
	wide, high := chunk.Grid(r.Map.Width, r.Map.Height)
	if len(chunks) != wide*high {
		t.Fatalf("%d chunks, want %d", len(chunks), wide*high)
	}
	byHash := map[uint64][]*chunk.Chunk{}
	distinct := map[*chunk.Chunk]bool{}
	uniform := 0
	for _, c := range chunks {
		if !distinct[c] {
			distinct[c] = true
			h := c.Hash()
			for _, o := range byHash[h] {
				if o.Equal(c) {
					t.Fatal("two distinct objects hold the same chunk")
				}
			}
			byHash[h] = append(byHash[h], c)
		}
		if c.Uniform() {
			uniform++
		}
	}
	t.Logf("%d chunks, %d distinct, %d uniform", len(chunks), len(distinct), uniform)
	if len(distinct) >= len(chunks)/2 || uniform == 0 {
		t.Fatalf("sharing: %d distinct of %d, %d uniform", len(distinct), len(chunks), uniform)
	}
	// BuildMap's chunks are BuildChunk's
	for _, i := range []int{0, 1, wide*high/2 + 7, wide*high - 1, 37*wide + 21} {
		if !chunks[i].Equal(BuildChunk(r, i%wide, i/wide)) {
			t.Fatalf("chunk %d differs from BuildChunk", i)
		}
	}
}

func TestBuildMapStopsOnCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := BuildMap(ctx, steptest.StaticRules(t), 2, nil); err == nil {
		t.Fatal("a cancelled build returned no error")
	}
}
