package stepcache

import "github.com/shardcore/shardcore/stepcache/chunk"

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
// not depend on which handle it used. A map whose source is a
// SharedChunkSource is the exception to "falls through": the view reads a
// chunk the source holds itself (a baked map then never sends a search to
// the live rules for want of a resident chunk) and Merge installs it. Verify
// mode samples only the owner's lookups. A View is used by one goroutine at
// a time.
type View struct {
	c     *Cache
	kinds [chunk.NumHitKinds]uint64
	// stepKinds counts the lookups of the view's Steps handle (merged into
	// Stats.StepKinds).
	stepKinds [chunk.NumHitKinds]uint64
	miss      []viewMiss // chunks missed, for Merge
	used      []int32    // resident slots used (a run of one slot once)
	// reads are the chunks this view read from shared sources since the
	// last Merge, in read order, readAt their places by chunk key, and
	// last the latest of them.
	reads  []viewRead
	readAt map[ChunkKey]int
	last   viewRead
	// canons are the canonical maps this view computed, per map (see
	// View.Canon), and canonOut those not yet handed to the owner.
	canons   map[*mapState]*viewCanons
	canonOut []viewCanon
	near     nearDyn // Unreachable's dynamics
}

// viewRead is a chunk a view read from its map's shared source.
type viewRead struct {
	ms *mapState
	ci int32
	ch *chunk.Chunk
}

// SharedChunkSource is a ChunkSource whose ReadChunk may be called from
// several goroutines at once (the .swb reader locks its reads). Views read
// from it directly; with any other source they leave the read to Merge.
type SharedChunkSource interface {
	ChunkSource
	// SharedReads marks the source as safe for concurrent ReadChunk calls.
	SharedReads()
}

// viewMiss is a chunk a view's search (or, steps, its Steps handle) found
// not resident.
type viewMiss struct {
	ms    *mapState
	ci    int32
	party uint64
	nowMs int64
	steps bool
	n     uint32 // lookups that fell through on it in a row
}

// NewView returns a read-only handle on c (see View).
func (c *Cache) NewView() *View { return &View{c: c} }

// Search returns the handle a search by party at game time nowMs looks
// steps up through, read-only (see View).
func (v *View) Search(party uint64, nowMs int64) Search {
	return Search{c: v.c, Party: party, NowMs: nowMs, view: v}
}

// Steps returns the view's handle for the movement system, read-only as
// the view's searches are: a chunk that is not resident is read from a
// shared source or falls through as not built, and at Merge a chunk it
// missed is read from the map's source but never counts at the admission
// gate, as with Cache.Steps.
func (v *View) Steps() Search {
	return Search{c: v.c, steps: true, view: v}
}

// missed returns chunk ci of ms, not resident, for s: read from the map's
// shared source (kept for Merge to install), else nil, recorded for Merge
// to resolve as s's miss.
func (v *View) missed(ms *mapState, ci int32, s *Search) *chunk.Chunk {
	if ch := v.readShared(ms, ci); ch != nil {
		return ch
	}
	if n := len(v.miss); n > 0 {
		if l := &v.miss[n-1]; l.ms == ms && l.ci == ci && l.party == s.Party && l.steps == s.steps {
			l.n++
			return nil
		}
	}
	v.miss = append(v.miss, viewMiss{ms: ms, ci: ci, party: s.Party, nowMs: s.NowMs, steps: s.steps, n: 1})
	return nil
}

// readShared returns chunk ci of ms from the map's source when that is a
// SharedChunkSource holding a good record of it, else nil: a bad record or
// a source that does not hold the chunk is left to Merge, which counts and
// rebuilds it as a Search's miss would. Each chunk is asked of the source
// once per view until Merge.
func (v *View) readShared(ms *mapState, ci int32) *chunk.Chunk {
	src, ok := ms.src.(SharedChunkSource)
	if !ok || ms.flags[ci]&flagBad != 0 {
		return nil
	}
	if v.last.ms == ms && v.last.ci == ci {
		return v.last.ch
	}
	k := ms.key(ci)
	if i, ok := v.readAt[k]; ok {
		v.last = v.reads[i]
		return v.last.ch
	}
	ch, ok, err := src.ReadChunk(int(ci)%ms.wide, int(ci)/ms.wide)
	if err != nil || !ok || ch == nil || !ch.Valid() {
		ch = nil // asked once: Merge resolves it
	}
	if v.readAt == nil {
		v.readAt = make(map[ChunkKey]int)
	}
	v.last = viewRead{ms: ms, ci: ci, ch: ch}
	v.readAt[k] = len(v.reads)
	v.reads = append(v.reads, v.last)
	return ch
}

// use records the use of resident slot i.
func (v *View) use(i int32) {
	if n := len(v.used); n == 0 || v.used[n-1] != i {
		v.used = append(v.used, i)
	}
}

// Ready prepares the cache for views' lookups: the maps' multis are
// brought up to date, and the canonical maps computed before a multi was
// placed or removed dropped (a view does neither). Call it on the owner
// goroutine before the views' searches start.
func (c *Cache) Ready() {
	for _, ms := range c.maps {
		if ms != nil {
			c.checkCanonMultis(ms)
		}
	}
}

// Merge folds what v's lookups recorded into the cache, on the owner
// goroutine, once no lookup through v is under way: the outcomes into
// Stats.Kinds, the uses into the eviction stamps, and each chunk missed
// into a miss as a Search's lookup would have made it (read from the map's
// source, else a visit of its party at the admission gate), and each chunk
// it read from a shared source installed; the canonical maps it computed
// are kept beside their slots first, where still valid. v is empty
// afterwards (its canonical maps stay its own while their epoch does).
func (c *Cache) Merge(v *View) {
	c.mergeCanons(v)
	for k, n := range v.kinds {
		c.st.Kinds[k] += n
		c.st.StepKinds[k] += v.stepKinds[k]
	}
	v.kinds, v.stepKinds = [chunk.NumHitKinds]uint64{}, [chunk.NumHitKinds]uint64{}
	for _, i := range v.used {
		if int(i) < len(c.rs.res) {
			c.rs.use(i)
		}
	}
	v.used = v.used[:0]
	for _, r := range v.reads {
		if r.ch != nil && r.ms.slots[r.ci] < 0 {
			c.st.Loaded++
			c.install(r.ms, r.ci, r.ch)
		}
	}
	clear(v.reads)
	v.reads = v.reads[:0]
	clear(v.readAt)
	v.last = viewRead{}
	for _, m := range v.miss {
		// The view's lookups fell through: late if the chunk is installed
		// within the window, here (read, built inline, or already by an
		// earlier miss of this merge) or later.
		c.fellOn(m.ms, m.ci, m.n, m.nowMs)
		if m.ms.slots[m.ci] < 0 {
			s := c.Search(m.party, m.nowMs)
			s.steps = m.steps
			c.miss(m.ms, m.ci, &s)
		} else {
			c.st.Late += uint64(m.ms.fell[m.ci])
			m.ms.fell[m.ci] = 0
		}
	}
	clear(v.miss)
	v.miss = v.miss[:0]
}
