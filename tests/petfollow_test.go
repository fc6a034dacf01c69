package tests

import (
	"testing"

	"github.com/shardcore/shardcore/population"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/systems"
)

// TestPetFollow: a mounted player (4 tiles/s) walks the 2,000+ step pet
// route by direction with a pet following. The pet never falls more than
// its range + 3 behind, every executed step is allowed by the live rules,
// and the step cache's admission gate leaves the chunks the pet merely
// passes through unbuilt: a pass (the pet in the chunk for at most half a
// visit, MissVisitMs/2) is one visit however many searches it makes there.
// Chunks the pair comes back to within the window (the causeway, walked
// out and back) are built.
func TestPetFollow(t *testing.T) {
	cfg := stepcache.DefaultConfig()
	sh := newShard(t, shardSetup{
		pop:   population.Options{Pets: 1, Seed: 7},
		opts:  systems.Options{Seed: 7, MaxSearchesPerTick: 4},
		cache: &cfg,
	})
	player, pet, rng := sh.pop.Players[0], sh.pop.Pets[0], sh.pop.PetRange[0]
	type key struct{ cx, cy int }
	type stay struct{ first, last int64 } // game ms the pet was first and last in the chunk
	visited := map[key]*stay{}
	worst := 0
	for tick := 0; sh.check.executed[player] < 2000; tick++ {
		if tick > 120000 {
			t.Fatalf("player walked only %d steps in %d ticks", sh.check.executed[player], tick)
		}
		sh.sim.Step()
		pp, _ := sh.sim.MobileState(player)
		qp, _ := sh.sim.MobileState(pet)
		d := cheb(pp.Point(), qp.Point())
		worst = max(worst, d)
		if d > rng+3 {
			t.Fatalf("tick %d: pet at (%d,%d) is %d tiles from its owner at (%d,%d), range %d", tick, qp.X, qp.Y, d, pp.X, pp.Y, rng)
		}
		k := key{int(qp.X) / chunk.Size, int(qp.Y) / chunk.Size}
		if visited[k] == nil {
			visited[k] = &stay{first: sh.sim.Now()}
		}
		visited[k].last = sh.sim.Now()
	}
	sh.check.verify(t)
	st := sh.cache.Stats()
	passed, builtPassed, builtOther := 0, 0, 0
	for k, v := range visited {
		built := sh.cache.Resident(0, k.cx, k.cy)
		if v.last-v.first <= stepcache.DefaultMissVisitMs/2 {
			passed++
			if built {
				builtPassed++
				t.Errorf("chunk (%d,%d): the pet only passed through (%d ms) but it was built", k.cx, k.cy, v.last-v.first)
			}
		} else if built {
			builtOther++
		}
	}
	ss := sh.sim.Stats()
	t.Logf("player steps %d, pet steps %d, worst gap %d (range %d); searches %d, max wait %d ticks; chunks visited %d, passed through %d (built %d), stayed or came back %d (built %d); cache built %d not admitted %d hit ratio %.2f",
		sh.check.executed[player], sh.check.executed[pet], worst, rng, ss.Searches, ss.MaxWaitTicks, len(visited), passed, builtPassed,
		len(visited)-passed, builtOther, st.Built, st.Gate.NotAdmitted, st.HitRatio())
	if sh.check.executed[pet] < 1500 {
		t.Fatalf("pet took only %d steps", sh.check.executed[pet])
	}
	if passed < len(visited)*3/4 {
		t.Fatalf("only %d of %d chunks were passed through: the route no longer tests the gate", passed, len(visited))
	}
	if builtOther == 0 || st.Built > st.Gate.NotAdmitted {
		t.Fatalf("admission gate: built %d (%d where the pair stayed or came back), not admitted %d: chunks used again must be built, and every build needs an earlier miss the gate did not admit",
			st.Built, builtOther, st.Gate.NotAdmitted)
	}
}

// tickCounter counts searches per tick from the recorder hook.
type tickCounter struct {
	tick, n, most int
	total         int
}

// RecordPath implements systems.Recorder.
func (c *tickCounter) RecordPath(r *systems.PathRecord) {
	if int(r.Tick) != c.tick {
		c.tick, c.n = int(r.Tick), 0
	}
	c.n++
	c.total++
	c.most = max(c.most, c.n)
}

// TestPetFollowHundredPairs: 100 player+pet pairs under the deterministic
// budget (8 searches per tick): no tick serves more, no request waits long,
// and every pet stays within range + 3 of its owner.
func TestPetFollowHundredPairs(t *testing.T) {
	const budget = 8
	cfg := stepcache.DefaultConfig()
	tc := &tickCounter{tick: -1}
	sh := newShard(t, shardSetup{
		pop:   population.Options{Pets: 100, Seed: 3},
		opts:  systems.Options{Seed: 3, MaxSearchesPerTick: budget, Recorder: tc},
		cache: &cfg,
	})
	worst := 0
	sh.run(2500, func(tick int) {
		for i, pet := range sh.pop.Pets {
			pp, _ := sh.sim.MobileState(sh.pop.Players[i])
			qp, _ := sh.sim.MobileState(pet)
			d := cheb(pp.Point(), qp.Point())
			worst = max(worst, d-sh.pop.PetRange[i])
			if d > sh.pop.PetRange[i]+3 {
				t.Fatalf("tick %d: pet %d is %d tiles from its owner, range %d", tick, i, d, sh.pop.PetRange[i])
			}
		}
	})
	sh.check.verify(t)
	st := sh.sim.Stats()
	t.Logf("searches %d (most in a tick %d), max wait %d ticks, mean wait %.2f, queue %d, steps %d, blocked %d, worst gap over range %d, hit ratio %.2f",
		st.Searches, tc.most, st.MaxWaitTicks, st.MeanWaitTicks, st.QueueLen, st.Steps, st.Blocked, worst, st.HitRatio)
	if tc.most > budget {
		t.Fatalf("a tick served %d searches, budget %d", tc.most, budget)
	}
	if st.MaxWaitTicks > 30 {
		t.Fatalf("a request waited %d ticks", st.MaxWaitTicks)
	}
	if tc.total != int(st.Searches) || st.Searches < 2500 {
		t.Fatalf("recorder saw %d searches, stats %d", tc.total, st.Searches)
	}
}
