package stepcache

import (
	"context"
	"sync"
	"testing"

	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/stepcache/canon"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/steptest"
	"github.com/shardcore/shardcore/world"
)

// slotCanon is what slot (cx, cy) keeps beside it for set, read without
// computing it (nil: none kept).
func slotCanon(c *Cache, m world.MapID, cx, cy int, set chunk.RuleSet) *canon.Map {
	ms := c.maps[m]
	slot := ms.slots[cy*ms.wide+cx]
	if slot < 0 || c.rs.res[slot].canon[set] == nil {
		return nil
	}
	return &c.rs.res[slot].canon[set].cn
}

// TestViewCanon_ReadOnlyThenKept: views on several goroutines at once
// compute every chunk's canonical maps (both rule sets) equal to the
// owner's, keep nothing beside the slots until Merge, and after Merge the
// slots keep them and a new view returns the slots' maps themselves.
func TestViewCanon_ReadOnlyThenKept(t *testing.T) {
	r := steptest.DefaultRules(t)
	chunks := steptest.DefaultChunks(t, bake.BuildMap)
	ref := residentCache(t, r, chunks)
	c := residentCache(t, r, chunks)
	wide, high := chunk.Grid(r.Map.Width, r.Map.Height)
	epoch := c.CanonEpoch(r.Map.ID)
	c.Ready()
	views := make([]*View, 3)
	var wg sync.WaitGroup
	for w := range views {
		views[w] = c.NewView()
		wg.Add(1)
		go func(v *View, w int) {
			defer wg.Done()
			for ci := w; ci < wide*high; ci++ { // overlapping ranges: several views compute a chunk
				for set := chunk.RuleSet(0); set < chunk.NumRuleSets; set++ {
					cn, ch := v.Canon(r.Map.ID, ci%wide, ci/wide, set)
					if cn == nil || ch != chunks[ci] && ch.Hash() != chunks[ci].Hash() {
						t.Errorf("chunk %d set %d: no map or the wrong chunk", ci, set)
						return
					}
				}
			}
		}(views[w], w)
	}
	wg.Wait()
	if b, n := c.CanonStats(); n != 0 || c.CanonEpoch(r.Map.ID) != epoch {
		t.Fatalf("before Merge the cache keeps %d maps (%d bytes) or changed its epoch", n, b)
	}
	for ci := 0; ci < wide*high; ci++ {
		for set := chunk.RuleSet(0); set < chunk.NumRuleSets; set++ {
			want, _ := ref.Canon(r.Map.ID, ci%wide, ci/wide, set)
			got, _ := views[0].Canon(r.Map.ID, ci%wide, ci/wide, set)
			if *got != *want {
				t.Fatalf("chunk %d set %d: the view's map differs from the cache's", ci, set)
			}
		}
	}
	for _, v := range views {
		c.Merge(v)
	}
	if c.CanonEpoch(r.Map.ID) != epoch {
		t.Fatal("keeping the views' maps changed the epoch")
	}
	v := c.NewView()
	for ci := 0; ci < wide*high; ci++ {
		for set := chunk.RuleSet(0); set < chunk.NumRuleSets; set++ {
			kept := slotCanon(c, r.Map.ID, ci%wide, ci/wide, set)
			want, _ := ref.Canon(r.Map.ID, ci%wide, ci/wide, set)
			if kept == nil || *kept != *want {
				t.Fatalf("chunk %d set %d: after Merge the slot keeps %v", ci, set, kept != nil)
			}
			if got, _ := v.Canon(r.Map.ID, ci%wide, ci/wide, set); got != kept {
				t.Fatalf("chunk %d set %d: the view computed a map the slot keeps", ci, set)
			}
		}
	}
	if len(v.canonOut) != 0 {
		t.Fatalf("%d maps to hand over from a view that computed none", len(v.canonOut))
	}
}

// TestViewCanon_StaleNotKept: a map a view computed is not kept at Merge
// when a neighbour of its chunk became resident (or was evicted) since,
// and is kept when only chunks elsewhere changed; a chunk that is not
// resident has no map through a view even when the view read it from a
// shared source.
func TestViewCanon_StaleNotKept(t *testing.T) {
	r := steptest.DefaultRules(t)
	chunks := steptest.DefaultChunks(t, bake.BuildMap)
	wide, high := chunk.Grid(r.Map.Width, r.Map.Height)
	src := &sharedSource{source: source{chunks: map[[2]int]*chunk.Chunk{}}}
	for ci, ch := range chunks {
		src.chunks[[2]int{ci % wide, ci / wide}] = ch
	}
	c := newTestCache(t, Config{MaxResidentChunks: wide * high}, r)
	if err := c.AttachSource(r.Map.ID, src); err != nil {
		t.Fatal(err)
	}
	install := func(x, y int) {
		if err := c.Install(r.Map.ID, x, y, chunks[y*wide+x]); err != nil {
			t.Fatal(err)
		}
	}
	ax, ay, bx, by := 2, 2, wide-3, high-3
	install(ax, ay)
	install(bx, by)
	c.Ready()
	v := c.NewView()
	if k := v.Search(1, 0).Lookup(r.Map.ID, (ax+1)*chunk.Size+3, ay*chunk.Size+3, 0, 0).Kind; k != chunk.Hit && k != chunk.FallZMismatch {
		t.Fatalf("lookup in a chunk the shared source holds: %v", k)
	}
	if cn, ch := v.Canon(r.Map.ID, ax+1, ay, chunk.RuleWalk); cn != nil || ch != nil {
		t.Fatal("a chunk read from the shared source, not resident, has a map through the view")
	}
	if cn, _ := v.Canon(r.Map.ID, ax, ay, chunk.RuleWalk); cn == nil {
		t.Fatal("a resident chunk has no map through the view")
	}
	if cn, _ := v.Canon(r.Map.ID, bx, by, chunk.RuleWalk); cn == nil {
		t.Fatal("a resident chunk has no map through the view")
	}
	install(ax, ay+1) // beside a: its map is stale
	c.Merge(v)        // also installs (ax+1, ay), read from the source: beside a again
	if slotCanon(c, r.Map.ID, ax, ay, chunk.RuleWalk) != nil {
		t.Fatal("a map computed before a neighbour became resident was kept")
	}
	if slotCanon(c, r.Map.ID, bx, by, chunk.RuleWalk) == nil {
		t.Fatal("a map no change reached was not kept")
	}
	if !c.Resident(r.Map.ID, ax+1, ay) {
		t.Fatal("Merge did not install the chunk the view read")
	}
	want, _ := c.Canon(r.Map.ID, ax, ay, chunk.RuleWalk)
	c.Ready()
	v2 := c.NewView()
	if got, _ := v2.Canon(r.Map.ID, ax, ay, chunk.RuleWalk); got != want {
		t.Fatal("the view did not return the map the slot keeps")
	}
}

// TestViewCanon_Multis: after a multi is placed a view gives no map until
// the owner's Ready, then the owner's map with the multi; a map computed
// before is not kept at Merge.
func TestViewCanon_Multis(t *testing.T) {
	r := steptest.HandWorld(t)
	chunks, err := bake.BuildMap(context.Background(), r, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	c := residentCache(t, r, chunks)
	c.Ready()
	v := c.NewView()
	b, _ := v.Canon(r.Map.ID, 0, 2, chunk.RuleWalk)
	before := *b // its place in the view's scratch is reused at the next epoch
	e := v.CanonEpoch(r.Map.ID)
	mu := world.NewMulti(&world.MultiDef{ID: 2, Components: []world.MultiComponent{{ItemID: steptest.Wall}}}, 6, 34, 0)
	if err := r.Map.AddMulti(mu); err != nil {
		t.Fatal(err)
	}
	if cn, _ := v.Canon(r.Map.ID, 0, 2, chunk.RuleWalk); cn != nil || v.CanonEpoch(r.Map.ID) == e {
		t.Fatal("a view gives a map (or the same epoch) after a multi was placed, before Ready")
	}
	c.Merge(v)
	if slotCanon(c, r.Map.ID, 0, 2, chunk.RuleWalk) != nil {
		t.Fatal("a map computed before the multi was kept")
	}
	c.Ready()
	with, _ := v.Canon(r.Map.ID, 0, 2, chunk.RuleWalk)
	ref := residentCache(t, r, chunks)
	if want, _ := ref.Canon(r.Map.ID, 0, 2, chunk.RuleWalk); with == nil || *with != *want || *with == before {
		t.Fatal("after Ready the view's map is not the owner's with the multi")
	}
	r.Map.RemoveMulti(mu)
}
