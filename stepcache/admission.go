package stepcache

// missState is the admission gate's record of one chunk's recent misses.
type missState struct {
	count int
	last  int64 // ms of the latest miss
}

// admit counts a miss of a chunk no source holds and reports whether it is
// to be built now: on its MissPromotionThreshold-th miss within the window
// (a miss after the window restarts the count at 1). The tracker holds at
// most TrackerCap chunks: when full, window-expired entries go first, then
// the oldest.
func (c *Cache) admit(k chunkKey) bool {
	now := c.cfg.Now()
	win := c.cfg.MissPromotionWindowMs
	s, ok := c.tracker[k]
	if ok && now-s.last <= win {
		s.count++
	} else {
		s.count = 1
	}
	s.last = now
	if s.count >= c.cfg.MissPromotionThreshold {
		delete(c.tracker, k)
		return true
	}
	if !ok && len(c.tracker) >= TrackerCap {
		c.pruneTracker(now)
	}
	c.tracker[k] = s
	c.st.Deferred++
	return false
}

// pruneTracker makes room for one entry: every window-expired entry goes;
// if none has expired, the oldest one goes.
func (c *Cache) pruneTracker(now int64) {
	win := c.cfg.MissPromotionWindowMs
	var oldest chunkKey
	oldestAt := int64(0)
	found := false
	pruned := 0
	for k, s := range c.tracker {
		if now-s.last > win {
			delete(c.tracker, k)
			pruned++
			continue
		}
		if !found || s.last < oldestAt {
			oldest, oldestAt, found = k, s.last, true
		}
	}
	if pruned == 0 && found {
		delete(c.tracker, oldest)
		pruned++
	}
	c.st.TrackerPruned += uint64(pruned)
}

// Tracked is the number of chunks the admission gate is counting.
func (c *Cache) Tracked() int { return len(c.tracker) }
