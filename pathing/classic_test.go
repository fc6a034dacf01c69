package pathing

import (
	"math"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/world"
)

const (
	landGrass = 3
	landRock  = 0x220
	landWater = 0xA8
)

// gridWorld builds a world from rows: '.' grass, '#' rock, '~' water.
func gridWorld(t testing.TB, rows ...string) *movement.Rules {
	t.Helper()
	w, h := 16, 16
	td := world.NewTileData(world.TileFormatNew)
	td.Land[landRock].Flags = world.FlagImpassable
	td.Land[landWater].Flags = world.FlagImpassable | world.FlagWet
	b, err := world.NewBuilder(0, w, h)
	if err != nil {
		t.Fatal(err)
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			id := uint16(landRock)
			if y < len(rows) && x < len(rows[y]) {
				switch rows[y][x] {
				case '.':
					id = landGrass
				case '~':
					id = landWater
				}
			}
			b.SetLand(x, y, id, 0)
		}
	}
	m, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return movement.NewRules(m, td, nil)
}

// replay walks a result's steps under the live rules and returns the end cell.
func replay(t *testing.T, r *movement.Rules, req *Request, res *Result) world.Point {
	t.Helper()
	x, y, z := req.Start.X, req.Start.Y, req.StartZ
	for i, d := range res.Dirs {
		nz, ok := r.CheckMovement(req.Mover, x, y, z, d)
		if !ok {
			t.Fatalf("step %d (%v from %d,%d,%d) refused by the live rules", i, d, x, y, z)
		}
		if nz != int(res.Zs[i]) {
			t.Fatalf("step %d: live Z %d, path Z %d", i, nz, res.Zs[i])
		}
		dx, dy := d.Offset()
		x, y, z = x+dx, y+dy, nz
	}
	return world.Point{X: x, Y: y}
}

func TestClassicCosts(t *testing.T) {
	r := gridWorld(t,
		"..........",
		"..........",
		"....#.....",
		"....#.....",
		"....#.....",
		"..........",
	)
	cases := []struct {
		name       string
		start, end world.Point
		cost       Cost
		caps       movement.Caps
		want       float64
	}{
		{"straight uniform", world.Point{X: 0, Y: 0}, world.Point{X: 9, Y: 0}, Uniform, 0, 9},
		{"diagonal uniform", world.Point{X: 5, Y: 0}, world.Point{X: 9, Y: 4}, Uniform, 0, 4},
		{"blocked diagonal detours", world.Point{X: 0, Y: 0}, world.Point{X: 5, Y: 5}, Uniform, 0, 6},
		{"diagonal octile", world.Point{X: 0, Y: 0}, world.Point{X: 3, Y: 3}, Octile, 0, 3 * math.Sqrt2},
		// around the wall (x=4, y=2..4): from (3,3) to (5,3)
		{"around wall creature", world.Point{X: 3, Y: 3}, world.Point{X: 5, Y: 3}, Uniform, 0, 4},
		{"around wall creature octile", world.Point{X: 3, Y: 3}, world.Point{X: 5, Y: 3}, Octile, 0, 2 + 2*math.Sqrt2},
		// a player may not cut the wall's end corner: six straight steps
		{"around wall player octile", world.Point{X: 3, Y: 3}, world.Point{X: 5, Y: 3}, Octile, movement.Player, 6},
	}
	s := NewClassic(r)
	var res Result
	for _, c := range cases {
		req := Request{Start: c.start, Goal: c.end, Cost: c.cost, Mover: movement.Mover{Caps: c.caps}}
		s.Find(&req, &res)
		if !res.Found {
			t.Fatalf("%s: not found", c.name)
		}
		if math.Abs(res.Cost-c.want) > 1e-9 {
			t.Errorf("%s: cost %v, want %v", c.name, res.Cost, c.want)
		}
		if end := replay(t, r, &req, &res); end != c.end {
			t.Errorf("%s: path ends at %v, want %v", c.name, end, c.end)
		}
	}
}

func TestClassicUnreachableBudgetRange(t *testing.T) {
	r := gridWorld(t,
		".....#....",
		".....#....",
		".....#....",
		"######....",
	)
	s := NewClassic(r)
	var res Result
	req := Request{Start: world.Point{X: 0, Y: 0}, Goal: world.Point{X: 8, Y: 0}}
	s.Find(&req, &res)
	if res.Found {
		t.Fatal("found a path through a closed wall")
	}
	if res.Expansions != 15 { // the 5×3 pocket, each cell expanded once
		t.Errorf("expansions %d, want 15", res.Expansions)
	}
	req = Request{Start: world.Point{X: 0, Y: 0}, Goal: world.Point{X: 4, Y: 2}, MaxNodes: 2}
	s.Find(&req, &res)
	if res.Found || res.Expansions != 2 {
		t.Errorf("budget 2: found=%v expansions=%d", res.Found, res.Expansions)
	}
	req = Request{Start: world.Point{X: 0, Y: 0}, Goal: world.Point{X: 4, Y: 0}, Range: 2}
	s.Find(&req, &res)
	if !res.Found || res.Cost != 2 {
		t.Errorf("range 2: found=%v cost=%v, want 2", res.Found, res.Cost)
	}
}

func TestClassicWaterSwimmer(t *testing.T) {
	r := gridWorld(t,
		"...~~~...",
		"...~~~...",
	)
	s := NewClassic(r)
	var res Result
	req := Request{Start: world.Point{X: 0, Y: 0}, Goal: world.Point{X: 8, Y: 0}}
	s.Find(&req, &res)
	if res.Found {
		t.Error("walker crossed water")
	}
	req = Request{Start: world.Point{X: 3, Y: 0}, Goal: world.Point{X: 5, Y: 1},
		Mover: movement.Mover{Caps: movement.CanSwim | movement.CantWalk}}
	s.Find(&req, &res)
	if !res.Found || res.Cost != 2 {
		t.Errorf("swimmer: found=%v cost=%v", res.Found, res.Cost)
	}
}

func TestClassicZeroAllocs(t *testing.T) {
	r := gridWorld(t,
		"..........",
		"....#.....",
		"....#.....",
		"..........",
	)
	s := NewClassic(r)
	var res Result
	req := Request{Start: world.Point{X: 0, Y: 0}, Goal: world.Point{X: 9, Y: 3}, Cost: Octile}
	s.Find(&req, &res)
	allocs := testing.AllocsPerRun(50, func() { s.Find(&req, &res) })
	if allocs != 0 {
		t.Errorf("%v allocs per search after warm-up, want 0", allocs)
	}
}
