package systems

import (
	"errors"
	"reflect"
	"testing"

	c "github.com/shardcore/shardcore/components"
	"github.com/shardcore/shardcore/world"
)

// busySim is a 32×32 map with a wall and a door, patrols, pets following
// a walking player and a patroller, wanderers, a move-to order and a
// swimmer: every intent, doors opening and closing, searches queued past
// the tick's budget.
func busySim(t *testing.T, o Options) *Sim {
	t.Helper()
	rows := make([]string, 32)
	for y := range rows {
		rows[y] = "................#..............."
	}
	rows[16] = "................................"
	for y := 26; y < 32; y++ {
		rows[y] = "~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~"
	}
	m, td := gridWorld(t, withDoorway(rows, 16, 8)...)
	s, _ := newSim(t, m, td, o)
	must := func(id uint64, err error) uint64 {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	must(s.SpawnItem(ItemSpec{X: 16, Y: 8, ID: itemDoor, Door: true}))
	for i := 0; i < 6; i++ {
		r, err := s.AddRoute([]world.Point{{X: 2 + i, Y: 3 + 3*i}, {X: 28 - i, Y: 20 - 2*i}, {X: 20, Y: 2 + i}})
		if err != nil {
			t.Fatal(err)
		}
		must(s.SpawnMobile(MobileSpec{X: 2 + i, Y: 3 + 3*i, Speed: uint16(100 + 20*i), Tags: c.Tags{CanOpenDoors: i%2 == 0},
			Order: Order{Patrol: &PatrolSpec{Route: r, Index: 1, Tolerance: i % 2}}}))
	}
	var cells []RouteCell
	for x := 3; x < 14; x++ {
		cells = append(cells, RouteCell{X: x, Y: 24})
	}
	for x := 13; x > 3; x-- {
		cells = append(cells, RouteCell{X: x, Y: 23})
	}
	wr, err := s.AddWalkRoute(cells)
	if err != nil {
		t.Fatal(err)
	}
	player := must(s.SpawnMobile(MobileSpec{X: 3, Y: 24, Speed: 200, Tags: c.Tags{Player: true}, Order: Order{Walk: &WalkSpec{Route: wr}}}))
	for i := 0; i < 3; i++ {
		must(s.SpawnMobile(MobileSpec{X: 1 + i, Y: 22, Speed: 120, Order: Order{Follow: &FollowSpec{Target: player, Range: 1 + i}}}))
	}
	must(s.SpawnMobile(MobileSpec{X: 10, Y: 12, Speed: 150, Order: Order{Follow: &FollowSpec{Target: 2, Range: 2}}}))
	for i := 0; i < 4; i++ {
		must(s.SpawnMobile(MobileSpec{X: 20 + i, Y: 12, Speed: 180, Order: Order{Wander: &WanderSpec{Home: world.Point{X: 22, Y: 12}, Radius: 5}}}))
	}
	must(s.SpawnMobile(MobileSpec{X: 5, Y: 28, Speed: 300, Tags: c.Tags{CanSwim: true, CantWalk: true},
		Order: Order{Wander: &WanderSpec{Home: world.Point{X: 12, Y: 29}, Radius: 8}}}))
	must(s.SpawnMobile(MobileSpec{X: 30, Y: 2, Speed: 100, Order: Order{GoTo: &GoToSpec{Goal: world.Point{X: 2, Y: 14}}}}))
	return s
}

// TestStateRestoreTicksOnIdentically: a Sim restored from another's state
// after n ticks has, after m more ticks each, the same state (every
// mobile, timer, queue entry and random draw) as the one never stopped.
func TestStateRestoreTicksOnIdentically(t *testing.T) {
	for _, tc := range []struct {
		name string
		o    Options
		n, m int
	}{
		{"early", Options{Seed: 3, MaxSearchesPerTick: 2}, 7, 400},
		{"late", Options{Seed: 5, MaxSearchesPerTick: 3}, 333, 500},
		{"expansion budget", Options{Seed: 7, MaxExpansionsPerTick: 40}, 120, 400},
		{"sleeping sectors", Options{Seed: 9, MaxSearchesPerTick: 2, SleepRadius: 1, FollowDirect: true}, 250, 400},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := busySim(t, tc.o)
			for i := 0; i < tc.n; i++ {
				a.Step()
			}
			st, err := a.State()
			if err != nil {
				t.Fatal(err)
			}
			m, td := a.Map(), a.Tiles()
			b, _ := newSim(t, m, td, tc.o)
			if err := b.Restore(st); err != nil {
				t.Fatal(err)
			}
			again, _ := b.State()
			if !reflect.DeepEqual(st, again) {
				t.Fatal("the restored Sim's state differs from the one restored")
			}
			for i := 0; i < tc.m; i++ {
				a.Step()
				b.Step()
			}
			sa, _ := a.State()
			sb, _ := b.State()
			if a.PositionsHash() != b.PositionsHash() || !reflect.DeepEqual(sa, sb) {
				t.Fatalf("after %d more ticks the restored Sim went its own way (hashes %x, %x)", tc.m, a.PositionsHash(), b.PositionsHash())
			}
			if sa.Tick != uint64(tc.n+tc.m) || a.Stats().Steps == 0 {
				t.Fatalf("tick %d, steps %d", sa.Tick, a.Stats().Steps)
			}
		})
	}
}

// TestRestoreRefusesBadStates: a state that does not fit is refused whole,
// and the Sim is left as it was.
func TestRestoreRefusesBadStates(t *testing.T) {
	a := busySim(t, Options{MaxSearchesPerTick: 2})
	for i := 0; i < 50; i++ {
		a.Step()
	}
	good, _ := a.State()
	for _, tc := range []struct {
		name   string
		break_ func(st *State)
	}{
		{"other map", func(st *State) { st.Map = 3 }},
		{"mobile off the map", func(st *State) { st.Mobiles[0].X = 99 }},
		{"duplicate id", func(st *State) { st.Mobiles[1].ID = st.Mobiles[0].ID }},
		{"unknown route", func(st *State) { st.Mobiles[0].Patrol.Route = 40 }},
		{"follow target gone", func(st *State) { st.Mobiles[7].Follow.Target = 999 }},
		{"intent without state", func(st *State) { st.Mobiles[0].Patrol = nil }},
		{"timer of nobody", func(st *State) { st.Moves.Timers = append(st.Moves.Timers, TimerState{ID: 999, At: st.Moves.Next}) }},
		{"queue of nobody", func(st *State) { st.Queue = append(st.Queue, 12345) }},
		{"path steps and Zs", func(st *State) { st.Mobiles[0].Path.Zs = append(st.Mobiles[0].Path.Zs, 1, 2, 3) }},
		{"bad random stream", func(st *State) { st.Rand = []byte("nope") }},
		{"item twice", func(st *State) { st.Items = append(st.Items, st.Items[0]) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, _ := a.State()
			tc.break_(st)
			b, _ := newSim(t, a.Map(), a.Tiles(), Options{MaxSearchesPerTick: 2})
			err := b.Restore(st)
			if !errors.Is(err, ErrBadState) {
				t.Fatalf("restore: %v, want ErrBadState", err)
			}
			if len(b.MobileIDs()) != 0 || b.TickCount() != 0 {
				t.Fatal("a refused state was half loaded")
			}
			if err := b.Restore(good); err != nil {
				t.Fatalf("the good state after a refusal: %v", err)
			}
		})
	}
	b := busySim(t, Options{})
	if err := b.Restore(good); !errors.Is(err, ErrBadState) {
		t.Fatalf("restore into a Sim with mobiles: %v", err)
	}
}
