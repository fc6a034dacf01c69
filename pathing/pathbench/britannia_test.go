package pathbench_test

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/pathing"
	"github.com/shardcore/shardcore/pathing/pathbench"
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/gen"
	"github.com/shardcore/shardcore/world/gen/britannia"
)

// smallBritannia is map 0 of the britannia profile at 1024x768 (its features
// scale with the area: four towns, one dungeon, five piers, two forests),
// baked, with its .swb in a temp dir.
var smallBritannia = sync.OnceValues(func() (*smallWorld, error) {
	ctx := context.Background()
	w, err := britannia.Generate(ctx, britannia.Options{Seed: 1, Map: world.Felucca, Width: 1024, Height: 768})
	if err != nil {
		return nil, err
	}
	env, err := pathbench.NewEnvRules(ctx, movement.NewRules(w.Map, w.Tiles, nil), tempDir)
	if err != nil {
		return nil, err
	}
	return &smallWorld{w: w, env: env}, nil
})

type smallWorld struct {
	w   *britannia.World
	env *pathbench.Env
}

func loadSmall(t *testing.T) *smallWorld {
	t.Helper()
	s, err := smallBritannia()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestBritanniaTwins: every twin is posed on a small map 0, each kind as
// named, and each is found with the same cost by every searcher of the
// table (classic A*, the cache A* in every cache state, the jump search).
func TestBritanniaTwins(t *testing.T) {
	s := loadSmall(t)
	scs, err := pathbench.BritanniaScenarios(s.env, &s.w.Features)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"forest walk", "town street", "dungeon ramp", "shore swim", "overland traverse"}
	if len(scs) != len(want) {
		t.Fatalf("%d twins, want %d", len(scs), len(want))
	}
	for i, sc := range scs {
		if sc.Name != want[i] {
			t.Errorf("twin %d is %q, want %q", i, sc.Name, want[i])
		}
	}
	checkTwinKinds(t, s.w, scs)
	var modes []pathbench.Mode
	for m := pathbench.Cold; m < pathbench.NumModes; m++ {
		modes = append(modes, m)
	}
	rows, err := s.env.Run(context.Background(), scs, modes, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(scs)*int(pathbench.NumModes) {
		t.Fatalf("%d rows, want %d", len(rows), len(scs)*int(pathbench.NumModes))
	}
	for _, r := range rows {
		if r.Cost <= 0 || r.Expansions <= 0 {
			t.Errorf("%s %v: cost %v, %d expansions", r.Scenario, r.Mode, r.Cost, r.Expansions)
		}
	}
}

// checkTwinKinds checks what makes each twin its kind.
func checkTwinKinds(t *testing.T, w *britannia.World, scs []pathbench.Scenario) {
	t.Helper()
	live := movement.NewRules(w.Map, w.Tiles, nil)
	cl := pathing.NewClassic(live)
	var res pathing.Result
	path := func(sc pathbench.Scenario) []int8 {
		req := sc.Req
		cl.Find(&req, &res)
		return res.Zs
	}
	forest, street, ramp, shore, long := scs[0], scs[1], scs[2], scs[3], scs[4]
	if !isSpot(forest.Req, w.Features.Forests) {
		t.Errorf("forest walk starts at %v, not a forest spot", forest.Req.Start)
	}
	if t0 := w.Features.Towns[0]; street.Req.Start != t0.Street.Point() || !inside(street.Req.Goal, t0) {
		t.Errorf("town street %v -> %v: not from the first town's street to a cell of it", street.Req.Start, street.Req.Goal)
	}
	if zs := path(ramp); zs[len(zs)-1]-zs[0] < 2*gen.StairRise {
		t.Errorf("dungeon ramp climbs %d -> %d: not up the ramp", zs[0], zs[len(zs)-1])
	}
	if shore.Req.Mover.Caps&movement.CanSwim == 0 {
		t.Errorf("shore swim's mover %+v does not swim", shore.Req.Mover)
	}
	if d := max(abs(long.Req.Goal.X-long.Req.Start.X), abs(long.Req.Goal.Y-long.Req.Start.Y)); d < pathbench.MinTraverse {
		t.Errorf("overland traverse spans %d tiles, want at least %d", d, pathbench.MinTraverse)
	}
}

func isSpot(req pathing.Request, spots []gen.Spot) bool {
	for _, s := range spots {
		if s.Point() == req.Start && s.Z == req.StartZ {
			return true
		}
	}
	return false
}

func inside(p world.Point, t britannia.Town) bool {
	return p.X >= t.X0 && p.X <= t.X1 && p.Y >= t.Y0 && p.Y <= t.Y1
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// TestBritanniaTwinMissing: a map without a kind's features is an error
// naming the twin and the missing kind.
func TestBritanniaTwinMissing(t *testing.T) {
	s := loadSmall(t)
	for _, c := range []struct {
		want string
		drop func(*britannia.Features)
	}{
		{"forest walk: the map has no forest spots", func(f *britannia.Features) { f.Forests = nil }},
		{"town street: the map has no town", func(f *britannia.Features) { f.Towns = nil }},
		{"dungeon ramp: the map has no dungeon", func(f *britannia.Features) { f.Dungeons = nil }},
		{"shore swim: the map has no shore spot or pier end", func(f *britannia.Features) { f.Docks, f.Shore = nil, nil }},
		{"overland traverse: the map has no two towns 300 tiles apart", func(f *britannia.Features) { f.Towns = f.Towns[:1] }},
	} {
		f := s.w.Features
		c.drop(&f)
		if _, err := pathbench.BritanniaScenarios(s.env, &f); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("got %v, want an error containing %q", err, c.want)
		}
	}
	if _, err := pathbench.BritanniaScenarios(s.env, nil); err == nil || !strings.Contains(err.Error(), "no britannia features") {
		t.Errorf("nil features: %v", err)
	}
}
