package stepcache

import (
	"math/rand/v2"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/steptest"
	"github.com/shardcore/shardcore/world"
)

// uniformSource serves one shared uniform chunk for every key (loads count
// as misses), so eviction policies can be measured without baking.
type uniformSource struct{ ch *chunk.Chunk }

func (s uniformSource) ReadChunk(cx, cy int) (*chunk.Chunk, bool, error) { return s.ch, true, nil }

func emptyMapRules(tb testing.TB, side int) *movement.Rules {
	tb.Helper()
	m, err := world.NewMap(world.Felucca, side, side)
	if err != nil {
		tb.Fatal(err)
	}
	return movement.NewRules(m, world.NewTileData(world.TileFormatNew), nil)
}

func policyCache(tb testing.TB, p EvictionPolicy, max int, r *movement.Rules) *Cache {
	tb.Helper()
	c := newTestCache(tb, Config{MaxResidentChunks: max, Eviction: p, Seed: 3}, r)
	if err := c.AttachSource(r.Map.ID, uniformSource{bake.BuildChunk(r, 0, 0)}); err != nil {
		tb.Fatal(err)
	}
	return c
}

// checkChunkPointers checks every map's chunk pointers against its slots:
// a resident chunk's pointer is its slot's chunk, anything else nil.
func checkChunkPointers(t *testing.T, c *Cache) {
	t.Helper()
	for _, ms := range c.maps {
		if ms == nil {
			continue
		}
		for ci, slot := range ms.slots {
			want := (*chunk.Chunk)(nil)
			if slot >= 0 {
				want = c.rs.res[slot].sh.ch
			}
			if ms.chunks[ci] != want {
				t.Fatalf("map %d chunk %d: pointer %p, slot %d holds %p", ms.id, ci, ms.chunks[ci], slot, want)
			}
		}
	}
}

func TestEnforceBoundsResident(t *testing.T) {
	r := emptyMapRules(t, 1024)
	for _, p := range []EvictionPolicy{EvictClock, EvictSampledLRU} {
		c := policyCache(t, p, 100, r)
		for i := 0; i < 1000; i++ {
			c.Search(0, 0).Lookup(r.Map.ID, (i%64)*16, (i/64)*16, 0, 0)
		}
		if n := c.Enforce(); n != 900 || c.Stats().Resident != 100 || c.Stats().Evicted != 900 {
			t.Fatalf("%v: evicted %d, stats %+v", p, n, c.Stats())
		}
		// every remaining slot is consistent with Resident
		found := 0
		for cy := 0; cy < 64; cy++ {
			for cx := 0; cx < 64; cx++ {
				if c.Resident(r.Map.ID, cx, cy) {
					found++
				}
			}
		}
		if found != 100 {
			t.Fatalf("%v: Resident reports %d chunks, want 100", p, found)
		}
		checkChunkPointers(t, c)
		if st := c.Stats(); st.Distinct != 1 || st.Bytes != bake.BuildChunk(r, 0, 0).Bytes() {
			t.Fatalf("%v: shared uniform chunks: distinct %d bytes %d", p, st.Distinct, st.Bytes)
		}
		c.Clear()
		checkChunkPointers(t, c)
	}
}

func TestClockGivesUsedChunksASecondChance(t *testing.T) {
	r := emptyMapRules(t, 1024)
	c := policyCache(t, EvictClock, 10, r)
	for i := 0; i < 10; i++ {
		c.Search(0, 0).Lookup(r.Map.ID, i*16, 0, 0, 0)
	}
	c.Enforce()
	for round := 0; round < 50; round++ {
		c.Search(0, 0).Lookup(r.Map.ID, 0, 0, 0, 0) // hot
		c.Search(0, 0).Lookup(r.Map.ID, 16*(10+round), 16, 0, 0)
		c.Enforce()
		if !c.Resident(r.Map.ID, 0, 0) {
			t.Fatalf("round %d: the hot chunk was evicted", round)
		}
	}
}

// trace is a recorded-like chunk access trace: patrolling NPCs cycling
// fixed routes and wanderers drifting across the map.
func trace(n int, seed uint64) [][2]int {
	rng := rand.New(rand.NewPCG(seed, 1))
	type walker struct{ x, y float64 }
	var route [][][2]int
	for p := 0; p < 60; p++ {
		bx, by := rng.IntN(100), rng.IntN(100)
		var rt [][2]int
		for k := 0; k < 8; k++ {
			rt = append(rt, [2]int{bx + k%4, by + k/4})
		}
		route = append(route, rt)
	}
	ws := make([]walker, 40)
	for i := range ws {
		ws[i] = walker{rng.Float64() * 128, rng.Float64() * 128}
	}
	out := make([][2]int, 0, n)
	for t := 0; len(out) < n; t++ {
		for p, rt := range route {
			out = append(out, rt[(t/4+p)%len(rt)])
		}
		for i := range ws {
			ws[i].x = min(127, max(0, ws[i].x+rng.Float64()*0.6-0.3))
			ws[i].y = min(127, max(0, ws[i].y+rng.Float64()*0.6-0.3))
			out = append(out, [2]int{int(ws[i].x), int(ws[i].y)})
			if rng.IntN(50) == 0 { // a wanderer teleports (recall, gate)
				ws[i] = walker{rng.Float64() * 128, rng.Float64() * 128}
			}
		}
	}
	return out[:n]
}

// hitRatio replays tr through a cache of max resident chunks, enforcing the
// cap every 100 lookups (a tick).
func hitRatio(tb testing.TB, p EvictionPolicy, max int, tr [][2]int) float64 {
	r := emptyMapRules(tb, 128*16)
	c := policyCache(tb, p, max, r)
	for i, k := range tr {
		c.Search(0, 0).Lookup(r.Map.ID, k[0]*16, k[1]*16, 0, 0)
		if i%100 == 99 {
			c.Enforce()
		}
	}
	st := c.Stats()
	return float64(st.Kinds[chunk.Hit]-st.Loaded) / float64(st.Lookups()) // a load is a miss
}

func TestEvictionPoliciesOnTrace(t *testing.T) {
	tr := trace(200_000, 1)
	for _, max := range []int{150, 300, 600} {
		clk := hitRatio(t, EvictClock, max, tr)
		lru := hitRatio(t, EvictSampledLRU, max, tr)
		t.Logf("hit ratio at %d resident: clock %.4f, sampled LRU %.4f", max, clk, lru)
		if clk < 0.3 || lru < 0.3 || clk > 0.9999 || lru > 0.9999 {
			t.Fatalf("hit ratios %.4f / %.4f: the trace does not exercise eviction", clk, lru)
		}
	}
}

func BenchmarkEvictionHitRatio(b *testing.B) {
	tr := trace(200_000, 1)
	for _, p := range []EvictionPolicy{EvictClock, EvictSampledLRU} {
		for _, max := range []int{150, 300, 600} {
			b.Run(p.String()+"/"+itoa(max), func(b *testing.B) {
				var hr float64
				for b.Loop() {
					hr = hitRatio(b, p, max, tr)
				}
				b.ReportMetric(100*hr, "hit%")
			})
		}
	}
}

func itoa(v int) string {
	s := ""
	for v > 0 || s == "" {
		s = string(rune('0'+v%10)) + s
		v /= 10
	}
	return s
}

func TestCacheSharesIdenticalChunks(t *testing.T) {
	r := steptest.HandWorld(t)
	c := newTestCache(t, Config{}, r)
	a, b := bake.BuildChunk(r, 3, 2), bake.BuildChunk(r, 3, 2)
	if err := c.Install(r.Map.ID, 0, 0, a); err != nil {
		t.Fatal(err)
	}
	if err := c.Install(r.Map.ID, 1, 0, b); err != nil {
		t.Fatal(err)
	}
	st := c.Stats()
	if st.Resident != 2 || st.Distinct != 1 || st.Bytes != a.Bytes() {
		t.Fatalf("two identical installs: %+v", st)
	}
	c.Clear()
	if st := c.Stats(); st.Resident != 0 || st.Distinct != 0 || st.Bytes != 0 || c.Resident(r.Map.ID, 0, 0) {
		t.Fatalf("after Clear: %+v", st)
	}
	if err := c.Install(r.Map.ID, 99, 0, a); err == nil {
		t.Fatal("install off the chunk grid accepted")
	}
}
