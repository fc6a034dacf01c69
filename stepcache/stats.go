package stepcache

import "github.com/shardcore/shardcore/stepcache/chunk"

// Stats are the cache's counters and sizes.
type Stats struct {
	// Kinds counts the searches' lookups by outcome (Kinds[Hit] is the hit
	// count); StepKinds the movement system's (Cache.Steps), which
	// HitRatio and Lookups leave out.
	Kinds, StepKinds [chunk.NumHitKinds]uint64
	// Resident is the number of resident chunk slots; Distinct the number of
	// distinct chunk objects behind them (identical chunks are shared).
	Resident, Distinct int
	// Bytes is the memory of the resident chunks, each shared object once.
	Bytes int
	// Built counts chunks baked live, Loaded chunks read from a source,
	// Corrupt source reads that failed (rebuilt live, also in Built),
	// Evicted chunks dropped by Enforce.
	Built, Loaded, Corrupt, Evicted uint64
	// Gate are the admission gate's counters: misses it admitted and did
	// not admit, entries dropped when their window ended or for the cap,
	// and entries examined (its work).
	Gate GateStats
	// BuildsQueued counts promoted chunks asked of the background workers,
	// BuildsDropped promotions refused because their queue was full;
	// BuildsPending is the number asked and not yet collected.
	BuildsQueued, BuildsDropped uint64
	BuildsPending               int
	// Tracked is the number of chunks the admission gate tracks.
	Tracked int
	// Verified counts hits re-checked by verify mode, Mismatches the
	// directions where they differed.
	Verified, Mismatches uint64
	// Late counts lookups (searches' and the movement system's) that fell
	// through as not built on a chunk installed within the admission
	// window after the first of them: live-rule work a chunk ready in time
	// would have saved. Prefetched counts chunks installed because a
	// look-ahead predicted them (Predict, Prefetch), Unused those of them
	// evicted before any lookup read them.
	Late, Prefetched, Unused uint64
	// Unread is the number of prefetched chunks resident now that no
	// lookup has read yet (where nothing is evicted, the prefetches not
	// used so far).
	Unread int
}

// Lookups is the total number of lookups.
func (s Stats) Lookups() uint64 {
	var n uint64
	for _, k := range s.Kinds {
		n += k
	}
	return n
}

// HitRatio is hits over lookups (0 with no lookups).
func (s Stats) HitRatio() float64 {
	n := s.Lookups()
	if n == 0 {
		return 0
	}
	return float64(s.Kinds[chunk.Hit]) / float64(n)
}

// Stats returns the counters and sizes now.
func (c *Cache) Stats() Stats {
	s := c.st
	s.Resident = len(c.rs.res)
	s.Distinct = c.rs.distinct()
	s.Bytes = c.rs.bytes
	s.Gate = c.gate.Stats()
	s.Tracked = c.gate.Len()
	s.BuildsPending = c.BuildsPending()
	s.Unread = c.rs.unread
	return s
}

// ResetStats zeroes the counters (sizes are not counters and stay).
func (c *Cache) ResetStats() {
	c.st = Stats{}
	c.gate.ResetStats()
}
