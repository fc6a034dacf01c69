package stepcache

// Enforce evicts resident chunks until at most MaxResidentChunks remain (the
// eviction system calls it once per tick) and returns how many it evicted.
func (c *Cache) Enforce() int {
	n := 0
	for len(c.res) > c.cfg.MaxResidentChunks {
		var v int
		if c.cfg.Eviction == EvictSampledLRU {
			v = c.sampledVictim()
		} else {
			v = c.clockVictim()
		}
		c.remove(v)
		n++
	}
	c.st.Evicted += uint64(n)
	return n
}

// clockVictim advances the CLOCK hand past chunks used since it last passed
// them (clearing their mark) and returns the first unmarked one. Each
// chunk is passed at most once per victim, so a victim costs at most one
// sweep and O(1) amortized.
func (c *Cache) clockVictim() int {
	for {
		if c.hand >= len(c.res) {
			c.hand = 0
		}
		e := &c.res[c.hand]
		if e.last > e.clear {
			e.clear = c.seq
			c.hand++
			continue
		}
		v := c.hand
		// remove swaps the last (newest) slot in here; stepping past it puts
		// it behind the hand, where CLOCK inserts new entries.
		c.hand++
		return v
	}
}

// sampledVictim samples evictSample resident chunks and returns the least
// recently used of them.
func (c *Cache) sampledVictim() int {
	best := c.rng.IntN(len(c.res))
	for i := 1; i < evictSample; i++ {
		j := c.rng.IntN(len(c.res))
		if c.res[j].last < c.res[best].last {
			best = j
		}
	}
	return best
}
