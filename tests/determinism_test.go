package tests

import (
	"testing"

	"github.com/shardcore/shardcore/systems"
)

// TestDeterminism: the same seed and population end in the same state (hash
// of every mobile's position) on two runs; another population seed does not.
func TestDeterminism(t *testing.T) {
	run := func(seed uint64) (start, end uint64, steps uint64) {
		pop := mixedPop
		pop.Seed = seed
		sh := newShard(t, shardSetup{pop: pop, opts: systems.Options{Seed: seed, MaxSearchesPerTick: 6}})
		start = sh.sim.PositionsHash()
		sh.run(2000, nil)
		sh.check.verify(t)
		return start, sh.sim.PositionsHash(), sh.sim.Stats().Steps
	}
	s1, e1, n1 := run(21)
	s2, e2, n2 := run(21)
	_, e3, _ := run(22)
	t.Logf("end hashes %x %x (steps %d %d), other seed %x", e1, e2, n1, n2, e3)
	if s1 != s2 || e1 != e2 || n1 != n2 {
		t.Fatalf("same seed, different runs: start %x/%x end %x/%x steps %d/%d", s1, s2, e1, e2, n1, n2)
	}
	if e1 == s1 {
		t.Fatal("nothing moved")
	}
	if e3 == e1 {
		t.Fatal("another seed ended in the same state: the hash does not see the population")
	}
}
