package movement

import (
	"math/rand/v2"
	"testing"
)

// TestPropertyRandomWorlds: over seeded random small worlds CheckMovement
// never panics, refuses with startZ, and keeps the invariants of
// checkInvariants.
func TestPropertyRandomWorlds(t *testing.T) {
	worlds, queries := 1000, 200
	if testing.Short() {
		worlds = 50
	}
	rng := rand.New(rand.NewPCG(1, 2))
	oks := 0
	for w := 0; w < worlds; w++ {
		buf := make([]byte, 512)
		for i := range buf {
			buf[i] = byte(rng.UintN(256))
		}
		src := &byteSource{data: buf}
		r := randomWorld(t, src)
		for q := 0; q < queries; q++ {
			qs := &byteSource{data: []byte{byte(rng.UintN(256)), byte(rng.UintN(256)), byte(rng.UintN(256)),
				byte(rng.UintN(256)), byte(rng.UintN(256)), byte(rng.UintN(256)), byte(rng.UintN(256)),
				byte(rng.UintN(256)), byte(rng.UintN(256))}}
			qq := randomQuery(qs)
			if q%2 == 0 { // half the time ask near the ground, where steps succeed
				_, avg, _ := r.Map.AverageZ(qq.x, qq.y)
				qq.z = avg + rng.IntN(5)
			}
			checkInvariants(t, r, qq)
			if z, ok := r.CheckMovement(qq.mv, qq.x, qq.y, qq.z, qq.dir); ok {
				oks++
				_ = z
			}
		}
	}
	t.Logf("%d of %d random steps succeeded", oks, worlds*queries)
	// Guard against a generator that only ever refuses.
	if oks < worlds*queries/20 {
		t.Errorf("only %d of %d random steps succeeded; the generator is too hostile to test much", oks, worlds*queries)
	}
}
