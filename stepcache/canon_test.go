package stepcache

import (
	"context"
	"os"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/stepcache/canon"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/steptest"
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/gen"
)

// canonMemory installs chunks as map r's resident set, computes every
// chunk's canonical maps (both rule sets) and returns the bytes per
// resident chunk before (chunk objects, shared once) and after (plus the
// canonical maps, shared once, and every slot's pointers).
func canonMemory(t *testing.T, r *movement.Rules, chunks []*chunk.Chunk) (before, after float64, distinct int) {
	t.Helper()
	c := residentCache(t, r, chunks)
	wide, high := chunk.Grid(r.Map.Width, r.Map.Height)
	st := c.Stats()
	for cy := 0; cy < high; cy++ {
		for cx := 0; cx < wide; cx++ {
			for set := chunk.RuleWalk; set < chunk.NumRuleSets; set++ {
				if cn, _ := c.Canon(r.Map.ID, cx, cy, set); cn == nil {
					t.Fatalf("chunk %d,%d: no canonical map", cx, cy)
				}
			}
		}
	}
	cb, distinct := c.CanonStats()
	n := float64(st.Resident)
	return float64(st.Bytes) / n, float64(st.Bytes+cb) / n, distinct
}

// TestCanonMemory: on the default world the canonical maps of every
// resident chunk (both rule sets) add at most 25% to the resident bytes per
// chunk.
func TestCanonMemory(t *testing.T) {
	before, after, distinct := canonMemory(t, steptest.StaticRules(t), steptest.DefaultChunks(t, bake.BuildMap))
	t.Logf("default world: %.0f -> %.0f bytes per resident chunk (+%.1f%%), %d distinct canonical maps", before, after, 100*(after/before-1), distinct)
	if after > 1.25*before {
		t.Errorf("canonical maps add %.1f%%, want at most 25%%", 100*(after/before-1))
	}
}

// TestCanonMemoryBig is TestCanonMemory on a generated 7168×4096 world (set
// SHARDCORE_CANON_BIG=1; a bake of about a minute on 2 cores).
func TestCanonMemoryBig(t *testing.T) {
	if os.Getenv("SHARDCORE_CANON_BIG") == "" {
		t.Skip("set SHARDCORE_CANON_BIG=1 to measure on a 7168x4096 world")
	}
	opts := gen.DefaultOptions()
	opts.Width, opts.Height = 7168, 4096
	w, err := gen.Generate(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	r := movement.NewRules(w.Map, w.Tiles, nil)
	r.StaticOnly = true
	chunks, err := bake.BuildMap(context.Background(), r, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	before, after, distinct := canonMemory(t, r, chunks)
	t.Logf("7168x4096: %.0f -> %.0f bytes per resident chunk (+%.1f%%), %d distinct canonical maps", before, after, 100*(after/before-1), distinct)
	if after > 1.25*before {
		t.Errorf("canonical maps add %.1f%%, want at most 25%%", 100*(after/before-1))
	}
}

// residentCache returns a cache over r with every chunk of chunks resident.
func residentCache(t *testing.T, r *movement.Rules, chunks []*chunk.Chunk) *Cache {
	t.Helper()
	cfg := DefaultConfig()
	cfg.MaxResidentChunks = len(chunks)
	c, err := New(cfg, bake.Shared, r)
	if err != nil {
		t.Fatal(err)
	}
	wide, _ := chunk.Grid(r.Map.Width, r.Map.Height)
	for i, ch := range chunks {
		if err := c.Install(r.Map.ID, i%wide, i/wide, ch); err != nil {
			t.Fatal(err)
		}
	}
	return c
}

// canonOpen reports the open bit of map cell (x, y) in chunk (cx, cy)'s
// map (its ring included).
func canonOpen(cn *canon.Map, cx, cy, x, y int) bool {
	c, r := x-cx*chunk.Size+1, y-cy*chunk.Size+1
	return cn.Open[r]&(1<<c) != 0
}

// checkGridParity checks Lemma 1 of pathing's doc.go against the live
// rules r (no dynamics): for every stride-th regular cell of every chunk
// and set, every step between cells of its block from an open cell's
// canonical state is allowed by CheckMovement exactly when the grid rule
// over the map's open bits allows it, and lands on the target's canonical
// Z. It returns the number of steps checked.
func checkGridParity(t *testing.T, c *Cache, r *movement.Rules, stride int) int {
	t.Helper()
	wide, high := chunk.Grid(r.Map.Width, r.Map.Height)
	movers := [chunk.NumRuleSets][2]movement.Mover{
		{{}, {Caps: movement.Player}},
		{{Caps: movement.CanSwim | movement.CantWalk}, {Caps: movement.CanSwim | movement.CantWalk | movement.Player}},
	}
	checked, n := 0, 0
	for set := chunk.RuleWalk; set < chunk.NumRuleSets; set++ {
		for ci := 0; ci < wide*high; ci++ {
			cx, cy := ci%wide, ci/wide
			cn, _ := c.Canon(r.Map.ID, cx, cy, set)
			for i := 0; i < chunk.NumCells; i++ {
				if cn.Reg[i/chunk.Size]&(1<<(i%chunk.Size)) == 0 {
					continue
				}
				if n++; n%stride != 0 {
					continue
				}
				x, y := cx*chunk.Size+i%chunk.Size, cy*chunk.Size+i/chunk.Size
				checked += checkBlock(t, c, r, cn, set, movers[set], cx, cy, x, y)
			}
		}
	}
	return checked
}

// checkBlock checks the steps inside the block of regular cell (x, y).
func checkBlock(t *testing.T, c *Cache, r *movement.Rules, cn *canon.Map, set chunk.RuleSet, movers [2]movement.Mover, cx, cy, x, y int) int {
	t.Helper()
	canonZ := func(px, py int) int {
		_, ch := c.Canon(r.Map.ID, px/chunk.Size, py/chunk.Size, set)
		return int(canon.Record(ch, (py%chunk.Size)*chunk.Size+px%chunk.Size, set).Z)
	}
	in := func(px, py int) bool { return absDiff(px, x) <= 1 && absDiff(py, y) <= 1 }
	checked := 0
	for py := y - 1; py <= y+1; py++ {
		for px := x - 1; px <= x+1; px++ {
			if !canonOpen(cn, cx, cy, px, py) {
				continue
			}
			pz := canonZ(px, py)
			var nb uint8
			for d := movement.Dir(0); d < 8; d++ {
				dx, dy := d.Offset()
				if in(px+dx, py+dy) && canonOpen(cn, cx, cy, px+dx, py+dy) {
					nb |= 1 << d
				}
			}
			for k, mv := range movers {
				allowed := chunk.ApplyDiagonalRule(nb, k == 1)
				for d := movement.Dir(0); d < 8; d++ {
					dx, dy := d.Offset()
					tx, ty := px+dx, py+dy
					if !in(tx, ty) || (d.Diagonal() && (!in(px+dx, py) || !in(px, py+dy))) {
						continue
					}
					nz, ok := r.CheckMovement(mv, px, py, pz, d)
					if want := allowed&(1<<d) != 0; ok != want || (ok && nz != canonZ(tx, ty)) {
						t.Fatalf("set %d mover %v: regular (%d,%d): step %v from (%d,%d,%d): live ok=%v z=%d, grid says %v z=%d",
							set, mv.Caps, x, y, d, px, py, pz, ok, nz, want, canonZ(tx, ty))
					}
					checked++
				}
			}
		}
	}
	return checked
}

func absDiff(a, b int) int {
	if a > b {
		return a - b
	}
	return b - a
}

// TestCanonGridParityHandWorld: Lemma 1 against the live rules on every
// regular cell of the hand-made world (water, a bridge, a two-floor house,
// slopes, ignored land, out-of-range Zs, a multi).
func TestCanonGridParityHandWorld(t *testing.T) {
	r := steptest.HandWorld(t)
	live := r.Clone()
	r.StaticOnly = true
	chunks, err := bake.BuildMap(context.Background(), r, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	n := checkGridParity(t, residentCache(t, live, chunks), live, 1)
	if n == 0 {
		t.Fatal("no regular cell")
	}
	t.Logf("%d steps checked", n)
}

// TestCanonGridParityDefaultWorld: Lemma 1 against the live rules on a
// sample of the default world's regular cells.
func TestCanonGridParityDefaultWorld(t *testing.T) {
	r := steptest.DefaultRules(t)
	t.Logf("%d steps checked", checkGridParity(t, residentCache(t, r, steptest.DefaultChunks(t, bake.BuildMap)), r, 29))
}

// TestCanonSeamsAndInvalidation: a chunk alone has no regular cells by its
// missing neighbours; each install or eviction around it changes the epoch
// and recomputes its map; with every neighbour resident it equals
// BuildCanon over all of them.
func TestCanonSeamsAndInvalidation(t *testing.T) {
	r := steptest.DefaultRules(t)
	chunks := steptest.DefaultChunks(t, bake.BuildMap)
	wide, high := chunk.Grid(r.Map.Width, r.Map.Height)
	cx, cy := wide/2, high/2
	c := newTestCache(t, Config{MaxResidentChunks: 64}, r)
	if cn, ch := c.Canon(r.Map.ID, cx, cy, chunk.RuleWalk); cn != nil || ch != nil {
		t.Fatal("a chunk that is not resident has a canonical map")
	}
	install := func(x, y int) {
		if err := c.Install(r.Map.ID, x, y, chunks[y*wide+x]); err != nil {
			t.Fatal(err)
		}
	}
	install(cx, cy)
	alone, _ := c.Canon(r.Map.ID, cx, cy, chunk.RuleWalk)
	for i := 0; i < chunk.Size; i++ {
		if alone.Reg[0]|alone.Reg[chunk.Size-1] != 0 || alone.Reg[i]&(1|1<<(chunk.Size-1)) != 0 {
			t.Fatal("a border cell beside a missing neighbour is regular")
		}
	}
	e := c.CanonEpoch(r.Map.ID)
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			if dx != 0 || dy != 0 {
				install(cx+dx, cy+dy)
			}
		}
	}
	if c.CanonEpoch(r.Map.ID) == e {
		t.Fatal("installs around the chunk left the epoch")
	}
	full, _ := c.Canon(r.Map.ID, cx, cy, chunk.RuleWalk)
	var around [3][3]*chunk.Chunk
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			around[dy+1][dx+1] = chunks[(cy+dy)*wide+cx+dx]
		}
	}
	if want := canon.Build(&around, chunk.RuleWalk, cx, cy, r.Map.Width, r.Map.Height, nil); *full != want {
		t.Fatal("with every neighbour resident the map differs from BuildCanon")
	}
	for i := range full.Reg {
		if alone.Reg[i]&^full.Reg[i] != 0 || alone.Open[i+1]&^full.Open[i+1] != 0 {
			t.Fatal("a cell regular or open alone is not with its neighbours: maps are not monotone")
		}
	}
	e = c.CanonEpoch(r.Map.ID)
	c.Clear()
	if c.CanonEpoch(r.Map.ID) == e {
		t.Fatal("Clear left the epoch")
	}
	if _, b := c.CanonStats(); b != 0 {
		t.Fatalf("%d canonical maps after Clear", b)
	}
}

// TestCanonMulti: placing a multi makes the cells whose lookups fall
// through unknown (not good) and changes the epoch; removing it restores
// the map.
func TestCanonMulti(t *testing.T) {
	r := steptest.HandWorld(t)
	chunks, err := bake.BuildMap(context.Background(), r, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	c := residentCache(t, r, chunks)
	before := *mustCanon(t, c, r, 0, 2)
	e := c.CanonEpoch(r.Map.ID)
	mu := world.NewMulti(&world.MultiDef{ID: 2, Components: []world.MultiComponent{{ItemID: steptest.Wall}}}, 6, 34, 0)
	if err := r.Map.AddMulti(mu); err != nil {
		t.Fatal(err)
	}
	if c.CanonEpoch(r.Map.ID) == e {
		t.Fatal("placing a multi left the epoch")
	}
	with := mustCanon(t, c, r, 0, 2)
	for y := 32; y < 48; y++ {
		for x := 0; x < 16; x++ {
			if with.Reg[y-32]&(1<<x) != 0 && c.Search(0, 0).Lookup(r.Map.ID, x, y, 0, 0).Kind == chunk.FallMulti {
				t.Fatalf("(%d,%d) falls through as near a multi but is regular", x, y)
			}
		}
	}
	if *with == before {
		t.Fatal("the multi changed nothing")
	}
	r.Map.RemoveMulti(mu)
	if after := mustCanon(t, c, r, 0, 2); *after != before {
		t.Fatal("removing the multi did not restore the map")
	}
}

func mustCanon(t *testing.T, c *Cache, r *movement.Rules, cx, cy int) *canon.Map {
	t.Helper()
	cn, _ := c.Canon(r.Map.ID, cx, cy, chunk.RuleWalk)
	if cn == nil {
		t.Fatalf("chunk %d,%d: no map", cx, cy)
	}
	return cn
}
