package pathing

import (
	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/stepcache/chunk"
)

// maxDeferred bounds the per-search list of not-built chunks; beyond it,
// lookups are issued again (and may promote chunks).
const maxDeferred = 32

func chunkOf(x, y int) uint64 {
	return uint64(uint32(x/chunk.Size))<<32 | uint64(uint32(y/chunk.Size))
}

// notBuilt lists the chunks a search found not built (up to maxDeferred),
// with the expansions it made in each by the live rules.
type notBuilt struct {
	keys [maxDeferred]uint64
	live [maxDeferred]int
	n    int
}

func (d *notBuilt) reset() { d.n = 0 }

// find returns the index of (x, y)'s chunk if the search already found it
// not built, else -1.
func (d *notBuilt) find(x, y int) int {
	if d.n == 0 {
		return -1
	}
	k := chunkOf(x, y)
	for i, c := range d.keys[:d.n] {
		if c == k {
			return i
		}
	}
	return -1
}

// has reports whether (x, y) lies in a chunk the search already found not
// built.
func (d *notBuilt) has(x, y int) bool { return d.find(x, y) >= 0 }

// note lists (x, y)'s chunk when its lookup (of kind k) found it not built.
func (d *notBuilt) note(k chunk.HitKind, x, y int) {
	if k == chunk.FallNotBuilt && d.n < maxDeferred {
		d.keys[d.n] = chunkOf(x, y)
		d.live[d.n] = 0
		d.n++
	}
}

// scratchAfter is how many expansions a search makes by the live rules in
// a chunk the cache has not built before it builds the chunk for itself:
// a build (about 17 µs) costs what some 11 live expansions do.
const scratchAfter = 8

// deferredLookup answers an expansion in deferred chunk i: from the
// finder's own build of the chunk (bake.Scratch) once it has one or
// the search made scratchAfter live expansions there, else as not built
// (the live rules). The answer is the one the cache gives once it builds
// the chunk, so the search's outcome is the same either way.
func (s *Cached) deferredLookup(i, x, y, z int) chunk.StepMask {
	cx, cy := x/chunk.Size, y/chunk.Size
	if s.scratch == nil {
		s.scratch = bake.NewScratch(s.live)
	}
	ch := s.scratch.Get(cx, cy)
	if ch == nil {
		if s.deferred.live[i]++; s.deferred.live[i] < scratchAfter {
			return chunk.StepMask{Kind: chunk.FallNotBuilt}
		}
		ch = s.scratch.Build(cx, cy)
		s.st.ScratchBuilds++
	}
	sm := s.look.LookupIn(s.live.Map.ID, x, y, z, s.core.req.Mover.Caps, ch)
	if sm.Kind == chunk.Hit {
		s.st.ScratchNodes++
	}
	return sm
}
