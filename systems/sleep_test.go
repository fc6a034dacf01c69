package systems

import (
	"testing"

	"github.com/shardcore/shardcore/world"

	c "github.com/shardcore/shardcore/components"
)

// wideWorld is a 160×32 grass map: 10×2 sectors.
func wideWorld(t *testing.T) (*world.Map, *world.TileData) {
	t.Helper()
	b, err := world.NewBuilder(0, 160, 32)
	if err != nil {
		t.Fatal(err)
	}
	for y := 0; y < 32; y++ {
		for x := 0; x < 160; x++ {
			b.SetLand(x, y, landGrass, 0)
		}
	}
	m, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return m, world.NewTileData(world.TileFormatNew)
}

// TestSleepingSectors: with SleepRadius 1 a patroller 8 sectors from the
// only player falls asleep on its first think, asks for no path and stays
// put while the player is far; as the player walks east and comes within
// a sector of it, it wakes and patrols. With sleeping sectors off (the
// default) it patrols from the start.
func TestSleepingSectors(t *testing.T) {
	m, td := wideWorld(t)
	run := func(radius int) (startedAt int, asleepEarly int) {
		s, _ := newSim(t, m, td, Options{SleepRadius: radius})
		var cells []RouteCell
		for x := 2; x < 150; x++ {
			cells = append(cells, RouteCell{X: x, Y: 5})
		}
		wr, err := s.AddWalkRoute(cells)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.SpawnMobile(MobileSpec{X: 2, Y: 5, Tags: c.Tags{Player: true}, Speed: 100, Order: Order{Walk: &WalkSpec{Route: wr}}}); err != nil {
			t.Fatal(err)
		}
		pr, err := s.AddRoute([]world.Point{{X: 140, Y: 20}, {X: 130, Y: 20}})
		if err != nil {
			t.Fatal(err)
		}
		id, err := s.SpawnMobile(MobileSpec{X: 135, Y: 20, Speed: 100, Order: Order{Patrol: &PatrolSpec{Route: pr}}})
		if err != nil {
			t.Fatal(err)
		}
		startedAt = -1
		for tick := 0; tick < 2000 && startedAt < 0; tick++ {
			s.Step()
			if tick == 10 {
				asleepEarly = s.Stats().Asleep
			}
			if p, _ := s.MobileState(id); p.X != 135 {
				startedAt = tick
			}
		}
		return startedAt, asleepEarly
	}
	awake, n0 := run(0)
	if awake < 0 || awake > 20 || n0 != 0 {
		t.Fatalf("sleeping sectors off: the patroller started at tick %d (%d asleep)", awake, n0)
	}
	slept, n1 := run(1)
	t.Logf("awake: started at tick %d; asleep: %d asleep at tick 10, started at tick %d", awake, n1, slept)
	// The player walks 10 cells a second from x=2; the patroller's sector
	// (x 128..143) is within one sector of the player from x=112 on,
	// about 110 cells: ~11 s = ~1,375 ticks.
	if n1 != 1 || slept < 1200 || slept > 1500 {
		t.Fatalf("sleeping sectors on: %d asleep at tick 10, the patroller started at tick %d (want ~1,375)", n1, slept)
	}
}

// TestTwoFollowersKeepUp: a player with two pets walking a long route;
// both pets (the leader's first follower and the one beyond it) keep
// within reach of it as it walks.
func TestTwoFollowersKeepUp(t *testing.T) {
	m, td := wideWorld(t)
	s, _ := newSim(t, m, td, Options{})
	var cells []RouteCell
	for x := 2; x < 150; x++ {
		cells = append(cells, RouteCell{X: x, Y: 10})
	}
	wr, err := s.AddWalkRoute(cells)
	if err != nil {
		t.Fatal(err)
	}
	owner, err := s.SpawnMobile(MobileSpec{X: 2, Y: 10, Tags: c.Tags{Player: true}, Speed: 200, Order: Order{Walk: &WalkSpec{Route: wr}}})
	if err != nil {
		t.Fatal(err)
	}
	var pets []uint64
	for _, y := range []int{8, 12} {
		id, err := s.SpawnMobile(MobileSpec{X: 2, Y: y, Speed: 100, Order: Order{Follow: &FollowSpec{Target: owner, Range: 2}}})
		if err != nil {
			t.Fatal(err)
		}
		pets = append(pets, id)
	}
	for tick := 0; tick < 1200; tick++ {
		s.Step()
	}
	o, _ := s.MobileState(owner)
	if o.X < 40 { // 5 steps a second for 9.6 s
		t.Fatalf("the owner walked only to x=%d", o.X)
	}
	for _, id := range pets {
		if p, _ := s.MobileState(id); cheb(p.Point(), o.Point()) > 4 {
			t.Errorf("pet %d at (%d,%d), owner at (%d,%d)", id, p.X, p.Y, o.X, o.Y)
		}
	}
}
