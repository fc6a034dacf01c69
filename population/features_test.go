package population

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/shardcore/shardcore/systems"
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/gen/britannia"
)

// smallBritannia generates the small test maps of the britannia profile
// once per test binary: Trammel (towns, roads, bridges, docks, dungeons
// with ramps) and Ilshenar (caves, little water).
var smallBritannia = sync.OnceValues(func() (map[world.MapID]*britannia.World, error) {
	out := map[world.MapID]*britannia.World{}
	for id, size := range map[world.MapID][2]int{world.Trammel: {896, 640}, world.Ilshenar: {576, 400}} {
		w, err := britannia.Generate(context.Background(), britannia.Options{Seed: 5, Map: id, Width: size[0], Height: size[1]})
		if err != nil {
			return nil, err
		}
		out[id] = w
	}
	return out, nil
})

func britanniaSim(t *testing.T, id world.MapID) (*systems.Sim, *britannia.World) {
	t.Helper()
	ws, err := smallBritannia()
	if err != nil {
		t.Fatal(err)
	}
	w := ws[id]
	s, err := systems.NewSim(w.Map, w.Tiles, systems.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s, w
}

// in reports whether mobile id stands inside the box.
func in(s *systems.Sim, id uint64, x0, y0, x1, y1 int) bool {
	p, ok := s.MobileState(id)
	return ok && int(p.X) >= x0 && int(p.X) <= x1 && int(p.Y) >= y0 && int(p.Y) <= y1
}

// TestPopulateFeatures_SpreadsOverThePlaces: on a small Trammel every
// doorway gets its door, every mobile is spawned, players and patrols are
// in towns, patrols in dungeons (some a storey above the dungeon floor, on
// a gallery or ramp), swimmers on water; the same seed gives the same
// population, another seed another; the mobiles then move.
func TestPopulateFeatures_SpreadsOverThePlaces(t *testing.T) {
	s, w := britanniaSim(t, world.Trammel)
	f := &w.Features
	o := Options{Pets: 120, Patrols: 120, Swimmers: 20, Seed: 3}
	pop, err := PopulateFeatures(context.Background(), s, f, o)
	if err != nil {
		t.Fatal(err)
	}
	if pop.Doors != len(f.DoorSpecs) || s.Stats().Items != len(f.DoorSpecs) || len(f.DoorSpecs) == 0 {
		t.Fatalf("%d doors spawned, %d items, %d doorways", pop.Doors, s.Stats().Items, len(f.DoorSpecs))
	}
	if len(pop.Players) != o.Pets || len(pop.Pets) != o.Pets || len(pop.Patrols) != o.Patrols || len(pop.Swimmers) != o.Swimmers ||
		s.Stats().Mobiles != o.Mobiles() {
		t.Fatalf("spawned %d players %d pets %d patrols %d swimmers (%d mobiles), want %+v",
			len(pop.Players), len(pop.Pets), len(pop.Patrols), len(pop.Swimmers), s.Stats().Mobiles, o)
	}
	count := func(ids []uint64, box func(id uint64) bool) int {
		n := 0
		for _, id := range ids {
			if box(id) {
				n++
			}
		}
		return n
	}
	inTown := func(id uint64) bool {
		for _, tw := range f.Towns {
			if in(s, id, tw.X0, tw.Y0, tw.X1, tw.Y1) {
				return true
			}
		}
		return false
	}
	raised := 0
	inDungeon := func(id uint64) bool {
		for _, d := range f.Dungeons {
			if in(s, id, d.X0, d.Y0, d.X1, d.Y1) {
				p, _ := s.MobileState(id)
				if _, floor, _ := w.Map.AverageZ(int(p.X), int(p.Y)); int(p.Z) >= floor+5 {
					raised++
				}
				return true
			}
		}
		return false
	}
	townPlayers, townPatrols, dungeonPatrols := count(pop.Players, inTown), count(pop.Patrols, inTown), count(pop.Patrols, inDungeon)
	t.Logf("in towns %d players and %d patrols, in dungeons %d patrols (%d above the floor); %d towns, %d dungeons, %d bridges, %d docks",
		townPlayers, townPatrols, dungeonPatrols, raised, len(f.Towns), len(f.Dungeons), len(f.Bridges), len(f.Docks))
	if townPlayers < o.Pets/5 || townPatrols < o.Patrols/6 || dungeonPatrols < o.Patrols/8 || raised == 0 {
		t.Errorf("too few in towns or dungeons, or none above a dungeon's floor")
	}
	for _, id := range pop.Swimmers {
		if p, _ := s.MobileState(id); !systems.IsWet(w.Map, w.Tiles, int(p.X), int(p.Y)) {
			t.Fatalf("swimmer %d on dry (%d,%d)", id, p.X, p.Y)
		}
	}
	h := s.PositionsHash()
	again, _ := britanniaSim(t, world.Trammel)
	if _, err := PopulateFeatures(context.Background(), again, f, o); err != nil || again.PositionsHash() != h {
		t.Fatalf("same seed: %v, hash %x then %x", err, h, again.PositionsHash())
	}
	other, _ := britanniaSim(t, world.Trammel)
	o.Seed = 4
	if _, err := PopulateFeatures(context.Background(), other, f, o); err != nil || other.PositionsHash() == h {
		t.Fatalf("another seed: %v, the same hash %x", err, h)
	}
	for range 200 {
		s.Step()
	}
	if st := s.Stats(); st.Steps < uint64(o.Mobiles()) || st.Searches == 0 {
		t.Fatalf("200 ticks: %d steps, %d searches", st.Steps, st.Searches)
	}
}

// TestPopulateFeatures_MapAlone: without features (a client folder) no
// door is placed and every mobile goes on open land or water.
func TestPopulateFeatures_MapAlone(t *testing.T) {
	s, _ := britanniaSim(t, world.Ilshenar)
	o := Options{Pets: 30, Patrols: 30, Swimmers: 6, Seed: 1}
	pop, err := PopulateFeatures(context.Background(), s, nil, o)
	if err != nil {
		t.Fatal(err)
	}
	if pop.Doors != 0 || s.Stats().Items != 0 || s.Stats().Mobiles != o.Mobiles() {
		t.Fatalf("%d doors, %d mobiles of %d", pop.Doors, s.Stats().Mobiles, o.Mobiles())
	}
}

// TestPopulateFeatures_RefusesProgressesAndStops: a population larger than
// the map's water is refused before anything is spawned; set-up reports
// its progress up to the total; it stops with the context's error.
func TestPopulateFeatures_RefusesProgressesAndStops(t *testing.T) {
	s, w := britanniaSim(t, world.Ilshenar)
	room := RoomOf(w.Map, w.Tiles)
	_, err := PopulateFeatures(context.Background(), s, &w.Features, Options{Swimmers: room.Swimmers + 1})
	if err == nil || !strings.Contains(err.Error(), "water cells") || s.Stats().Mobiles+s.Stats().Items != 0 {
		t.Fatalf("too many swimmers: %v (%d mobiles, %d items spawned)", err, s.Stats().Mobiles, s.Stats().Items)
	}
	last := 0
	o := Options{Pets: 20, Patrols: 20, Swimmers: 4, Seed: 2, Progress: func(stage string, done, total int) {
		if !strings.HasSuffix(stage, "routes") {
			last = done
		}
	}}
	if _, err := PopulateFeatures(context.Background(), s, &w.Features, o); err != nil || last != o.Mobiles() {
		t.Fatalf("progress ended at %d of %d: %v", last, o.Mobiles(), err)
	}
	s, _ = britanniaSim(t, world.Ilshenar)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	o.Progress = func(_ string, done, _ int) {
		if done >= 10 {
			cancel()
		}
	}
	if _, err := PopulateFeatures(ctx, s, &w.Features, o); err == nil || !strings.Contains(err.Error(), "canceled") {
		t.Fatalf("cancelled: %v", err)
	}
}

// TestSplit: set shares first, the rest by room (walkers by walker cells,
// swimmers by water), whole counts summing to the totals, seeds per map
// (map 0 keeps the seed); maps without a share and without room for what
// is left is an error.
func TestSplit(t *testing.T) {
	o := Options{Pets: 101, Patrols: 10, Swimmers: 9, Seed: 7}
	parts := []MapPart{
		{ID: 0, Room: Room{Walkers: 3000, Swimmers: 0}},
		{ID: 2, Room: Room{Walkers: 1000, Swimmers: 100}},
		{ID: 5, Share: 0.5, Set: true},
	}
	got, err := Split(o, parts)
	if err != nil {
		t.Fatal(err)
	}
	sum := Options{}
	for _, g := range got {
		sum.Pets, sum.Patrols, sum.Swimmers = sum.Pets+g.Pets, sum.Patrols+g.Patrols, sum.Swimmers+g.Swimmers
	}
	if sum.Pets != 101 || sum.Patrols != 10 || sum.Swimmers != 9 {
		t.Fatalf("split %+v sums to %+v", got, sum)
	}
	if got[2].Pets != 50 && got[2].Pets != 51 || got[2].Patrols != 5 || got[0].Swimmers != 0 || got[1].Swimmers != 4 && got[1].Swimmers != 5 {
		t.Errorf("split %+v", got)
	}
	if got[0].Pets < 3*got[1].Pets-3 || got[0].Patrols < 3 {
		t.Errorf("walkers not by room: %+v", got)
	}
	if got[0].Seed != 7 || got[1].Seed == 7 || got[1].Seed == got[2].Seed {
		t.Errorf("seeds %d %d %d", got[0].Seed, got[1].Seed, got[2].Seed)
	}
	parts[1].Room.Swimmers = 0
	if _, err := Split(o, parts); err == nil || !strings.Contains(err.Error(), "swimmers") {
		t.Errorf("no water for the swimmers left: %v", err)
	}
}

// TestEstimateRoom is within a few percent of the exact count on a map of
// more than a million cells (a strided estimate) and exact on a small one.
func TestEstimateRoom(t *testing.T) {
	_, w := britanniaSim(t, world.Ilshenar)
	if got, want := EstimateRoom(w.Map, w.Tiles), RoomOf(w.Map, w.Tiles); got != want {
		t.Errorf("small map: estimate %+v, exact %+v", got, want)
	}
	big, err := britannia.Generate(context.Background(), britannia.Options{Seed: 5, Map: world.Tokuno, Width: 1448, Height: 768})
	if err != nil {
		t.Fatal(err)
	}
	got, want := EstimateRoom(big.Map, big.Tiles), RoomOf(big.Map, big.Tiles)
	near := func(a, b int) bool { return float64(a) > 0.95*float64(b) && float64(a) < 1.05*float64(b) }
	if !near(got.Walkers, want.Walkers) || !near(got.Swimmers, want.Swimmers) {
		t.Errorf("estimate %+v, exact %+v", got, want)
	}
}
