package pathing

import (
	"math"
	"testing"

	"github.com/shardcore/shardcore/movement"
)

// TestJPSParkingByF: under the uniform cost a node made above the
// expanding node's f is parked in its f's chain; unpark brings in the
// nodes of f up to its bound, lowest f first, and keeps the others with
// the lowest f left as the lot's min; a node whose f has no chain is
// made at once.
func TestJPSParkingByF(t *testing.T) {
	f := testFixture(t)
	g := f.w.Landmarks.OpenGrass
	s, _, _ := f.grassFinder(t, false, nil)
	s.goal.set(g.Point(), 0)
	s.st.reset(false)
	s.park.reset()
	s.rays.fLim = 0 // every node above it: parked
	// cells east of the goal: h is the distance, f = gc + h
	for _, c := range []struct{ dx, gc int32 }{{2, 1}, {3, 3}, {4, 0}, {5, 1}} { // f 3, 6, 4, 6
		if s.node(g.X+int(c.dx), g.Y, &arrival{parent: 0, dir: movement.East, gc: c.gc}) {
			t.Fatalf("the node %d east of the goal was made, not parked", c.dx)
		}
	}
	if s.park.empty() || s.park.min() != 3 || len(s.st.nodes) != 0 {
		t.Fatalf("after parking: empty %v, min %v, nodes %d; want min 3 and no node made", s.park.empty(), s.park.min(), len(s.st.nodes))
	}
	s.unpark(4)
	if len(s.st.nodes) != 2 || s.park.min() != 6 {
		t.Fatalf("after unpark(4): nodes %d, min %v; want the f 3 and 4 nodes made and min 6", len(s.st.nodes), s.park.min())
	}
	if n := &s.st.nodes[0]; int(n.x) != g.X+2 {
		t.Fatalf("first node made at x %d, want the f 3 node at %d", n.x, g.X+2)
	}
	s.unpark(6)
	if len(s.st.nodes) != 4 || !s.park.empty() || !math.IsInf(s.park.min(), 1) {
		t.Fatalf("after unpark(6): nodes %d, empty %v, min %v; want 4, an empty lot, +Inf", len(s.st.nodes), s.park.empty(), s.park.min())
	}
	if !s.node(g.X+6, g.Y, &arrival{parent: 0, dir: movement.East, gc: maxParkF}) {
		t.Fatal("a node of f past the chains was parked, not made")
	}
	if len(s.st.nodes) != 5 || !s.park.empty() {
		t.Fatalf("nodes %d, empty %v: want the node made at once", len(s.st.nodes), s.park.empty())
	}
}
