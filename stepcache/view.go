package stepcache

// View is a read-only handle on a cache for searches that run on other
// goroutines at once, while the cache's owner waits: between the owner's
// Ready and its Merge of every view, the views' lookups only read the
// cache (resident chunks and their maps), so any number of goroutines may
// look up through their own views. A chunk that is not resident falls
// through as not built, whatever source holds it, and is handed to the
// owner at Merge, which reads it from its source or counts the visit at
// the admission gate then, as the lookup would have; uses are stamped and
// outcomes counted at Merge too. Every answer a view gives is the live
// rules' (a hit) or a fallthrough, as a Search's, so a search's result does
// not depend on which handle it used. Verify mode samples only the owner's
// lookups. A View is used by one goroutine at a time.
type View struct {
	c     *Cache
	kinds [NumHitKinds]uint64
	miss  []viewMiss // chunks missed, for Merge
	used  []int32    // resident slots used (a run of one slot once)
}

// viewMiss is a chunk a view's search found not resident.
type viewMiss struct {
	ms    *mapState
	ci    int32
	party uint64
	nowMs int64
}

// NewView returns a read-only handle on c (see View).
func (c *Cache) NewView() *View { return &View{c: c} }

// Search returns the handle a search by party at game time nowMs looks
// steps up through, read-only (see View).
func (v *View) Search(party uint64, nowMs int64) Search {
	return Search{c: v.c, Party: party, NowMs: nowMs, view: v}
}

// missed records that s found chunk ci of ms not resident.
func (v *View) missed(ms *mapState, ci int32, s *Search) {
	if n := len(v.miss); n > 0 {
		if l := v.miss[n-1]; l.ms == ms && l.ci == ci && l.party == s.Party {
			return
		}
	}
	v.miss = append(v.miss, viewMiss{ms: ms, ci: ci, party: s.Party, nowMs: s.NowMs})
}

// use returns resident slot i's chunk and records the use.
func (v *View) use(i int32) *Chunk {
	if n := len(v.used); n == 0 || v.used[n-1] != i {
		v.used = append(v.used, i)
	}
	return v.c.rs.res[i].sh.ch
}

// Ready prepares the cache for views' lookups: the maps' multis are
// brought up to date (a view does not refresh them). Call it on the owner
// goroutine before the views' searches start.
func (c *Cache) Ready() {
	for _, ms := range c.maps {
		if ms != nil && ms.m.MultisVersion() != ms.multisVer {
			ms.refreshMultis()
		}
	}
}

// Merge folds what v's lookups recorded into the cache, on the owner
// goroutine, once no lookup through v is under way: the outcomes into
// Stats.Kinds, the uses into the eviction stamps, and each chunk missed
// into a miss as a Search's lookup would have made it (read from the map's
// source, else a visit of its party at the admission gate). v is empty
// afterwards.
func (c *Cache) Merge(v *View) {
	for k, n := range v.kinds {
		c.st.Kinds[k] += n
	}
	v.kinds = [NumHitKinds]uint64{}
	for _, i := range v.used {
		if int(i) < len(c.rs.res) {
			c.rs.use(i)
		}
	}
	v.used = v.used[:0]
	for _, m := range v.miss {
		if m.ms.slots[m.ci] < 0 {
			s := c.Search(m.party, m.nowMs)
			c.miss(m.ms, m.ci, &s)
		}
	}
	clear(v.miss)
	v.miss = v.miss[:0]
}
