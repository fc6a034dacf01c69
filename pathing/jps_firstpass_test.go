package pathing

import (
	"runtime"
	"testing"
)

// firstPassMaxAllocs bounds the first pass's allocations on
// rooms/64room_000: 41 with geometric growth, 104 when the cone probe's
// rows were sized to each larger cone exactly.
const firstPassMaxAllocs = 60

// TestJPSFirstPassAllocatesFew: a jump search's buffers grow
// geometrically, so a fresh finder's first pass over a map's scenarios,
// bucket by bucket (longer and longer paths), allocates a few times, not
// once per larger search: each allocation is fresh memory its search
// faults in.
func TestJPSFirstPassAllocatesFew(t *testing.T) {
	bm := benchMapNamed(t, "64room_000.map")
	s := NewJPS(warmCache(t, bm, bm.rules), bm.rules)
	s.PrepareLayer(ScenarioRequest(bm.scens[0], Octile, bm.w, bm.h).Mover)
	reqs := make([]Request, len(bm.scens))
	for k, sc := range bm.scens {
		reqs[k] = ScenarioRequest(sc, Octile, bm.w, bm.h)
	}
	var res Result
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	for k := range reqs {
		s.Find(&reqs[k], &res)
	}
	runtime.ReadMemStats(&m1)
	n := m1.Mallocs - m0.Mallocs
	t.Logf("%s: %d searches, %d allocations, %d bytes", bm.name, len(reqs), n, m1.TotalAlloc-m0.TotalAlloc)
	if n > firstPassMaxAllocs {
		t.Errorf("%s: the first pass allocated %d times, want at most %d", bm.name, n, firstPassMaxAllocs)
	}
}
