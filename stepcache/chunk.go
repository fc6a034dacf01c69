package stepcache

import (
	"unsafe"

	"github.com/zeebo/xxh3"

	"github.com/shardcore/shardcore/movement"
)

// cellBytes is the size of one Cell: all its fields are bytes, so a slice of
// cells is a plain byte image (no padding) that hashing may read directly.
const cellBytes = int(unsafe.Sizeof(Cell{}))

var _ [20 - cellBytes]struct{} // Cell must stay 20 bytes of int8/uint8
var _ [cellBytes - 20]struct{}

// BuildChunk bakes chunk (cx, cy) of r's map with the fast probe (see
// Builder): per cell the primary record at its SourceZ and one stratum per
// further standing Z, exactly as BuildChunkReference. It reads only land
// and statics and is pure. Cells of a partial chunk beyond the map are zero
// records. A caller building many chunks should keep a Builder.
func BuildChunk(r *movement.Rules, cx, cy int) *Chunk {
	return NewBuilder(r).BuildChunk(cx, cy)
}

// Uniform reports whether the chunk has no strata and all 256 records equal.
func (c *Chunk) Uniform() bool {
	if c.StrataStart != nil || len(c.Strata) > 0 {
		return false
	}
	for i := 1; i < ChunkCells; i++ {
		if c.Cells[i] != c.Cells[0] {
			return false
		}
	}
	return true
}

// Record returns the record of cell i (0..255) that answers for a request
// at z, or nil when none does.
func (c *Chunk) Record(i, z int) *Cell {
	rec := &c.Cells[i]
	if covers(rec, z) {
		return rec
	}
	if c.StrataStart != nil {
		for j := int(c.StrataStart[i]); j < int(c.StrataStart[i+1]) && j < len(c.Strata); j++ {
			if covers(&c.Strata[j], z) {
				return &c.Strata[j]
			}
		}
	}
	return nil
}

// cellImage is the byte image of cells (see cellBytes).
func cellImage(cells []Cell) []byte {
	if len(cells) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&cells[0])), len(cells)*cellBytes)
}

// Hash is the chunk's content hash: xxh3 over its records, strata offsets
// and strata. Equal chunks hash equal; Equal settles collisions.
func (c *Chunk) Hash() uint64 {
	var h xxh3.Hasher
	return c.hashWith(&h)
}

// hashWith is Hash computed with h (reset first), so a caller hashing many
// chunks reuses one hasher.
func (c *Chunk) hashWith(h *xxh3.Hasher) uint64 {
	h.Reset()
	_, _ = h.Write(cellImage(c.Cells[:]))
	if c.StrataStart != nil {
		var b [2 * (ChunkCells + 1)]byte
		for i, v := range c.StrataStart {
			b[2*i], b[2*i+1] = byte(v), byte(v>>8)
		}
		_, _ = h.Write(b[:])
		_, _ = h.Write(cellImage(c.Strata))
	}
	return h.Sum64()
}

// Equal reports whether two chunks hold the same records and strata.
func (c *Chunk) Equal(o *Chunk) bool {
	if c == o {
		return true
	}
	if c.Cells != o.Cells || (c.StrataStart == nil) != (o.StrataStart == nil) || len(c.Strata) != len(o.Strata) {
		return false
	}
	if c.StrataStart != nil && *c.StrataStart != *o.StrataStart {
		return false
	}
	for i := range c.Strata {
		if c.Strata[i] != o.Strata[i] {
			return false
		}
	}
	return true
}

// Bytes is the memory the chunk holds: the struct, its strata offsets and
// its strata.
func (c *Chunk) Bytes() int {
	n := int(unsafe.Sizeof(Chunk{})) + cap(c.Strata)*cellBytes
	if c.StrataStart != nil {
		n += int(unsafe.Sizeof(*c.StrataStart))
	}
	return n
}

// valid reports whether the chunk's strata offsets frame its strata (a
// chunk read from a source is checked before it is served).
func (c *Chunk) valid() bool {
	if c.StrataStart == nil {
		return len(c.Strata) == 0
	}
	s := c.StrataStart
	if s[0] != 0 || int(s[ChunkCells]) != len(c.Strata) {
		return false
	}
	for i := 0; i < ChunkCells; i++ {
		if s[i] > s[i+1] {
			return false
		}
	}
	return true
}

// interner maps content hashes to one shared chunk object per content.
type interner struct {
	byHash map[uint64][]*shared
	n      int // shared objects in byHash
}

// shared is one distinct chunk object and how many slots hold it.
type shared struct {
	ch   *Chunk
	hash uint64
	refs int
}

func newInterner() interner { return interner{byHash: map[uint64][]*shared{}} }

// intern returns the shared object equal to ch (ch itself when new), with
// its reference count raised.
func (in *interner) intern(ch *Chunk, hash uint64) *shared {
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
