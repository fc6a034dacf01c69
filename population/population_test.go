package population

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/shardcore/shardcore/systems"
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/gen"
)

// defaultWorld generates the default world once per test binary.
var defaultWorld = sync.OnceValues(func() (*gen.World, error) {
	return gen.Default(context.Background())
})

func newSim(t *testing.T) (*systems.Sim, *gen.World) {
	t.Helper()
	w, err := defaultWorld()
	if err != nil {
		t.Fatal(err)
	}
	s, err := systems.NewSim(w.Map, w.Tiles, systems.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s, w
}

// TestPopulate_RefusesWhatCannotFit: a population with more walkers than
// the map has cells a walker can stand on is refused before anything is
// spawned, with the number that would fit.
func TestPopulate_RefusesWhatCannotFit(t *testing.T) {
	s, w := newSim(t)
	room := RoomOf(w.Map, w.Tiles)
	if room.Walkers == 0 || room.Swimmers == 0 || room.Walkers+room.Swimmers > w.Map.Width*w.Map.Height {
		t.Fatalf("room %+v of a %dx%d map", room, w.Map.Width, w.Map.Height)
	}
	o := Options{Pets: room.Walkers/2 + 1, Seed: 1}
	_, err := Populate(context.Background(), s, w.Landmarks, o)
	if err == nil || !strings.Contains(err.Error(), "cannot fit") || !strings.Contains(err.Error(), "at most") {
		t.Fatalf("%d pairs on %d walker cells: %v", o.Pets, room.Walkers, err)
	}
	if st := s.Stats(); st.Mobiles != 0 || st.Items != 0 {
		t.Fatalf("refused, but spawned %d mobiles and %d items", st.Mobiles, st.Items)
	}
	_, err = Populate(context.Background(), s, w.Landmarks, Options{Swimmers: room.Swimmers + 1})
	if err == nil || !strings.Contains(err.Error(), "water cells") {
		t.Fatalf("too many swimmers: %v", err)
	}
}

// TestPopulate_ProgressAndCancel: set-up reports its stages, mobiles
// spawned growing to the total, and stops with the context's error when
// the context ends (Ctrl-C while spawning).
func TestPopulate_ProgressAndCancel(t *testing.T) {
	s, w := newSim(t)
	var stages []string
	last := 0
	o := Options{Pets: 150, Patrols: 400, Swimmers: 5, Seed: 2, Progress: func(stage string, done, total int) {
		if len(stages) == 0 || stages[len(stages)-1] != stage {
			stages = append(stages, stage)
		}
		if !strings.HasSuffix(stage, "routes") {
			last = done
		}
	}}
	pop, err := Populate(context.Background(), s, w.Landmarks, o)
	if err != nil {
		t.Fatal(err)
	}
	if last != o.Mobiles() || len(pop.Pets)+len(pop.Players)+len(pop.Patrols)+len(pop.Swimmers) != o.Mobiles() {
		t.Fatalf("progress ended at %d, spawned %d+%d+%d+%d, want %d", last, len(pop.Players), len(pop.Pets), len(pop.Patrols), len(pop.Swimmers), o.Mobiles())
	}
	want := "players and pets,player routes,players and pets,patrols,patrol routes,patrols,swimmers"
	if got := strings.Join(stages, ","); got != want {
		t.Errorf("stages %s, want %s", got, want)
	}

	s, _ = newSim(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	o.Progress = func(stage string, done, total int) {
		if done >= 10 {
			cancel()
		}
	}
	_, err = Populate(ctx, s, w.Landmarks, o)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled while spawning: %v", err)
	}
	if n := s.Stats().Mobiles; n > 12 {
		t.Fatalf("cancelled at 10 mobiles, but %d were spawned", n)
	}
}

// TestStandZ_ByTheMovementRules: where a route may start is where the
// movement rules let a walker stand: the highest surface with headroom;
// a cell whose passable land holds an impassable static (a tree, a rock)
// is no place to stand.
func TestStandZ_ByTheMovementRules(t *testing.T) {
	s, w := newSim(t)
	pl := newPlacer(s)
	lm := w.Landmarks
	if z, ok := pl.standZ(lm.OpenGrass.X, lm.OpenGrass.Y); !ok || z != lm.OpenGrass.Z {
		t.Errorf("open grass: z %d ok %v, want %d", z, ok, lm.OpenGrass.Z)
	}
	if z, ok := pl.standZ(lm.BridgeDeck.X, lm.BridgeDeck.Y); !ok || z != lm.BridgeDeck.Z {
		t.Errorf("bridge deck: z %d ok %v, want the deck's %d", z, ok, lm.BridgeDeck.Z)
	}
	m, td := w.Map, w.Tiles
	blocked := 0
	for y := 0; y < m.Height && blocked < 20; y++ {
		for x := 0; x < m.Width && blocked < 20; x++ {
			land := m.Land(x, y).ID & 0x3FFF
			if world.IgnoredLand(land) || td.LandFlags(land)&(world.FlagImpassable|world.FlagWet) != 0 {
				continue
			}
			for _, st := range m.StaticsAt(x, y) {
				if f, _ := td.ItemFlagsHeight(st.ID); f&world.FlagImpassable != 0 && f&world.FlagSurface == 0 && int(st.Z) <= 10 {
					blocked++
					if z, ok := pl.standZ(x, y); ok {
						t.Errorf("(%d,%d): passable land under an impassable static %#x at z %d: standable at %d", x, y, st.ID, st.Z, z)
					}
					break
				}
			}
		}
	}
	if blocked == 0 {
		t.Fatal("the default world has no impassable static on passable land to check")
	}
}
