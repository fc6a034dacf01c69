package pathing

import (
	"runtime"
	"testing"

	"github.com/shardcore/shardcore/movement"
)

// TestJPSPrepareLayer: PrepareLayer copies every chunk of the map in, the
// searches after it copy nothing more and find the costs a finder without
// it finds (expansions may differ by a few: which chunks are in the layer
// decides some free runs' ends, so the same search copying chunks in as it
// goes can take other, equally short, turns), and a finder that prepared
// the layer for another rule set's mover has it dropped by the first
// search, as without.
func TestJPSPrepareLayer(t *testing.T) {
	bm := benchMapNamed(t, "den312d.map")
	plain, s := jpsPair(t, bm)
	s.PrepareLayer(movement.Mover{Caps: movement.Player})
	l := &s.layer
	n := len(l.fills.dirty)
	if n != l.wide*l.high {
		t.Fatalf("%s: %d chunks copied in, want all %d", bm.name, n, l.wide*l.high)
	}
	sameCosts(t, bm, s, plain, "prepared")
	if len(l.fills.dirty) != n {
		t.Fatalf("%s: the searches copied %d more chunks in after PrepareLayer", bm.name, len(l.fills.dirty)-n)
	}
	s.PrepareLayer(movement.Mover{Caps: movement.Player | movement.CanSwim | movement.CantWalk})
	var a Result
	req := ScenarioRequest(bm.scens[0], Octile, bm.w, bm.h)
	s.Find(&req, &a)
	if len(l.fills.dirty) >= n {
		t.Fatalf("%s: a search for the walkers after preparing for swimmers kept %d chunks (want the copy dropped)", bm.name, len(l.fills.dirty))
	}
}

// TestJPSPreparedFirstSearchAllocs: a finder's first search after
// PrepareLayer allocates nothing (its node store and open heap were sized
// and its node table made up front), so a benchmark's single pass over a map times
// searches, not the finder's scratch growing: on dao/arena, 160 queries of
// about a microsecond, that growth had doubled the pass's time.
func TestJPSPreparedFirstSearchAllocs(t *testing.T) {
	bm := benchMapNamed(t, "arena.map")
	s := NewJPS(warmCache(t, bm, bm.rules), bm.rules)
	s.UseLineProbe(false) // every query a search
	s.PrepareLayer(movement.Mover{Caps: movement.Player})
	res := Result{Dirs: make([]movement.Dir, 0, 1<<12), Zs: make([]int8, 0, 1<<12)}
	// A collection left running from the setup would be counted: the
	// ReadMemStats after the pass waits for it to stop the world, and its
	// wait allocates (a sudog), 1 in about 300 runs.
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	before := ms.Mallocs
	expansions := 0
	for _, sc := range bm.scens {
		req := ScenarioRequest(sc, Octile, bm.w, bm.h)
		s.Find(&req, &res)
		expansions += res.Expansions
	}
	runtime.ReadMemStats(&ms)
	if n := ms.Mallocs - before; n != 0 || expansions == 0 {
		t.Errorf("%d allocations in the first pass over %s (%d expansions), want 0", n, bm.name, expansions)
	}
}

// TestJPSPreparedLevelPaths: on a prepared layer whose cells all stand at
// one Z (every Moving AI map) a found path's Zs are written without
// walking its chunks (fillLog.level), and every path still walks under
// the live rules with the Zs it records; clearing the layer drops the
// mark.
func TestJPSPreparedLevelPaths(t *testing.T) {
	bm := benchMapNamed(t, "den312d.map")
	s := NewJPS(warmCache(t, bm, bm.rules), bm.rules)
	s.PrepareLayer(movement.Mover{Caps: movement.Player})
	if l := &s.layer; !l.fills.level || l.fills.levelAt != 0 {
		t.Fatalf("%s: prepared layer level=%v at %d, want level at 0", bm.name, l.fills.level, l.fills.levelAt)
	}
	var res Result
	found := 0
	for _, sc := range bm.scens {
		req := ScenarioRequest(sc, Octile, bm.w, bm.h)
		s.Find(&req, &res)
		if res.Found {
			found++
			checkPath(t, bm.name+" prepared", bm.rules, &req, &res)
		}
	}
	if found == 0 {
		t.Fatalf("%s: no path found", bm.name)
	}
	s.layer.clear()
	if s.layer.fills.level {
		t.Fatal("clear kept the layer's level mark")
	}
}
