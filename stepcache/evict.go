package stepcache

import "math/rand/v2"

// Enforce evicts resident chunks until at most MaxResidentChunks remain (the
// shard's upkeep step calls it once per tick) and returns how many it
// evicted.
func (c *Cache) Enforce() int {
	n := 0
	for len(c.rs.res) > c.cfg.MaxResidentChunks {
		var v int
		if c.cfg.Eviction == EvictSampledLRU {
			v = c.rs.sampledVictim(c.rng)
		} else {
			v = c.rs.clockVictim()
		}
		c.rs.remove(v)
		n++
	}
	c.st.Evicted += uint64(n)
	return n
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
