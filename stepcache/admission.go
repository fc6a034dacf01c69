package stepcache

// missState is the admission gate's record of one chunk's recent visits.
type missState struct {
	count int    // visits counted in the window
	since int64  // ms the latest visit began
	party uint64 // whose visit it is
}

// SetParty names the party whose lookups follow: a mobile and those who
// travel with it (a pet's party is its owner), 0 for anonymous lookups.
// The admission gate counts one party's misses of a chunk within
// MissVisitMs as one visit; another party's miss is a new visit. The cache
// A* sets it at the start of every search.
func (c *Cache) SetParty(id uint64) { c.party = id }

// admit counts a miss of a chunk no source holds and reports whether it is
// to be built now: on its MissPromotionThreshold-th visit within the window.
// A visit is one party's misses from its first one for MissVisitMs: a pet
// crossing a chunk behind its owner searches there every few hundred
// milliseconds, all one visit, so a chunk the pair only passes through is
// never built, while one in use MissVisitMs later (a patrol's beat, a
// place the pair comes back to) is, and so is one that a second party
// misses (a street in use by several). A visit beginning more than the
// window after the previous one restarts the count at 1. The tracker holds at most TrackerCap chunks: when full,
// window-expired entries go first, then the oldest.
func (c *Cache) admit(k chunkKey) bool {
	now := c.cfg.Now()
	s, ok := c.tracker[k]
	switch {
	case !ok || now-s.since > c.cfg.MissPromotionWindowMs:
		s = missState{count: 1, since: now, party: c.party}
	case s.party != c.party || now-s.since >= c.cfg.MissVisitMs:
		s = missState{count: s.count + 1, since: now, party: c.party}
	}
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
		if now-s.since > win {
			delete(c.tracker, k)
			pruned++
			continue
		}
		if !found || s.since < oldestAt {
			oldest, oldestAt, found = k, s.since, true
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
