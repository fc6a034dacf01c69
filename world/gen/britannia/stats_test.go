package britannia

import (
	"context"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/stepcache/swb"
	"github.com/shardcore/shardcore/world"
)

// TestChunkKinds bakes the small map 1 (520x392: partial chunks on two
// edges) and checks it has every kind of chunk the calibration counts:
// uniform, with a swim layer, with strata. (A small map is denser than the
// full one: towns and dungeons keep their size; the shares of the full map
// are measured by shard bake, see docs/performance.md.)
func TestChunkKinds(t *testing.T) {
	for _, id := range []int{1} {
		w := smallWorld(t, world.MapID(id))
		chunks, err := bake.BuildMap(context.Background(), movement.NewRules(w.Map, w.Tiles, nil), 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		var uni, swim, strata int
		for _, c := range chunks {
			if swb.IsUniform(c) {
				uni++
			}
			for i := range c.Cells {
				if c.Cells[i].Wet != 0 {
					swim++
					break
				}
			}
			if c.StrataStart != nil {
				strata++
			}
		}
		n := len(chunks)
		t.Logf("map %d %dx%d: %d chunks, uniform %d, swim %d, strata %d", id, w.Map.Width, w.Map.Height, n, uni, swim, strata)
		if uni*100 < n*5 || uni == n || swim == 0 || strata == 0 {
			t.Errorf("map %d: uniform %d, swim %d, strata %d of %d chunks", id, uni, swim, strata, n)
		}
	}
}
