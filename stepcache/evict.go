package stepcache

import (
	"fmt"
	"math/rand/v2"
)

// Enforce evicts resident chunks until at most MaxResidentChunks remain (the
// shard's upkeep step calls it once per tick) and returns how many it
// evicted. With prefetch on (Config.PrefetchMs), a chunk a lookup used or
// a look-ahead predicted since the previous Enforce is pinned: never
// evicted; when only pinned chunks are found, the cache stays over its
// bound until a later Enforce.
func (c *Cache) Enforce() int {
	n := 0
	for len(c.rs.res) > c.cfg.MaxResidentChunks {
		v := c.victim()
		if v < 0 {
			break
		}
		if c.rs.res[v].pre {
			c.st.Unused++
		}
		c.rs.remove(v)
		n++
	}
	c.st.Evicted += uint64(n)
	c.rs.since = c.rs.seq
	return n
}

// pinTries is how many victims Enforce draws before it gives up on finding
// one that is not pinned.
const pinTries = 8

// victim returns the slot to evict next, or -1 when every one drawn is
// pinned.
func (c *Cache) victim() int {
	for try := 0; try < pinTries; try++ {
		var v int
		if c.cfg.Eviction == EvictSampledLRU {
			v = c.rs.sampledVictim(c.rng)
		} else {
			v = c.rs.clockVictim()
		}
		if c.cfg.PrefetchMs == 0 || c.rs.res[v].last <= c.rs.since {
			return v
		}
	}
	return -1
}

// clockVictim advances the CLOCK hand past chunks used since it last passed
// them (clearing their mark) and returns the first unmarked one. Each
// chunk is passed at most once per victim, so a victim costs at most one
// sweep and O(1) amortized.
func (rs *residentSet) clockVictim() int {
	for {
		if rs.hand >= len(rs.res) {
			rs.hand = 0
		}
		e := &rs.res[rs.hand]
		if e.last > e.clear {
			e.clear = rs.seq
			rs.hand++
			continue
		}
		v := rs.hand
		// remove swaps the last (newest) slot in here; stepping past it puts
		// it behind the hand, where CLOCK inserts new entries.
		rs.hand++
		return v
	}
}

// sampledVictim samples evictSample resident chunks and returns the least
// recently used of them.
func (rs *residentSet) sampledVictim(rng *rand.Rand) int {
	best := rng.IntN(len(rs.res))
	for i := 1; i < evictSample; i++ {
		j := rng.IntN(len(rs.res))
		if rs.res[j].last < rs.res[best].last {
			best = j
		}
	}
	return best
}

// SetMaxResident changes the bound Enforce restores (at least 1): a shard
// rebalancing one memory budget among its maps' caches moves their parts
// while it runs. The next Enforce evicts down to it.
func (c *Cache) SetMaxResident(n int) error {
	if n < 1 {
		return fmt.Errorf("stepcache: set max resident: %d chunks, want at least 1", n)
	}
	c.cfg.MaxResidentChunks = n
	return nil
}

// Demand is the cache's recent and predicted use: the resident chunks a
// lookup used or a look-ahead predicted since the previous call, plus the
// chunks waiting for prefetch or a background build. It walks the
// resident set once.
func (c *Cache) Demand() int {
	n := 0
	for i := range c.rs.res {
		if c.rs.res[i].last > c.rs.demandSince {
			n++
		}
	}
	c.rs.demandSince = c.rs.seq
	return n + len(c.pq) + c.BuildsPending()
}
