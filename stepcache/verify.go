package stepcache

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/world"
)

// Mismatch is one direction where a cache hit differed from the live rule.
type Mismatch struct {
	Map     world.MapID
	X, Y, Z int
	Caps    movement.Caps
	Dir     movement.Dir
	CacheOK bool
	CacheZ  int
	LiveOK  bool
	LiveZ   int
	// Expected, when set, says what the check expected instead (parity.VerifyWorld:
	// a fallthrough kind that should not happen there).
	Expected string
}

// String describes the mismatch for a log line.
func (m Mismatch) String() string {
	s := fmt.Sprintf("map %d (%d,%d,%d) caps %#x dir %v: cache ok=%v z=%d, live ok=%v z=%d",
		m.Map, m.X, m.Y, m.Z, uint16(m.Caps), m.Dir, m.CacheOK, m.CacheZ, m.LiveOK, m.LiveZ)
	if m.Expected != "" {
		s += ": " + m.Expected
	}
	return s
}

// verifyMode is verify mode: a share of hits re-checked against the static
// live rules, with the differences kept and reported.
type verifyMode struct {
	all        bool   // every hit
	thresh     uint64 // else a hit whose random draw is below this
	mismatches []Mismatch
	onMismatch func(Mismatch)
}

func newVerifyMode(share float64, onMismatch func(Mismatch)) verifyMode {
	v := verifyMode{onMismatch: onMismatch}
	switch {
	case share >= 1:
		v.all = true
	case share > 0:
		v.thresh = uint64(share * math.MaxUint64)
	}
	return v
}

// due reports whether this hit is to be re-checked.
func (v *verifyMode) due(rng *rand.Rand) bool {
	return v.all || (v.thresh != 0 && rng.Uint64() < v.thresh)
}

// check re-checks a hit against the static live rules, direction by
// direction, recording every difference in st and the kept list.
func (v *verifyMode) check(ms *mapState, x, y, z int, caps movement.Caps, s *chunk.StepMask, st *Stats) {
	st.Verified++
	mv := movement.Mover{Caps: caps}
	for d := movement.Dir(0); d < 8; d++ {
		nz, ok := ms.rules.CheckMovement(mv, x, y, z, d)
		cok := s.Mask&(1<<d) != 0
		if ok == cok && (!ok || nz == int(s.Z[d])) {
			continue
		}
		mm := Mismatch{Map: ms.id, X: x, Y: y, Z: z, Caps: caps, Dir: d, CacheOK: cok, CacheZ: int(s.Z[d]), LiveOK: ok, LiveZ: nz}
		st.Mismatches++
		if len(v.mismatches) < maxKeptMismatches {
			v.mismatches = append(v.mismatches, mm)
		}
		if v.onMismatch != nil {
			v.onMismatch(mm)
		}
	}
}

// Mismatches returns the verify mismatches recorded so far (at most the
// first 1024).
func (c *Cache) Mismatches() []Mismatch { return append([]Mismatch(nil), c.ver.mismatches...) }
