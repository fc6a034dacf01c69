package server

import (
	"testing"

	"github.com/shardcore/shardcore/world"
)

// TestBudgetsFollowThePopulation: two maps share maxResidentChunks; when
// every mobile of map 2 is teleported to map 0, the parts move toward map
// 0 within a few rebalances, always summing to the bound, and map 2's
// cache evicts down to its smaller part.
func TestBudgetsFollowThePopulation(t *testing.T) {
	cfg := britanniaConfig(t, britanniaDir(t, 0, 2), 0, 2)
	cfg.Pathfinding.MaxResidentChunks = 400
	s, logs := newTestServer(t, cfg, Options{Unpaced: true})
	defer s.Close()
	step := func(n int) {
		t.Helper()
		for range n {
			if err := s.Step(t.Context()); err != nil {
				t.Fatalf("step: %v\n%s", err, logs)
			}
			sum := s.Snapshot()
			if b := sum.Maps[0].Budget + sum.Maps[1].Budget; b != cfg.Pathfinding.MaxResidentChunks {
				t.Fatalf("tick %d: parts %d and %d sum to %d", sum.Ticks, sum.Maps[0].Budget, sum.Maps[1].Budget, b)
			}
		}
	}
	parts := func() (m0, m2 MapSummary) {
		sum := s.Snapshot()
		return sum.Maps[0], sum.Maps[1]
	}
	step(3 * rebalanceTicks)
	a0, a2 := parts()
	p0, _ := s.Map(0)
	p2, _ := s.Map(2)
	if len(p0.Population.Players) == 0 || a2.Mobiles == 0 {
		t.Fatalf("map 0 players %d, map 2 mobiles %d", len(p0.Population.Players), a2.Mobiles)
	}
	_, at, err := s.Mobile(p0.Population.Players[0])
	if err != nil {
		t.Fatal(err)
	}
	moved := 0
	for _, ids := range [][]uint64{p2.Population.Players, p2.Population.Patrols} {
		for _, id := range ids {
			if m, _, err := s.Mobile(id); err != nil || m != world.MapID(2) {
				continue
			}
			if err := s.Teleport(id, 0, at.X, at.Y, at.Z); err != nil {
				t.Fatalf("teleport %d: %v", id, err)
			}
			moved++
		}
	}
	step(4 * rebalanceTicks)
	b0, b2 := parts()
	t.Logf("before: map 0 %d mobiles part %d, map 2 %d mobiles part %d; %d moved; after: map 0 %d mobiles part %d resident %d, map 2 %d mobiles part %d resident %d",
		a0.Mobiles, a0.Budget, a2.Mobiles, a2.Budget, moved, b0.Mobiles, b0.Budget, b0.Resident, b2.Mobiles, b2.Budget, b2.Resident)
	if moved == 0 || b0.Mobiles <= a0.Mobiles {
		t.Fatalf("the population did not move: %d teleported, map 0 %d mobiles then %d", moved, a0.Mobiles, b0.Mobiles)
	}
	if b0.Budget <= a0.Budget || b2.Budget >= a2.Budget {
		t.Fatalf("parts did not follow: map 0 %d then %d, map 2 %d then %d", a0.Budget, b0.Budget, a2.Budget, b2.Budget)
	}
	step(1) // the parts a rebalance moved apply at each map's next tick
	if _, b2 = parts(); b2.Resident > b2.Budget {
		t.Fatalf("map 2 holds %d chunks over its part %d", b2.Resident, b2.Budget)
	}
}
