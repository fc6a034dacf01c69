package tests

import (
	"testing"

	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/systems"
	"github.com/shardcore/shardcore/world/gen"
)

// TestTrustedStepsUnderItems: steps taken on a search's word (the
// default) and the same run with every step checked by the stepper
// (systems.Options.CheckEveryStep) end in the same state after the same
// steps, while items that raise a cell's standing Z (bridge planks) are
// dropped two steps ahead of walking mobiles and taken away a few ticks
// later: a path found over a plank keeps the plank's Z in its Zs, and only
// the removal's stamp stops the movement system taking that Z on the
// search's word once the plank is gone. Every step of both runs is
// re-checked against the live rules by the test's observer.
func TestTrustedStepsUnderItems(t *testing.T) {
	run := func(checkAll bool) (uint64, systems.Stats) {
		cfg := stepcache.DefaultConfig()
		cfg.Seed = 1
		opts := systems.Options{Seed: 9, MaxSearchesPerTick: 10, CheckEveryStep: checkAll}
		sh := newShard(t, shardSetup{pop: mixedPop, opts: opts, cache: &cfg})
		installAll(t, sh)
		ids := sh.sim.MobileIDs()
		type placed struct {
			id   uint64
			tick int
		}
		var planks []placed
		sh.run(1500, func(tick int) {
			for len(planks) > 0 && tick-planks[0].tick >= 6 {
				if err := sh.sim.RemoveItem(planks[0].id); err != nil {
					t.Fatalf("remove plank: %v", err)
				}
				planks = planks[1:]
			}
			if tick%3 != 0 {
				return
			}
			for k := 0; k < 4; k++ {
				id := ids[(tick/3*4+k)%len(ids)]
				steps, _ := sh.sim.MobilePath(id)
				pos, ok := sh.sim.MobileState(id)
				if !ok || len(steps) < 3 {
					continue
				}
				x, y := int(pos.X), int(pos.Y)
				for _, d := range steps[:2] {
					dx, dy := d.Offset()
					x, y = x+dx, y+dy
				}
				it, err := sh.sim.SpawnItem(systems.ItemSpec{X: x, Y: y, Z: int(pos.Z), ID: gen.ItemBridgePlank})
				if err != nil {
					t.Fatalf("spawn plank: %v", err)
				}
				planks = append(planks, placed{it, tick})
			}
		})
		sh.check.verify(t)
		return sh.sim.PositionsHash(), sh.sim.Stats()
	}
	ht, st := run(false)
	hc, sc := run(true)
	t.Logf("trusted: %d steps (%d on a search's word, %d live, %d blocked) hash %x; checked: %d steps (%d blocked) hash %x",
		st.Steps, st.StepsTrusted, st.StepsLive, st.Blocked, ht, sc.Steps, sc.Blocked, hc)
	if ht != hc || st.Steps != sc.Steps || st.Blocked != sc.Blocked {
		t.Fatalf("trusted steps end in %x after %d steps (%d blocked), checked steps in %x after %d (%d blocked)",
			ht, st.Steps, st.Blocked, hc, sc.Steps, sc.Blocked)
	}
	if sc.StepsTrusted != 0 || 3*st.StepsTrusted < st.Steps {
		t.Fatalf("%d of %d steps trusted with CheckEveryStep, %d of %d without", sc.StepsTrusted, sc.Steps, st.StepsTrusted, st.Steps)
	}
}
