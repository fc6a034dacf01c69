package systems

import (
	"testing"

	c "github.com/shardcore/shardcore/components"
	"github.com/shardcore/shardcore/world"
)

// dwellBackend is predictingBackend taking beats too.
type dwellBackend struct {
	predictingBackend
	dwell []prediction
}

func (b *dwellBackend) PredictDwell(m world.MapID, x, y int, party uint64, nowMs, atMs int64) {
	b.dwell = append(b.dwell, prediction{x: x, y: y, party: party, nowMs: nowMs, atMs: atMs})
}

// chunksOf returns the chunks of ps, in order, with the earliest time each
// was told at.
func chunksOf(ps []prediction) map[[2]int]int64 {
	out := map[[2]int]int64{}
	for _, p := range ps {
		k := [2]int{p.x / SectorSize, p.y / SectorSize}
		if at, ok := out[k]; !ok || p.atMs < at {
			out[k] = p.atMs
		}
	}
	return out
}

// TestBeatsToldOncePerOrder: the first tick with a look-ahead tells a
// wanderer's home square, at its login time, and a patrol route whole for
// the first of two patrols that share it and its first beatLead cells for
// the second, the chunks in the order the walk reaches them; a look-ahead
// of 0 tells nothing and queues nothing.
func TestBeatsToldOncePerOrder(t *testing.T) {
	m, td := gridWorld(t)
	for _, ahead := range []int64{0, 1000} {
		b := &dwellBackend{predictingBackend: predictingBackend{ahead: ahead}}
		s, err := NewSim(m, td, Options{Backend: b})
		if err != nil {
			t.Fatal(err)
		}
		wid, err := s.SpawnMobile(MobileSpec{X: 20, Y: 20, Speed: 200, Order: Order{Wander: &WanderSpec{Home: world.Point{X: 20, Y: 20}, Radius: 6, DelayMs: 300}}})
		if err != nil {
			t.Fatal(err)
		}
		square := []world.Point{{X: 2, Y: 2}, {X: 28, Y: 2}, {X: 28, Y: 28}, {X: 2, Y: 28}}
		route, err := s.AddRoute(append(square, square...)) // twice around: 182 cells
		if err != nil {
			t.Fatal(err)
		}
		var pids []uint64
		if err != nil {
			t.Fatal(err)
		}
		for range 2 {
			id, err := s.SpawnMobile(MobileSpec{X: 2, Y: 2, Speed: 100, Tags: c.Tags{}, Order: Order{Patrol: &PatrolSpec{Route: route}}})
			if err != nil {
				t.Fatal(err)
			}
			pids = append(pids, id)
		}
		if ahead == 0 {
			s.Step()
			if len(b.dwell) != 0 || len(s.beat.queue) != 0 {
				t.Fatalf("no look-ahead: told %d, queued %d", len(b.dwell), len(s.beat.queue))
			}
			continue
		}
		if len(s.beat.queue) != 3 {
			t.Fatalf("queued %d orders, want 3", len(s.beat.queue))
		}
		s.Step()
		if len(s.beat.queue) != 0 {
			t.Fatalf("%d orders left after a tick", len(s.beat.queue))
		}
		var wander []prediction
		patrol := map[uint64][]prediction{}
		for _, p := range b.dwell {
			if p.party == wid {
				wander = append(wander, p)
			} else {
				patrol[p.party] = append(patrol[p.party], p)
			}
		}
		// the home square 14..26 on both axes spans the four chunks, at the login
		w := chunksOf(wander)
		if len(w) != 4 || len(wander) != 4 {
			t.Fatalf("wanderer: told %+v, want its 4 home chunks once each", wander)
		}
		for k, at := range w {
			if at != 300 {
				t.Fatalf("wanderer chunk %v told at %d, want its login (300)", k, at)
			}
		}
		// The first patrol tells the whole route from its next waypoint
		// (the tick's think already passed the first), twice around the
		// square and back to the start; the second only the first
		// beatLead (128) cells: once around and 24 cells on.
		around := [][2]int{{0, 0}, {1, 0}, {1, 1}, {0, 1}}
		wants := [][][2]int{append(append(append([][2]int{}, around...), around...), [2]int{0, 0}), append(append([][2]int{}, around...), [2]int{0, 0}, [2]int{1, 0})}
		for k, id := range pids {
			var got [][2]int
			var ats []int64
			for _, p := range patrol[id] {
				got = append(got, [2]int{p.x / SectorSize, p.y / SectorSize})
				ats = append(ats, p.atMs)
			}
			want := wants[k]
			if len(got) != len(want) {
				t.Fatalf("patrol %d told %v, want %v", k, got, want)
			}
			for i := range want {
				if got[i] != want[i] || (i > 0 && ats[i] <= ats[i-1]) {
					t.Fatalf("patrol %d told %v at %v, want %v at rising times", k, got, ats, want)
				}
			}
		}
	}
}

// TestBeatsBoundedByChunksTold: patrols on routes nobody told yet each tell
// their whole route; a tick stops taking beats once beatTellsPerTick chunks
// are told (the mobile that reaches it finishes) and the next tick tells
// the rest.
func TestBeatsBoundedByChunksTold(t *testing.T) {
	m, td := gridWorld(t)
	b := &dwellBackend{predictingBackend: predictingBackend{ahead: 1000}}
	s, err := NewSim(m, td, Options{Backend: b})
	if err != nil {
		t.Fatal(err)
	}
	const legs = 400                       // each leg crosses a chunk border: about 400 chunks told a route
	patrols := 2*beatTellsPerTick/legs - 1 // about 1.9 ticks of chunks
	for i := 0; i < patrols; i++ {
		var way []world.Point
		for k := 0; k < legs; k++ {
			way = append(way, world.Point{X: 2 + i%28, Y: 2 + 16*(k%2)})
		}
		route, err := s.AddRoute(way)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.SpawnMobile(MobileSpec{X: 2 + i%28, Y: 2, Speed: 100, Order: Order{Patrol: &PatrolSpec{Route: route}}}); err != nil {
			t.Fatal(err)
		}
	}
	s.Step()
	first, left := len(b.dwell), len(s.beat.queue)-s.beat.head
	if first < beatTellsPerTick || first >= beatTellsPerTick+legs+2 || left == 0 {
		t.Fatalf("first tick told %d chunks with %d orders left; want %d.. and some left", first, left, beatTellsPerTick)
	}
	s.Step()
	if len(s.beat.queue) != 0 || len(b.dwell) < patrols*(legs-2) {
		t.Fatalf("after two ticks: %d orders queued, %d chunks told in all", len(s.beat.queue), len(b.dwell))
	}
	t.Logf("told %d chunks in the first tick, %d in all", first, len(b.dwell))
}
