package stepcache

import "github.com/shardcore/shardcore/stepcache/chunk"

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
