package gen

import (
	"context"
	"fmt"
	"testing"

	"github.com/shardcore/shardcore/movement"
)

// TestOtherSizes walks every route of smaller and oblong worlds of other
// seeds: the layout must hold together at every size, not only the default.
func TestOtherSizes(t *testing.T) {
	for _, o := range []Options{{Seed: 3, Width: 512, Height: 512}, {Seed: 9, Width: 768, Height: 640}, {Seed: 12, Width: 512, Height: 1024}, {Seed: 4, Width: 520, Height: 1032}} {
		t.Run(fmt.Sprintf("%dx%d-seed%d", o.Width, o.Height, o.Seed), func(t *testing.T) {
			w, err := Generate(context.Background(), o)
			if err != nil {
				t.Fatal(err)
			}
			lm := w.Landmarks
			s := search{r: liveRules(w, nil), mv: movement.Mover{Caps: movement.CanOpenDoors}, margin: 80}
			for _, route := range lm.PatrolRoutes {
				s.route(t, w, route, true)
			}
			n := s.route(t, w, lm.PetRoute, false)
			t.Logf("pet route %d steps", n)
			r := staticRules(w)
			if _, ok := step(r, swimmer, Spot{lm.BridgeDeck.X, lm.BridgeDeck.Y, WaterZ}, dN); !ok {
				t.Error("swimmer cannot pass under the bridge")
			}
			if _, z, ok := (search{r: r, mv: player, margin: 2, keep: func(x, y, z int) bool { return z <= SewerZ }}).reach(
				lm.SewerStart.Point(), SewerZ, lm.SewerEnd.Point()); !ok || z != SewerZ {
				t.Error("sewer ends do not connect underground")
			}
			if lm.CliffPoint == (Spot{}) || lm.MountainPoint == (Spot{}) || enterable(w, r, walker, lm.MountainPoint.Point()) {
				t.Errorf("cliff %v, mountain %v", lm.CliffPoint, lm.MountainPoint)
			}
		})
	}
}
