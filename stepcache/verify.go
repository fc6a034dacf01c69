package stepcache

import (
	"fmt"

	"shardcore/movement"
	"shardcore/world"
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
	// Expected, when set, says what the check expected instead (VerifyWorld:
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

// verify re-checks a hit against the static live rules, direction by
// direction, recording every difference.
func (c *Cache) verify(ms *mapState, x, y, z int, caps movement.Caps, s *StepMask) {
	c.st.Verified++
	mv := movement.Mover{Caps: caps}
	for d := movement.Dir(0); d < 8; d++ {
		nz, ok := ms.rules.CheckMovement(mv, x, y, z, d)
		cok := s.Mask&(1<<d) != 0
		if ok == cok && (!ok || nz == int(s.Z[d])) {
			continue
		}
		mm := Mismatch{Map: ms.id, X: x, Y: y, Z: z, Caps: caps, Dir: d, CacheOK: cok, CacheZ: int(s.Z[d]), LiveOK: ok, LiveZ: nz}
		c.st.Mismatches++
		if len(c.mismatches) < maxKeptMismatches {
			c.mismatches = append(c.mismatches, mm)
		}
		if c.cfg.OnMismatch != nil {
			c.cfg.OnMismatch(mm)
		}
	}
}

// Mismatches returns the verify mismatches recorded so far (at most the
// first 1024).
func (c *Cache) Mismatches() []Mismatch { return append([]Mismatch(nil), c.mismatches...) }
