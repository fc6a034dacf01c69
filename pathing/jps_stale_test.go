package pathing

import (
	"math"
	"testing"

	"github.com/shardcore/shardcore/movement"
)

// TestJPSStaleViewRay: a search's lookups may make a chunk resident after
// the search fetched its view (no map): a ray that then runs from a
// neighbour, whose map fetched since knows the chunk's cells, into it
// stops at the first cell it enters (westward, the chunk's last column,
// not its first), and the node made there fetches the view again rather
// than being dropped.
func TestJPSStaleViewRay(t *testing.T) {
	f := testFixture(t)
	g := f.w.Landmarks.OpenGrass
	ax, ay := g.X>>4, g.Y>>4 // a chunk of open grass; its west neighbour b
	bx := ax - 1
	s, cache, live := f.grassFinder(t, true, func(cx, cy int) bool { return cx == bx && cy == ay })
	if v := s.views.at(bx, ay); v.cn != nil {
		t.Fatal("chunk b has a map before it is resident")
	}
	// b becomes resident while the views are held, as a search's own
	// lookup would make it; a's map is fetched after.
	if err := cache.Install(live.Map.ID, bx, ay, f.chunks[ay*f.wide+bx]); err != nil {
		t.Fatal(err)
	}
	y := ay*16 + 8
	if v := s.views.at(ax, ay); v.cn == nil || v.cn.Reg[8]&1 == 0 {
		t.Fatal("a's west column is not regular: the fixture is not open grass")
	}
	s.goal.set(g.Point(), 0)
	x, _, ok := s.straight(ax*16+3, y, movement.West)
	if want := bx*16 + 15; !ok || x != want {
		t.Fatalf("westward ray into the stale chunk stopped at x %d (ok %v), want its first cell %d", x, ok, want)
	}
	before := s.Stats()
	s.st.reset(false)
	s.rays.fLim = math.Inf(1) // made at once, not parked
	if !s.node(x, y, &arrival{parent: 0, dir: movement.West, gc: 4}) {
		t.Fatal("the node in the chunk made resident was not offered")
	}
	if st := s.Stats(); st.Refetches != before.Refetches+1 || st.Anomalies != before.Anomalies {
		t.Fatalf("refetches %d -> %d, anomalies %d -> %d: want one refetch, no anomaly", before.Refetches, st.Refetches, before.Anomalies, st.Anomalies)
	}
}
