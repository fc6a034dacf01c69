package stepcache

import "github.com/shardcore/shardcore/stepcache/chunk"

// residentSet is the resident chunks of every map: a dense slot array
// (each map's slots point into it), the interner that shares identical
// chunks, the use stamps eviction reads, and the bytes held.
type residentSet struct {
	res    []resident
	hand   int    // CLOCK hand into res
	seq    uint64 // use stamp: advanced by every use and install
	intern interner
	bytes  int           // resident bytes, shared objects once
	canons canonInterner // the slots' canonical maps (canon.go)
	// since is seq at the end of the last Enforce: a slot whose last use
	// is later was used (or predicted) since, and prefetch pins it.
	since uint64
	// demandSince is seq at the last Demand.
	demandSince uint64
	// unread is the number of slots installed by prefetch and not read
	// by a lookup since (their pre set).
	unread int
}

// resident is one resident slot.
type resident struct {
	sh    *shared
	ms    *mapState
	ci    int32                           // chunk index in ms
	last  uint64                          // stamp of the last use
	clear uint64                          // stamp at which the CLOCK hand last cleared the mark
	canon [chunk.NumRuleSets]*canonShared // computed on first use, dropped when the slot or a neighbour changes
	// canonDrop is its map's canon epoch when canon was last dropped (or
	// the slot installed): a view's map computed at an earlier epoch is stale
	canonDrop uint64
	// pre: installed by prefetch and not read by a lookup since.
	pre bool
}

// residentSlack is the room the resident list keeps past
// Config.MaxResidentChunks: a tick may install a few chunks before Enforce
// evicts down to the bound.
const residentSlack = 1024

func newResidentSet() residentSet { return residentSet{intern: newInterner()} }

// use stamps slot i as just used by a lookup.
func (rs *residentSet) use(i int32) {
	rs.seq++
	rs.res[i].last = rs.seq
	if rs.res[i].pre {
		rs.res[i].pre = false
		rs.unread--
	}
}

// touch stamps slot i as just used without a lookup (a prediction).
func (rs *residentSet) touch(i int32) {
	rs.seq++
	rs.res[i].last = rs.seq
}

// install makes ch resident as chunk ci of ms, replacing what was there; an
// identical resident chunk is shared instead of ch. It returns the slot.
func (rs *residentSet) install(ms *mapState, ci int32, ch *chunk.Chunk) int32 {
	if old := ms.slots[ci]; old >= 0 {
		rs.remove(int(old))
	}
	sh := rs.intern.intern(ch, ch.Hash())
	if sh.refs == 1 {
		rs.bytes += sh.ch.Bytes()
	}
	rs.seq++
	slot := int32(len(rs.res))
	// Unmarked for CLOCK: the use that caused the install (stamped seq+1
	// by the lookup) does not count; a later use marks it.
	rs.res = append(rs.res, resident{sh: sh, ms: ms, ci: ci, last: rs.seq, clear: rs.seq + 1})
	ms.slots[ci] = slot
	ms.chunks[ci] = sh.ch
	rs.dropCanonAround(ms, ci)
	return slot
}

// remove drops resident slot i (the last slot moves into it).
func (rs *residentSet) remove(i int) {
	rs.dropCanonAround(rs.res[i].ms, rs.res[i].ci)
	e := rs.res[i]
	if e.pre {
		rs.unread--
	}
	e.ms.slots[e.ci] = -1
	e.ms.chunks[e.ci] = nil
	if rs.intern.release(e.sh) {
		rs.bytes -= e.sh.ch.Bytes()
	}
	last := len(rs.res) - 1
	if i != last {
		rs.res[i] = rs.res[last]
		rs.res[i].ms.slots[rs.res[i].ci] = int32(i)
	}
	rs.res[last] = resident{}
	rs.res = rs.res[:last]
}

// clear drops every resident chunk.
func (rs *residentSet) clear() {
	for _, e := range rs.res {
		e.ms.slots[e.ci] = -1
		e.ms.chunks[e.ci] = nil
	}
	clear(rs.res)
	rs.res = rs.res[:0]
	rs.hand = 0
	rs.unread = 0
	rs.since = rs.seq
	rs.intern = newInterner()
	rs.bytes = 0
	rs.canons.reset()
}

// distinct is the number of distinct chunk objects behind the slots.
func (rs *residentSet) distinct() int { return rs.intern.n }

// interner maps content hashes to one shared chunk object per content.
type interner struct {
	byHash map[uint64][]*shared
	n      int // shared objects in byHash
}

// shared is one distinct chunk object and how many slots hold it.
type shared struct {
	ch   *chunk.Chunk
	hash uint64
	refs int
}

func newInterner() interner { return interner{byHash: map[uint64][]*shared{}} }

// intern returns the shared object equal to ch (ch itself when new), with
// its reference count raised.
func (in *interner) intern(ch *chunk.Chunk, hash uint64) *shared {
	for _, s := range in.byHash[hash] {
		if s.ch.Equal(ch) {
			s.refs++
			return s
		}
	}
	s := &shared{ch: ch, hash: hash, refs: 1}
	in.byHash[hash] = append(in.byHash[hash], s)
	in.n++
	return s
}

// release drops one reference; it reports whether the object is gone.
func (in *interner) release(s *shared) bool {
	s.refs--
	if s.refs > 0 {
		return false
	}
	in.n--
	list := in.byHash[s.hash]
	for i, o := range list {
		if o == s {
			list = append(list[:i], list[i+1:]...)
			break
		}
	}
	if len(list) == 0 {
		delete(in.byHash, s.hash)
	} else {
		in.byHash[s.hash] = list
	}
	return true
}
