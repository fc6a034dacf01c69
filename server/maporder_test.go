package server

import (
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/shardcore/shardcore/world"
)

// loopingMaps returns a server whose maps (no worlds: only their ids and
// last parts of a tick, durs in ms) run on their goroutines until the test
// ends.
func loopingMaps(t *testing.T, durs ...int) *Server {
	t.Helper()
	s := &Server{}
	for i, d := range durs {
		me := &mapEntry{id: world.MapID(i)}
		me.ticks.add(time.Duration(d)*time.Millisecond, 8*time.Millisecond)
		s.maps = append(s.maps, me)
	}
	s.startLoops()
	t.Cleanup(s.stopLoops)
	return s
}

// TestTickStartsLongestMapsFirst: with more maps than processors, a tick's
// parts start longest first by each map's last part, no more at once than
// GOMAXPROCS, and every map's part runs once; with as many processors as
// maps, all start at once.
func TestTickStartsLongestMapsFirst(t *testing.T) {
	s := loopingMaps(t, 3, 9, 1, 7, 5, 2)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))

	var order []world.MapID
	s.onMaps(func(me *mapEntry) { order = append(order, me.id) })
	if want := []world.MapID{1, 3, 4, 0, 5, 2}; !slices.Equal(order, want) {
		t.Fatalf("one processor: maps ran in order %v, want %v (longest first)", order, want)
	}

	for _, procs := range []int{2, 3, 6} {
		runtime.GOMAXPROCS(procs)
		var mu sync.Mutex
		var running, peak atomic.Int32
		runs := map[world.MapID]int{}
		var first []world.MapID
		s.onMaps(func(me *mapEntry) {
			n := running.Add(1)
			mu.Lock()
			peak.Store(max(peak.Load(), n))
			runs[me.id]++
			if len(first) < procs {
				first = append(first, me.id)
			}
			mu.Unlock()
			time.Sleep(5 * time.Millisecond) // the others have time to start if they may
			running.Add(-1)
		})
		if len(runs) != len(s.maps) {
			t.Errorf("GOMAXPROCS %d: %d of %d maps ran: %v", procs, len(runs), len(s.maps), runs)
		}
		for id, n := range runs {
			if n != 1 {
				t.Errorf("GOMAXPROCS %d: map %d ran %d times", procs, id, n)
			}
		}
		if int(peak.Load()) != procs {
			t.Errorf("GOMAXPROCS %d: %d maps ran at once", procs, peak.Load())
		}
		slices.Sort(first)
		want := map[int][]world.MapID{2: {1, 3}, 3: {1, 3, 4}, 6: {0, 1, 2, 3, 4, 5}}[procs]
		if !slices.Equal(first, want) {
			t.Errorf("GOMAXPROCS %d: the first to start were maps %v, want %v", procs, first, want)
		}
	}
}
