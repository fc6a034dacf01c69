package server

import (
	"testing"

	"github.com/shardcore/shardcore/config"
	"github.com/shardcore/shardcore/population"
	"github.com/shardcore/shardcore/systems"
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/source"
)

// budgetServer is a server over blank maps of the given sizes, with
// pathfinding.maxResidentChunks = total and the maps' plans.
func budgetServer(t *testing.T, total int, sizes ...[2]int) (*Server, []population.Options, []population.MapPart) {
	t.Helper()
	s := &Server{cfg: config.Default()}
	s.cfg.Pathfinding.MaxResidentChunks = total
	plans := make([]population.Options, len(sizes))
	parts := make([]population.MapPart, len(sizes))
	for i, wh := range sizes {
		m, err := world.NewMap(world.MapID(i), wh[0], wh[1])
		if err != nil {
			t.Fatal(err)
		}
		s.maps = append(s.maps, &mapEntry{id: world.MapID(i), w: &source.World{Map: m}})
		plans[i] = population.Options{Patrols: 10 * (i + 1)}
	}
	return s, plans, parts
}

// TestBudgetsZeroHoldsEveryChunk: pathfinding.maxResidentChunks = 0 (the
// default) gives each map its whole chunk grid, partial chunks included, so
// no cache evicts.
func TestBudgetsZeroHoldsEveryChunk(t *testing.T) {
	s, plans, parts := budgetServer(t, 0, [2]int{512, 512}, [2]int{1000, 504})
	s.budgets(plans, parts)
	if got := []int{s.maps[0].budget, s.maps[1].budget}; got[0] != 32*32 || got[1] != 63*32 {
		t.Errorf("budgets %v, want [1024 2016]", got)
	}
}

// TestBudgetsShareTheKey: a positive maxResidentChunks is shared in
// proportion to the maps' mobiles and sums to the key.
func TestBudgetsShareTheKey(t *testing.T) {
	s, plans, parts := budgetServer(t, 301, [2]int{512, 512}, [2]int{512, 512})
	s.budgets(plans, parts)
	a, b := s.maps[0].budget, s.maps[1].budget
	if a+b != 301 || a >= b || a < 1 {
		t.Errorf("budgets %d and %d: want them to sum to 301, the second (twice the mobiles) larger", a, b)
	}
}

// TestSearchNamesAgree: pathfinding.search's names (config) are the names
// systems.WithCacheSearch switches on (recorder's TestFinderName: and the
// ones recordings carry).
func TestSearchNamesAgree(t *testing.T) {
	if config.SearchJPS != systems.SearchJPS || config.SearchCache != systems.SearchCache {
		t.Errorf("config names %q, %q; systems names %q, %q", config.SearchJPS, config.SearchCache, systems.SearchJPS, systems.SearchCache)
	}
}
