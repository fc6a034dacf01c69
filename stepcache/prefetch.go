package stepcache

import "github.com/shardcore/shardcore/world"

// Prefetch: a look-ahead outside the cache (the simulation's, which knows
// the paths its mobiles hold) tells the cache which chunks parties are
// about to enter (Predict); the ones the admission gate admits wait in a
// queue, most urgent first, and Prefetch starts a budget of them each tick
// through the same paths as a miss (the map's source, else the background
// builders). A prediction is a visit of its party at the gate, so the gate
// still guards memory: one party passing through a chunk is one visit,
// whether predicted, missed or both, and only a second party (or the same
// one back after MissVisitMs) admits it. A prediction of a resident chunk
// pins it until the next Enforce.

// preItem is a chunk the look-ahead admitted, waiting for Prefetch: at is
// the game time its party is expected in it.
type preItem struct {
	at int64
	m  world.MapID
	ci int32
}

// preQueue is a binary min-heap of preItems by at.
type preQueue []preItem

// push adds it.
func (q *preQueue) push(it preItem) {
	h := append(*q, it)
	for i := len(h) - 1; i > 0; {
		p := (i - 1) / 2
		if h[p].at <= h[i].at {
			break
		}
		h[p], h[i] = h[i], h[p]
		i = p
	}
	*q = h
}

// pop removes and returns the most urgent item (the queue is not empty).
func (q *preQueue) pop() preItem {
	h := *q
	top := h[0]
	last := len(h) - 1
	h[0] = h[last]
	h = h[:last]
	for i := 0; ; {
		l, r, m := 2*i+1, 2*i+2, i
		if l < len(h) && h[l].at < h[m].at {
			m = l
		}
		if r < len(h) && h[r].at < h[m].at {
			m = r
		}
		if m == i {
			break
		}
		h[m], h[i] = h[i], h[m]
		i = m
	}
	*q = h
	return top
}

// Predict tells the cache that party is expected to enter the chunk
// holding cell (x, y) of map m at game time atMs; nowMs is the game time
// now. A resident chunk is pinned until the next Enforce; one that is not,
// nor queued or being built, counts as party's visit at the admission gate
// now, and when admitted joins the prefetch queue. Without prefetch
// (Config.PrefetchMs 0), or off the map, it does nothing.
func (c *Cache) Predict(m world.MapID, x, y int, party uint64, nowMs, atMs int64) {
	c.predict(m, x, y, party, nowMs, atMs, false)
}

// PredictDwell is Predict for a chunk the look-ahead knows party will use
// over and over from atMs on (a patrol's beat, a walk's route, a
// wanderer's home): the several ticks' use the admission gate waits for a
// second visit to see, so it joins the prefetch queue without that wait.
func (c *Cache) PredictDwell(m world.MapID, x, y int, party uint64, nowMs, atMs int64) {
	c.predict(m, x, y, party, nowMs, atMs, true)
}

// predict is Predict, or PredictDwell when dwell.
func (c *Cache) predict(m world.MapID, x, y int, party uint64, nowMs, atMs int64, dwell bool) {
	ms := c.maps[m]
	if c.cfg.PrefetchMs == 0 || !c.cfg.Enabled || ms == nil {
		return
	}
	ci, _, ok := ms.cellOf(x, y)
	if !ok {
		return
	}
	c.now = max(c.now, nowMs)
	if slot := ms.slots[ci]; slot >= 0 {
		c.rs.touch(slot)
		return
	}
	k := ms.key(ci)
	if dwell && ms.flags[ci]&flagQueued != 0 {
		// queued, perhaps for later: queued again when atMs is sooner (the
		// later entry is then stale, and skipped)
		if atMs < ms.queuedAt[ci] {
			ms.queuedAt[ci] = atMs
			c.pq.push(preItem{at: atMs, m: m, ci: ci})
		}
		return
	}
	if ms.flags[ci]&flagQueued != 0 || ms.nearMulti[ci] == multiOwn || (c.bld != nil && c.bld.asked(k)) {
		return // queued, under way, or every lookup there falls through anyway
	}
	if !c.gate.Visit(k, party, c.now) && !dwell {
		return
	}
	ms.flags[ci] |= flagQueued
	ms.queuedAt[ci] = atMs
	c.pq.push(preItem{at: atMs, m: m, ci: ci})
}

// Queued is the number of entries in the prefetch queue: the chunks
// waiting, and entries a sooner one for the same chunk made stale.
func (c *Cache) Queued() int { return len(c.pq) }

// Prefetch starts the most urgent queued chunks: it reads from its map's
// source (a record that fails to read is remembered, as a miss would) or
// builds here at most Config.PrefetchBudget of them, the work it does on
// the caller's goroutine, and asks the background builders for as many
// as their prefetch queue has room for (prefetchQueueShare: the builders
// take a miss's build first, and a chunk the queue has no room for waits
// in the prefetch queue). Chunks that became resident or went to the
// builders meanwhile are skipped without counting. It returns how many it
// started. It looks at no more than prefetchPops entries, stale ones
// included, so one call's work stays small when many queued chunks
// became resident meanwhile. The shard's cache upkeep calls it after
// Collect, before Enforce.
func (c *Cache) Prefetch() int {
	started, here := 0, 0
	for pops := 0; here < c.cfg.PrefetchBudget && len(c.pq) > 0 && pops < prefetchPops; pops++ {
		it := c.pq.pop()
		ms := c.maps[it.m]
		if ms.flags[it.ci]&flagQueued == 0 || it.at != ms.queuedAt[it.ci] {
			continue // stale: a sooner entry for the chunk came first
		}
		ms.flags[it.ci] &^= flagQueued
		if ms.slots[it.ci] >= 0 || (c.bld != nil && c.bld.asked(ms.key(it.ci))) {
			continue
		}
		asked, ok := c.fetch(ms, it.ci)
		if !ok {
			ms.flags[it.ci] |= flagQueued // the builders' queue is full: wait for room
			c.pq.push(it)
			break
		}
		started++
		if !asked {
			here++
		}
	}
	return started
}

// prefetchPops bounds the prefetch queue entries one Prefetch call looks
// at: four times the builds it may ask for (prefetchQueueShare), so a run
// of entries whose chunks became resident meanwhile costs a tick a few
// hundred microseconds at most, not the queue's length (measured before
// the bound, cold, Britannia map 0, 100,000 mobiles: one call took 280,000
// entries and 79 ms).
const prefetchPops = 4 * prefetchQueueShare

// prefetchQueueShare is how many of Prefetch's builds the background
// builders' queue holds at most: about a tick's builds on one core (a
// Britannia chunk builds in 12-30 µs), so a chunk asked for is built
// within a tick or two and the rest wait in the prefetch queue, most
// urgent first.
const prefetchQueueShare = buildQueueCap / 4

// fetch starts chunk ci of ms for Prefetch: read from the map's source or
// built here (asked false), or asked of the background builders (asked
// true); ok is false when it must be built and the builders' prefetch
// queue has no room.
func (c *Cache) fetch(ms *mapState, ci int32) (asked, ok bool) {
	cx, cy := int(ci)%ms.wide, int(ci)/ms.wide
	if ms.src != nil && ms.flags[ci]&flagBad == 0 {
		ch, found, err := ms.src.ReadChunk(cx, cy)
		switch {
		case err != nil || (found && (ch == nil || !ch.Valid())):
			ms.flags[ci] |= flagBad
			c.st.Corrupt++
		case found:
			c.st.Loaded++
			c.prefetched(c.install(ms, ci, ch))
			return false, true
		}
	}
	if c.bld != nil {
		if len(c.bld.jobs) >= prefetchQueueShare || !c.bld.ask(ms, ci, c.epoch, true) {
			return true, false
		}
		c.st.BuildsQueued++
		return true, true
	}
	c.st.Built++
	c.prefetched(c.install(ms, ci, c.buildInline(ms, cx, cy)))
	return false, true
}

// prefetched marks resident slot i as installed by prefetch.
func (c *Cache) prefetched(i int32) {
	c.rs.res[i].pre = true
	c.rs.unread++
	c.st.Prefetched++
}

// dropQueue empties the prefetch queue.
func (c *Cache) dropQueue() {
	for _, it := range c.pq {
		c.maps[it.m].flags[it.ci] &^= flagQueued
	}
	c.pq = c.pq[:0]
}
