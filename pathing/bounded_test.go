package pathing

import (
	"runtime"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/gen"
)

// TestBucketQueueMemoryIsBoundedByTheBudget: a cache A* request with a goal
// or a start far off the map (a replayed record edited to
// "start":[99999999999,5], a goal at (3000000, 5)) allocates what its node
// budget allows, not memory in proportion to the distance: the open set's
// sub-buckets were indexed by h, 3 million of them (560 MB) for such a
// goal, and for such a start the shard ran out of memory.
func TestBucketQueueMemoryIsBoundedByTheBudget(t *testing.T) {
	w, err := gen.Generate(t.Context(), gen.Options{Seed: 1, Width: 512, Height: 512})
	if err != nil {
		t.Fatal(err)
	}
	rules := movement.NewRules(w.Map, w.Tiles, nil)
	cache, err := stepcache.New(stepcache.DefaultConfig(), bake.Shared, rules)
	if err != nil {
		t.Fatal(err)
	}
	f := NewCached(cache, rules)
	mv := movement.Mover{Caps: movement.Player}
	var res Result
	warm := Request{Start: world.Point{X: 100, Y: 100}, Goal: world.Point{X: 140, Y: 100}, Mover: mv, MaxNodes: 2000}
	f.Find(&warm, &res) // the finder's own tables, once
	for name, req := range map[string]Request{
		"goal far off":  {Start: world.Point{X: 100, Y: 100}, Goal: world.Point{X: 3_000_000, Y: 5}, Mover: mv, MaxNodes: 2000},
		"start far off": {Start: world.Point{X: 99_999_999_999, Y: 5}, Goal: world.Point{X: 100, Y: 100}, Mover: mv, MaxNodes: 2000},
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		f.Find(&req, &res)
		runtime.ReadMemStats(&after)
		if res.Found || res.Expansions > req.MaxNodes {
			t.Errorf("%s: found %v in %d expansions", name, res.Found, res.Expansions)
		}
		t.Logf("%s: %d KB allocated, %d expansions", name, (after.TotalAlloc-before.TotalAlloc)>>10, res.Expansions)
		if n := after.TotalAlloc - before.TotalAlloc; n > 16<<20 {
			t.Errorf("%s: %d MB allocated by a search of %d nodes", name, n>>20, req.MaxNodes)
		}
	}
}
