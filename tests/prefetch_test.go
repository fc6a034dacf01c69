package tests

import (
	"testing"

	c "github.com/shardcore/shardcore/components"
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/population"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/systems"
)

// prefetchMs is the look-ahead the tests run with: the default 1250 ticks of 8 ms.
const prefetchMs = 10000

// TestPrefetchKeepsDeterminismAndParity: the mixed population under a
// deterministic search budget ends in the same state (hash of every
// mobile's position) after the same steps with prefetch on and off, every
// step re-checked live and a share of the hits verified against the live
// rules; the look-ahead walked paths and prefetched chunks, and the live
// rules answered no more lookups for want of a chunk with it than without.
func TestPrefetchKeepsDeterminismAndParity(t *testing.T) {
	pop := population.Options{Pets: 120, Patrols: 120, Swimmers: 30, Seed: 5}
	run := func(ahead int64) (uint64, systems.Stats, stepcache.Stats) {
		cfg := stepcache.DefaultConfig()
		cfg.Seed, cfg.PrefetchMs, cfg.VerifyShare = 1, ahead, 0.05
		sh := newShard(t, shardSetup{pop: pop, opts: systems.Options{Seed: 5, MaxSearchesPerTick: 12}, cache: &cfg})
		sh.run(2000, nil)
		sh.check.verify(t)
		return sh.sim.PositionsHash(), sh.sim.Stats(), sh.cache.Stats()
	}
	hOff, sOff, cOff := run(0)
	hOn, sOn, cOn := run(prefetchMs)
	t.Logf("off: hash %x steps %d not built %d late %d built %d; on: hash %x steps %d not built %d late %d built %d prefetched %d unused %d, look-ahead %d steps",
		hOff, sOff.Steps, notBuilt(cOff), cOff.Late, cOff.Built, hOn, sOn.Steps, notBuilt(cOn), cOn.Late, cOn.Built, cOn.Prefetched, cOn.Unused, sOn.AheadSteps)
	if hOn != hOff || sOn.Steps != sOff.Steps || sOn.Blocked != sOff.Blocked {
		t.Fatalf("prefetch on ends in %x after %d steps (%d blocked), off in %x after %d (%d blocked)",
			hOn, sOn.Steps, sOn.Blocked, hOff, sOff.Steps, sOff.Blocked)
	}
	if cOn.Mismatches != 0 || cOn.Verified == 0 {
		t.Fatalf("verified %d hits, %d mismatches", cOn.Verified, cOn.Mismatches)
	}
	if sOn.AheadSteps == 0 || cOn.Prefetched == 0 || sOff.AheadSteps != 0 || cOff.Prefetched != 0 {
		t.Fatalf("look-ahead steps on %d off %d, prefetched on %d off %d", sOn.AheadSteps, sOff.AheadSteps, cOn.Prefetched, cOff.Prefetched)
	}
	if notBuilt(cOn) > notBuilt(cOff) {
		t.Fatalf("prefetch on: %d lookups fell through as not built, off: %d", notBuilt(cOn), notBuilt(cOff))
	}
}

// notBuilt is the lookups (searches' and steps') that fell through for
// want of a chunk.
func notBuilt(st stepcache.Stats) uint64 {
	return st.Kinds[chunk.FallNotBuilt] + st.StepKinds[chunk.FallNotBuilt]
}

// openRow finds a row of the default world with n cells a walker can step
// east along, and returns its west end and the Zs.
func openRow(t *testing.T, r *movement.Rules, n int) (x0, y int, zs []int) {
	t.Helper()
	mv := movement.Mover{}
	for y = 64; y < r.Map.Height-64; y += 5 {
		x0, zs = 16, zs[:0]
		_, z, _ := r.Map.AverageZ(x0, y)
		zs = append(zs, z)
		for x := x0; x < r.Map.Width-16; x++ {
			nz, ok := r.CheckMovement(mv, x, y, z, movement.East)
			if _, back := r.CheckMovement(mv, x+1, y, nz, movement.West); !ok || !back {
				x0 = x + 1
				_, z, _ = r.Map.AverageZ(x0, y)
				zs = append(zs[:0], z)
				continue
			}
			z = nz
			zs = append(zs, z)
			if len(zs) == n {
				return x0, y, zs
			}
		}
	}
	t.Fatalf("no open row of %d cells", n)
	return 0, 0, nil
}

// TestPrefetchReversingPlayers is the design note's hard case: two
// players, each followed by a pet, are handed a long run of steps in one
// direction and reverse every three ticks (east, east, west: they drift
// east, and back west from the row's end), so the look-ahead predicts
// chunks they never reach. Prefetch does no worse than reacting: the live
// rules answer no more lookups for want of a chunk, and the run ends in
// the same state.
func TestPrefetchReversingPlayers(t *testing.T) {
	run := func(ahead int64) (uint64, stepcache.Stats) {
		cfg := stepcache.DefaultConfig()
		cfg.Seed, cfg.PrefetchMs = 1, ahead
		sh := newShard(t, shardSetup{noPopulate: true, cache: &cfg,
			opts: systems.Options{Seed: 3, MaxSearchesPerTick: 12, FollowDirect: true}})
		const n = 160
		x0, y, zs := openRow(t, sh.sim.Rules(), n)
		var players []uint64
		for i, dx := range []int{8, 14} {
			p, err := sh.sim.SpawnMobile(systems.MobileSpec{X: x0 + dx, Y: y, Z: zs[dx], Tags: c.Tags{Player: true}, Speed: 8})
			if err != nil {
				t.Fatal(err)
			}
			pet, err := sh.sim.SpawnMobile(systems.MobileSpec{X: x0 + dx - 2, Y: y, Z: zs[dx-2], Speed: 8,
				Order: systems.Order{Follow: &systems.FollowSpec{Target: p, Range: 1}}})
			if err != nil || pet == 0 {
				t.Fatalf("pet %d: %v", i, err)
			}
			players = append(players, p)
		}
		drift, far := movement.East, movement.West
		sh.run(900, func(tick int) {
			if tick%3 != 0 {
				return
			}
			d := drift
			if (tick/3)%3 == 2 {
				d = far
			}
			for _, p := range players {
				if err := sh.sim.SetOrder(p, systems.Order{Steps: repeat(d, 40)}); err != nil {
					t.Fatal(err)
				}
			}
			ms, err := sh.sim.Mobile(players[0])
			if err != nil {
				t.Fatal(err)
			}
			if ms.X > x0+n-24 {
				drift, far = movement.West, movement.East
			} else if ms.X < x0+24 {
				drift, far = movement.East, movement.West
			}
		})
		sh.check.verify(t)
		return sh.sim.PositionsHash(), sh.cache.Stats()
	}
	hOff, off := run(0)
	hOn, on := run(prefetchMs)
	t.Logf("off: not built %d late %d built %d; on: not built %d late %d built %d prefetched %d unused %d",
		notBuilt(off), off.Late, off.Built, notBuilt(on), on.Late, on.Built, on.Prefetched, on.Unused)
	if hOn != hOff {
		t.Fatalf("prefetch on ends in %x, off in %x", hOn, hOff)
	}
	if off.Built == 0 || on.Prefetched == 0 {
		t.Fatalf("built %d without prefetch, prefetched %d with: the case was not exercised", off.Built, on.Prefetched)
	}
	if notBuilt(on) > notBuilt(off) {
		t.Fatalf("prefetch on: %d lookups fell through as not built, off: %d", notBuilt(on), notBuilt(off))
	}
}

func repeat(d movement.Dir, n int) []movement.Dir {
	out := make([]movement.Dir, n)
	for i := range out {
		out[i] = d
	}
	return out
}
