package bake

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/steptest"
	"github.com/shardcore/shardcore/world"
)

// requireSameProbes compares every chunk of r's map built by both probes
// (on maps of over 256 chunks, every probeStride-th under -race).
func requireSameProbes(t *testing.T, name string, r *movement.Rules) ProbeReport {
	t.Helper()
	var idx []int
	if wide, high := chunk.Grid(r.Map.Width, r.Map.Height); probeStride > 1 && wide*high > 256 {
		for i := 0; i < wide*high; i += probeStride {
			idx = append(idx, i)
		}
	}
	rep, err := CompareProbes(context.Background(), r, idx, 0, 8, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: %v", name, rep)
	for _, d := range rep.Diffs {
		t.Errorf("%s: chunk (%d,%d): fast vs reference: %s", name, d.CX, d.CY, d.Diff)
	}
	if rep.Chunks == 0 || rep.Identical != rep.Chunks {
		t.Fatalf("%s: %d of %d chunks identical", name, rep.Identical, rep.Chunks)
	}
	return rep
}

func TestFastProbeHandWorld(t *testing.T) {
	requireSameProbes(t, "hand-made world", steptest.HandWorld(t))
}

func TestFastProbeDefaultWorld(t *testing.T) {
	requireSameProbes(t, "default world", steptest.DefaultRules(t))
}

func TestFastProbeMovingAI(t *testing.T) {
	for _, p := range steptest.MovingAIMaps(t) {
		r, err := steptest.LoadMovingAI(p)
		if err != nil {
			t.Fatal(err)
		}
		requireSameProbes(t, filepath.Base(p), r)
	}
}

// TestFastProbePartialChunks bakes a map whose sides are 8 mod 16 (as
// Tokuno's 1448×1448): the last chunk row and column are half off the map,
// their off-map cells zero records, and off-map neighbours never entered.
func TestFastProbePartialChunks(t *testing.T) {
	b, err := world.NewBuilder(world.Tokuno, 40, 24)
	if err != nil {
		t.Fatal(err)
	}
	for y := 0; y < 24; y++ {
		for x := 0; x < 40; x++ {
			b.SetLand(x, y, steptest.Grass, 0)
		}
	}
	m, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	r := movement.NewRules(m, steptest.HandTiles(), nil)
	requireSameProbes(t, "40x24", r)
	ch := BuildChunk(r, 2, 1) // cells (32..47, 16..31): 8×8 on the map
	for i, c := range ch.Cells {
		x, y := 32+i%chunk.Size, 16+i/chunk.Size
		switch {
		case !m.InBounds(x, y) && c != (chunk.Cell{}):
			t.Fatalf("off-map cell (%d,%d) is %+v, want a zero record", x, y, c)
		case x == 39 && y == 20 && c.Walk != 1<<movement.North|1<<movement.South|1<<movement.SouthWest|1<<movement.West|1<<movement.NorthWest:
			t.Fatalf("east-edge cell (%d,%d) enters %08b: want N, S, SW, W, NW only", x, y, c.Walk)
		case x == 35 && y == 20 && c.Walk != 0xFF:
			t.Fatalf("inner cell (%d,%d) enters %08b, want all", x, y, c.Walk)
		}
	}
}

// TestBuildDoesNotAllocate: after warm-up a Builder bakes any chunk kind,
// strata included, without allocating.
func TestBuildDoesNotAllocate(t *testing.T) {
	r := steptest.StaticRules(t)
	wide, _ := chunk.Grid(r.Map.Width, r.Map.Height)
	b := NewBuilder(r)
	kinds := chunksOfKinds(r, 4)
	for _, list := range kinds {
		for _, i := range list {
			b.Build(i%wide, i/wide)
		}
	}
	for k, list := range kinds {
		if len(list) == 0 {
			continue
		}
		allocs := testing.AllocsPerRun(20, func() {
			for _, i := range list {
				b.Build(i%wide, i/wide)
			}
		})
		if allocs != 0 {
			t.Errorf("%v chunks: %v allocations per %d builds", ChunkKind(k), allocs, len(list))
		}
	}
}

// TestFastProbeMemoKeepsSourceLow: two cells alike in everything the memo
// keys but the source's lowest corner (its startZ) must not share a record:
// the east target's low ceiling admits a start from 4 but not from 10.
func TestFastProbeMemoKeepsSourceLow(t *testing.T) {
	const grass, rock = steptest.Grass, steptest.Rock
	b, err := world.NewBuilder(world.Felucca, 32, 16)
	if err != nil {
		t.Fatal(err)
	}
	for y := 0; y < 16; y++ {
		for x := 0; x < 32; x++ {
			b.SetLand(x, y, rock, 10)
		}
	}
	for _, c := range []struct{ x, sLow int }{{5, 10}, {20, 4}} {
		b.SetLand(c.x, 5, grass, 10)          // the source: avg 10, low 10 or 4
		b.SetLand(c.x, 6, rock, int8(c.sLow)) // its south-west corner
		b.SetLand(c.x+1, 5, grass, 10)        // the east target: avg 5 ...
		b.SetLand(c.x+2, 5, rock, 0)
		b.SetLand(c.x+2, 6, rock, 0)
		if err := b.AddStatic(c.x+1, 5, steptest.Wall, 21, 0); err != nil { // ... under a ceiling at 21
			t.Fatal(err)
		}
	}
	m, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	r := movement.NewRules(m, steptest.HandTiles(), nil)
	requireSameProbes(t, "low ceilings", r)
	fb := NewBuilder(r)
	a := fb.Build(0, 0).Cells[5*chunk.Size+5]
	c := fb.Build(1, 0).Cells[5*chunk.Size+4]
	if a.Walk&(1<<movement.East) != 0 || c.Walk&(1<<movement.East) == 0 {
		t.Fatalf("east from a start at 10: %v, from 4: %v; want blocked, open", a.Walk&(1<<movement.East) != 0, c.Walk&(1<<movement.East) != 0)
	}
}

// TestLandRule checks landRule, the land-only cell's rule built field by
// field, against the general hrule.finish over every land avg and low a
// map can give (corners are int8) and beyond.
func TestLandRule(t *testing.T) {
	for avg := -300; avg <= 300; avg++ {
		for low := avg - 300; low <= avg; low++ {
			want := hrule{one: hcand{z: int16(avg), stMin: int16(low - movement.StepHeight), szMax: noLimit - movement.PersonHeight}, n: 1}
			want.finish(int16(avg))
			if got := landRule(int16(avg), int16(low)); got != want {
				t.Fatalf("avg %d low %d: landRule %+v, finish %+v", avg, low, got, want)
			}
		}
	}
}

// TestPackLand checks packLand's walker lanes, set straight from a
// land-only cell's land, against packWalker's after landOnly set its
// rules, and that materialize then sets those rules.
func TestPackLand(t *testing.T) {
	b := &Builder{}
	const h = haloSide + 1
	for _, rules := range []uint8{0, ruleWalker | ruleAmph, ruleSwimmer | ruleAmph} {
		for avg := -200; avg <= 200; avg += 3 {
			for low := avg - 40; low <= avg; low++ {
				cell := hcell{low: int16(low), avg: int16(avg), top: int16(avg + 5), flags: hOnMap | hConsider, landRules: rules}
				b.cells[h] = cell
				b.landOnly(&b.cells[h])
				b.packWalker(h)
				want, wantRules := b.wl, b.cells[h].enter
				b.cells[h] = cell
				b.packLand(h)
				if b.wl != want {
					t.Fatalf("rules %b avg %d low %d: packLand's lanes differ from packWalker's", rules, avg, low)
				}
				for _, off := range haloDir {
					b.cells[h+off] = hcell{}
				}
				b.materialize(h)
				if b.cells[h].enter != wantRules || b.cells[h].flags&hLazy != 0 {
					t.Fatalf("rules %b avg %d low %d: materialize set %+v, want %+v", rules, avg, low, b.cells[h].enter, wantRules)
				}
			}
		}
	}
}

// TestAverageZ checks averageZ against world.Map.AverageZ over every
// corner Z in -20..20 and the int8 extremes (on an 8×8 map whose cell
// (0, 0) has those corners).
func TestAverageZ(t *testing.T) {
	wb, err := world.NewBuilder(world.Felucca, 8, 8)
	if err != nil {
		t.Fatal(err)
	}
	m, err := wb.Build()
	if err != nil {
		t.Fatal(err)
	}
	zs := []int8{-128, -127, 126, 127}
	for z := int8(-20); z <= 20; z++ {
		zs = append(zs, z)
	}
	for _, a := range zs {
		for _, b := range zs {
			for _, c := range zs {
				for _, d := range zs {
					m.SetLand(0, 0, world.LandCell{Z: a})
					m.SetLand(0, 1, world.LandCell{Z: b})
					m.SetLand(1, 0, world.LandCell{Z: c})
					m.SetLand(1, 1, world.LandCell{Z: d})
					l0, a0, t0 := m.AverageZ(0, 0)
					l1, a1, t1 := averageZ(int16(a), int16(b), int16(c), int16(d))
					if int(l1) != l0 || int(a1) != a0 || int(t1) != t0 {
						t.Fatalf("averageZ(%d, %d, %d, %d) = %d %d %d, want %d %d %d", a, b, c, d, l1, a1, t1, l0, a0, t0)
					}
				}
			}
		}
	}
}

// TestBuildSharedMatchesBuildChunk: over the whole default world BuildShared
// gives every chunk's records, equal to BuildChunk's; uniform chunks of one
// record are one object (allocating nothing after the first), and no other
// chunk is ever shared.
func TestBuildSharedMatchesBuildChunk(t *testing.T) {
	r := steptest.StaticRules(t)
	wide, high := chunk.Grid(r.Map.Width, r.Map.Height)
	shared, fresh := NewBuilder(r), NewBuilder(r)
	seen := map[*chunk.Chunk]int{}
	uniform := 0
	for i := 0; i < wide*high; i++ {
		got := shared.BuildShared(i%wide, i/wide)
		want := fresh.BuildChunk(i%wide, i/wide)
		if !got.Equal(want) {
			t.Fatalf("chunk %d: BuildShared differs from BuildChunk", i)
		}
		if prev, ok := seen[got]; ok && !got.Uniform() {
			t.Fatalf("chunk %d: non-uniform chunk shared with chunk %d", i, prev)
		}
		seen[got] = i
		if got.Uniform() {
			uniform++
		}
	}
	if uniform == 0 || len(seen) >= wide*high {
		t.Fatalf("%d uniform chunks, %d objects for %d chunks: nothing shared", uniform, len(seen), wide*high)
	}
	kinds := chunksOfKinds(r, 4)
	list := kinds[KindUniform]
	if len(list) == 0 {
		t.Fatal("no uniform chunks in the default world")
	}
	allocs := testing.AllocsPerRun(20, func() {
		for _, i := range list {
			shared.BuildShared(i%wide, i/wide)
		}
	})
	if allocs != 0 {
		t.Errorf("uniform chunks: %v allocations per %d shared builds", allocs, len(list))
	}
	t.Logf("%d chunks, %d uniform, %d objects", wide*high, uniform, len(seen))
}
