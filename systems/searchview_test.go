package systems

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/world"
)

// TestSearchViewHidesFarMobiles checks every probe of a searchView against
// its definition, cell by cell: a cell's mobiles are seen inside the
// horizon's square round the start and nowhere else, its items everywhere.
// Starts near and across sector borders and map edges, on a small map
// densely filled with mobiles and items.
func TestSearchViewHidesFarMobiles(t *testing.T) {
	const w, h = 4*SectorSize + 5, 3*SectorSize + 3
	s := denseSpatial(w, h, rand.New(rand.NewPCG(5, 9)))
	in := func(x, y int) bool { return x >= 0 && y >= 0 && x < w && y < h }
	starts := []world.Point{{X: 0, Y: 0}, {X: 15, Y: 16}, {X: 30, Y: 20}, {X: w - 1, Y: h - 1}, {X: 40, Y: 2}}
	for _, r := range []int{1, 3, 8, 20} {
		v := newSearchView(s, r)
		for _, st := range starts {
			v.look(st)
			sees := func(x, y int) bool { return cheb(world.Point{X: x, Y: y}, st) <= r }
			mob := func(x, y int) bool { return in(x, y) && sees(x, y) && s.HasMobiles(x, y) }
			item := func(x, y int) bool { return in(x, y) && s.HasItems(0, x, y) }
			for y := -1; y <= h; y++ {
				for x := -1; x <= w; x++ {
					if got, want := v.Occupied(0, x, y), mob(x, y) || item(x, y); got != want {
						t.Fatalf("r %d start %v: Occupied(%d,%d) %v, want %v", r, st, x, y, got, want)
					}
					if got, want := len(v.MobilesAt(0, x, y, nil)) > 0, mob(x, y); got != want {
						t.Fatalf("r %d start %v: MobilesAt(%d,%d) any %v, want %v", r, st, x, y, got, want)
					}
					if got, want := v.MobileBlocksAt(0, x, y, 0, 0, false), mob(x, y); got != want {
						t.Fatalf("r %d start %v: MobileBlocksAt(%d,%d) %v, want %v", r, st, x, y, got, want)
					}
					var wm, wi uint8
					for d, o := range dirOffsets {
						if mob(x+o[0], y+o[1]) {
							wm |= 1 << d
						}
						if item(x+o[0], y+o[1]) {
							wi |= 1 << d
						}
					}
					if !in(x, y) {
						continue
					}
					if m, i := v.OccupancyAround(0, x, y); m != wm || i != wi {
						t.Fatalf("r %d start %v: OccupancyAround(%d,%d) %08b %08b, want %08b %08b", r, st, x, y, m, i, wm, wi)
					}
				}
			}
			for cy := -1; cy <= h/SectorSize+1; cy++ {
				for cx := -1; cx <= w/SectorSize+1; cx++ {
					var rows [chunk.Size]uint16
					any := v.OccupiedRows(0, cx, cy, &rows)
					var wantAny bool
					for yy := 0; yy < SectorSize; yy++ {
						for xx := 0; xx < SectorSize; xx++ {
							x, y := cx*SectorSize+xx, cy*SectorSize+yy
							want := mob(x, y) || item(x, y)
							if got := rows[yy]&(1<<xx) != 0; got != want {
								t.Fatalf("r %d start %v: OccupiedRows(%d,%d) cell (%d,%d) %v, want %v", r, st, cx, cy, x, y, got, want)
							}
							wantAny = wantAny || want
						}
					}
					if any != wantAny {
						t.Fatalf("r %d start %v: OccupiedRows(%d,%d) any %v, want %v", r, st, cx, cy, any, wantAny)
					}
				}
			}
		}
	}
}

// TestMobileHorizonPlansThroughFarMobiles: a wall with two gaps, the near
// one (straight ahead) held by a mobile standing 18 cells from the mover.
// Seeing every mobile, the first search goes round by the far gap. With a
// horizon of 8 it plans straight through the held gap; the step into it is
// checked when taken and refused, the search from there sees the mobile
// and goes round; the mover arrives either way.
func TestMobileHorizonPlansThroughFarMobiles(t *testing.T) {
	rows := make([]string, 21)
	wall := []byte(strings.Repeat("#", 32))
	wall[2], wall[30] = '.', '.'
	rows[20] = string(wall)
	start, goal := world.Point{X: 2, Y: 2}, world.Point{X: 2, Y: 28}
	run := func(horizon int) (first int, counts map[EventKind]int) {
		var evs []Event
		m, td := gridWorld(t, rows...)
		s, _ := newSim(t, m, td, Options{MaxSearchesPerTick: 4, MobileHorizon: horizon})
		s.SetEvents(AllEvents, 0)
		if _, err := s.SpawnMobile(MobileSpec{X: 2, Y: 20, Speed: 100}); err != nil {
			t.Fatal(err)
		}
		id, err := s.SpawnMobile(MobileSpec{X: start.X, Y: start.Y, Speed: 100})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.SetOrder(id, Order{GoTo: &GoToSpec{Goal: goal}}); err != nil {
			t.Fatal(err)
		}
		arrived := runUntil(s, 2000, &evs, func() bool {
			if steps, _ := s.MobilePath(id); first == 0 && len(steps) > 0 {
				first = len(steps)
			}
			return kinds(evs, id)[EventArrived] > 0
		})
		if !arrived {
			t.Fatalf("horizon %d: never arrived; events %v", horizon, kinds(evs, id))
		}
		return first, kinds(evs, id)
	}
	allFirst, allEvs := run(0)
	nearFirst, nearEvs := run(8) // MobilePath: the steps left, after the tick's step
	t.Logf("first path: %d steps seeing every mobile, %d with horizon 8; blocked %d and %d times",
		allFirst, nearFirst, allEvs[EventBlocked], nearEvs[EventBlocked])
	if straight := goal.Y - start.Y; nearFirst > straight || allFirst <= straight+10 {
		t.Fatalf("first path %d steps with horizon 8 (want at most %d, through the held gap), %d seeing every mobile (want round by the far gap)",
			nearFirst, straight, allFirst)
	}
	if allEvs[EventBlocked] != 0 || nearEvs[EventBlocked] == 0 {
		t.Fatalf("blocked %d times seeing every mobile (want 0), %d with horizon 8 (want the held gap's refusal)",
			allEvs[EventBlocked], nearEvs[EventBlocked])
	}
}
