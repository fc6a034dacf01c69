package pathing

import (
	"math/rand/v2"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/world/gen"
)

// TestStepCheckerMatchesLiveRules: every direction from random standing
// cells of every mover (towns, bridges, stairs, sewer, houses with their
// multis, sea) gives the live CheckMovement's answer, on a warm cache and
// on a cold one (every lookup not built), without dynamics and with
// doors, mobiles (the stepper itself on its cell among them), fields,
// movable blockers and surface items scattered around each start, through
// a plain Dynamics and through one with the occupancy fast paths.
func TestStepCheckerMatchesLiveRules(t *testing.T) {
	f := testFixture(t)
	rng := rand.New(rand.NewPCG(12, 1))
	movers := equivMovers(f.w.Landmarks)
	for _, warm := range []bool{true, false} {
		live := movement.NewRules(f.w.Map, f.w.Tiles, nil)
		ref := movement.NewRules(f.w.Map, f.w.Tiles, nil)
		cache := f.newCache(t, live, verifyConfig(), warm)
		sc := NewStepChecker(cache, live)
		checks := 0
		for i := 0; i < 1500; i++ {
			mc := movers[i%len(movers)]
			mv := movement.Mover{Caps: mc.caps, Self: 7}
			live.Dyn, ref.Dyn = nil, nil
			sp := mc.starts[rng.IntN(len(mc.starts))]
			x, y, z := walk(rng, ref, mv, sp.X, sp.Y, sp.Z, rng.IntN(80))
			if i%3 != 0 {
				dyn := scatter(rng, f.w.Landmarks, x, y, z)
				dyn.addMobile(x, y, movement.Mobile{ID: 7, Z: int8(z)})
				if i%4 == 1 { // a surface under the stepper: its start Z changes
					dyn.addItem(x, y, movement.Item{ID: gen.ItemBridgePlank, Z: int8(z - 2)}) // stands at z
				}
				live.Dyn, ref.Dyn = movement.Dynamics(dyn), movement.Dynamics(dyn)
				if i%2 == 0 {
					live.Dyn = occDyn{dyn}
				}
			}
			for d := movement.Dir(0); d < 8; d++ {
				wz, wok := ref.CheckMovement(mv, x, y, z, d)
				nz, ok, _ := sc.Step(mv, x, y, z, d)
				if ok != wok || (ok && nz != wz) {
					t.Fatalf("warm %v %s at (%d,%d,%d) %v: checker ok=%v z=%d, live ok=%v z=%d", warm, mc.name, x, y, z, d, ok, nz, wok, wz)
				}
				checks++
			}
		}
		st := sc.Stats()
		t.Logf("warm %v: %d checks, %+v", warm, checks, st)
		if warm && (st.Cached == 0 || st.Dynamic == 0 || st.Live == 0) {
			t.Errorf("warm: cached %d, live %d (dynamic %d): a path was not exercised", st.Cached, st.Live, st.Dynamic)
		}
		if !warm && st.Cached != 0 {
			t.Errorf("cold: %d steps answered by a cache that holds nothing", st.Cached)
		}
		if cs := cache.Stats(); cs.Lookups() != 0 || cs.Tracked != 0 || cs.Mismatches != 0 {
			t.Errorf("step lookups reached the searches' counts or the gate, or mismatched: %+v", cs)
		}
	}
}

// scatter places dynamics in the 5×5 cells around (x, y) at about z: a
// door, mobiles (one dead, one hidden staff), a field, a movable blocker
// and a surface item, each on a random cell.
func scatter(rng *rand.Rand, lm gen.Landmarks, x, y, z int) *testDyn {
	dyn := newTestDyn()
	at := func() (int, int) { return x + rng.IntN(5) - 2, y + rng.IntN(5) - 2 }
	zz := func() int8 { return int8(z + rng.IntN(5) - 2) }
	for _, d := range lm.DoorSpecs {
		dyn.addItem(d.At.X, d.At.Y, movement.Item{ID: d.ID, Z: d.Z})
	}
	items := []movement.Item{{ID: gen.ItemWoodenDoor}, {ID: gen.ItemEnergyField}, {ID: gen.ItemTree, Movable: true}, {ID: gen.ItemBridgePlank}}
	for _, it := range items {
		if rng.IntN(2) == 0 {
			it.Z = zz()
			cx, cy := at()
			dyn.addItem(cx, cy, it)
		}
	}
	for _, m := range []movement.Mobile{{ID: 100}, {ID: 101, Dead: true}, {ID: 102, HiddenStaff: true}, {ID: 103}} {
		m.Z = zz()
		cx, cy := at()
		dyn.addMobile(cx, cy, m)
	}
	return dyn
}

// TestStepCheckerDoesNotAllocate: a cached step, one past a mobile (the
// cache's answer and the mobiles' check) and one past an item (the live
// rules) allocate nothing after warm-up.
func TestStepCheckerDoesNotAllocate(t *testing.T) {
	f := testFixture(t)
	lm := f.w.Landmarks
	dyn := newTestDyn()
	dyn.addMobile(lm.TownCenter.X+1, lm.TownCenter.Y, movement.Mobile{ID: 5, Z: int8(lm.TownCenter.Z)})
	dyn.addItem(lm.TownCenter.X-1, lm.TownCenter.Y, movement.Item{ID: gen.ItemTree, Z: int8(lm.TownCenter.Z), Movable: true})
	live := movement.NewRules(f.w.Map, f.w.Tiles, occDyn{dyn})
	sc := NewStepChecker(f.newCache(t, live, stepcache.DefaultConfig(), true), live)
	mv := movement.Mover{Caps: movement.Player, Self: 9}
	x, y, z := lm.TownCenter.X, lm.TownCenter.Y, lm.TownCenter.Z
	for _, d := range []movement.Dir{movement.North, movement.West, movement.East} {
		sc.Step(mv, x, y, z, d)
		if a := testing.AllocsPerRun(100, func() { sc.Step(mv, x, y, z, d) }); a != 0 {
			t.Errorf("step %v: %v allocs", d, a)
		}
	}
	if st := sc.Stats(); st.Cached <= st.Mobiles || st.Mobiles == 0 || st.Dynamic == 0 {
		t.Fatalf("stats %+v: want a cached step, one past a mobile and one past an item", st)
	}
}

// TestStepCheckerItemUnderfoot: a surface item on the stepper's own cell
// (bridge planks standing at its Z) lowers its start Z and raises its top,
// which opens steps up the hills around HillPoint; the checker takes the
// live rules there and agrees with them on every direction, and the test
// counts the steps the item changed, so it cannot pass vacuously.
func TestStepCheckerItemUnderfoot(t *testing.T) {
	f := testFixture(t)
	live := movement.NewRules(f.w.Map, f.w.Tiles, nil)
	ref := movement.NewRules(f.w.Map, f.w.Tiles, nil)
	sc := NewStepChecker(f.newCache(t, live, stepcache.DefaultConfig(), true), live)
	mv := movement.Mover{Self: 7}
	hp := f.w.Landmarks.HillPoint
	changed := 0
	for y := hp.Y - 40; y <= hp.Y+40; y++ {
		for x := hp.X - 40; x <= hp.X+40; x++ {
			live.Dyn, ref.Dyn = nil, nil
			if len(f.w.Map.StaticsAt(x, y)) > 0 {
				continue
			}
			_, z, _ := f.w.Map.AverageZ(x, y) // where a walker on this land stands
			var before [8]bool
			for d := movement.Dir(0); d < 8; d++ {
				_, before[d] = ref.CheckMovement(mv, x, y, z, d)
			}
			dyn := newTestDyn()
			dyn.addItem(x, y, movement.Item{ID: gen.ItemBridgePlank, Z: int8(z - 2)})
			live.Dyn, ref.Dyn = occDyn{dyn}, dyn
			for d := movement.Dir(0); d < 8; d++ {
				wz, wok := ref.CheckMovement(mv, x, y, z, d)
				nz, ok, _ := sc.Step(mv, x, y, z, d)
				if ok != wok || (ok && nz != wz) {
					t.Fatalf("(%d,%d,%d) %v with planks underfoot: checker ok=%v z=%d, live ok=%v z=%d", x, y, z, d, ok, nz, wok, wz)
				}
				if wok != before[d] {
					changed++
				}
			}
		}
	}
	t.Logf("%d steps changed by the item underfoot", changed)
	if changed == 0 {
		t.Fatal("no step changed: the test does not exercise the start cell's items")
	}
}
