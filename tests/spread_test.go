package tests

import (
	"testing"

	"github.com/shardcore/shardcore/population"
	"github.com/shardcore/shardcore/systems"
)

// chunkCounts counts a shard's mobiles per 16×16 chunk; far excludes the
// chunks within 64 tiles of the town centre.
func chunkCounts(t *testing.T, sh *shard) (all map[[2]int]int, maxFar int) {
	t.Helper()
	tc := defaultGen(t).Landmarks.TownCenter
	all = map[[2]int]int{}
	for _, id := range sh.sim.MobileIDs() {
		p, _ := sh.sim.MobileState(id)
		k := [2]int{int(p.X) / 16, int(p.Y) / 16}
		all[k]++
		if abs(int(p.X)-tc.X) > 64 || abs(int(p.Y)-tc.Y) > 64 {
			maxFar = max(maxFar, all[k])
		}
	}
	return all, maxFar
}

// TestSpreadPopulation: the full population (5,000 pairs, 4,000 patrols,
// 1,000 swimmers) spreads over the map at a few mobiles per chunk outside
// town, swimmers over open water anywhere; the packed layout, kept for
// comparison, piles far more onto one chunk.
func TestSpreadPopulation(t *testing.T) {
	sh := newShard(t, shardSetup{pop: population.Options{Pets: 5000, Patrols: 4000, Swimmers: 1000, Seed: 1}})
	w := defaultGen(t)
	all, maxFar := chunkCounts(t, sh)
	swim := map[[2]int]bool{}
	for _, id := range sh.pop.Swimmers {
		p, _ := sh.sim.MobileState(id)
		if !systems.IsWet(w.Map, w.Tiles, int(p.X), int(p.Y)) {
			t.Fatalf("swimmer %d on a dry cell %v", id, p)
		}
		swim[[2]int{int(p.X) / 16, int(p.Y) / 16}] = true
	}
	n := len(sh.pop.Players) + len(sh.pop.Pets) + len(sh.pop.Patrols) + len(sh.pop.Swimmers)
	t.Logf("%d mobiles in %d chunks (of %d), at most %d in one chunk outside town; swimmers in %d chunks",
		n, len(all), (w.Map.Width/16)*(w.Map.Height/16), maxFar, len(swim))
	if n != 15000 {
		t.Fatalf("spawned %d mobiles, want 15000", n)
	}
	if len(all) < 1500 || maxFar > 24 || len(swim) < 200 {
		t.Fatalf("not spread: %d chunks, %d in the densest chunk outside town, swimmers in %d chunks", len(all), maxFar, len(swim))
	}

	packed := newShard(t, shardSetup{pop: population.Options{Pets: 5000, Patrols: 4000, Swimmers: 1000, Seed: 1, Packed: true}})
	pall, pmax := chunkCounts(t, packed)
	t.Logf("packed: %d chunks, at most %d in one chunk outside town", len(pall), pmax)
	if pmax <= 24 {
		t.Fatalf("the packed layout put at most %d mobiles in a chunk: the bound above tells nothing", pmax)
	}
}

// TestSpreadPopulationDeterministic: the same seed spawns the same
// mobiles on the same cells; another seed does not.
func TestSpreadPopulationDeterministic(t *testing.T) {
	po := population.Options{Pets: 400, Patrols: 300, Swimmers: 100, Seed: 3}
	a := newShard(t, shardSetup{pop: po}).sim.PositionsHash()
	b := newShard(t, shardSetup{pop: po}).sim.PositionsHash()
	po.Seed = 4
	c := newShard(t, shardSetup{pop: po}).sim.PositionsHash()
	if a != b || a == c {
		t.Fatalf("positions hashes: seed 3 %x and %x, seed 4 %x", a, b, c)
	}
}
