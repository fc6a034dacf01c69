package stepcache

import "github.com/shardcore/shardcore/stepcache/chunk"

// miss resolves a chunk that is not resident: read from the map's source,
// else (for a search's handle, or a steps handle given a party) counted at
// the admission gate as a visit of its party at its time, and when the gate admits it, built here or asked
// of the background workers. It returns the new slot, or -1 while the
// chunk stays unbuilt.
func (c *Cache) miss(ms *mapState, ci int32, s *Search) int32 {
	cx, cy := int(ci)%ms.wide, int(ci)/ms.wide
	if ms.src != nil {
		ch, ok, err := ms.src.ReadChunk(cx, cy)
		switch {
		case err != nil || (ok && (ch == nil || !ch.Valid())):
			c.st.Corrupt++
			c.st.Built++
			return c.install(ms, ci, c.buildInline(ms, cx, cy))
		case ok:
			c.st.Loaded++
			return c.install(ms, ci, ch)
		}
	}
	k := ms.key(ci)
	if (s.steps && s.Party == 0) || (c.bld != nil && c.bld.asked(k)) {
		return -1
	}
	if !c.gate.Visit(k, s.Party, s.NowMs) {
		return -1
	}
	if c.bld != nil {
		if c.bld.ask(ms, ci, c.epoch) {
			c.st.BuildsQueued++
		} else {
			c.st.BuildsDropped++
		}
		return -1
	}
	c.st.Built++
	return c.install(ms, ci, c.buildInline(ms, cx, cy))
}

// install makes ch resident as chunk ci of ms (the gate forgets it).
func (c *Cache) install(ms *mapState, ci int32, ch *chunk.Chunk) int32 {
	c.gate.Forget(ms.key(ci))
	return c.rs.install(ms, ci, ch)
}

// buildInline builds chunk (cx, cy) of ms on the owner goroutine (no
// background workers, or a corrupt record), with one build function per
// map kept across builds.
func (c *Cache) buildInline(ms *mapState, cx, cy int) *chunk.Chunk {
	build := c.inline[ms.id]
	if build == nil {
		build = c.builds(ms.rules)
		c.inline[ms.id] = build
	}
	return build(cx, cy)
}
