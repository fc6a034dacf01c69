package systems

import (
	"testing"
	"time"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/pathing"
	"github.com/shardcore/shardcore/world"
)

const (
	landGrass = 3
	landRock  = 0x220
	landWater = 0xA8
	itemDoor  = 0x06A5
)

// gridWorld builds a 32×32 map from rows ('.' grass, '#' rock, '~' water;
// cells past the rows are grass) with a door item tile in the table.
func gridWorld(t testing.TB, rows ...string) (*world.Map, *world.TileData) {
	t.Helper()
	return landWorld(t, 32, 32, func(x, y int) uint16 {
		if y < len(rows) && x < len(rows[y]) {
			switch rows[y][x] {
			case '#':
				return landRock
			case '~':
				return landWater
			}
		}
		return landGrass
	})
}

// landWorld builds a w×h map whose cell (x, y) has land tile land(x, y)
// at Z 0, over the tile table gridWorld's rows use (grass, impassable
// rock, wet water, a door item tile).
func landWorld(t testing.TB, w, h int, land func(x, y int) uint16) (*world.Map, *world.TileData) {
	t.Helper()
	td := world.NewTileData(world.TileFormatNew)
	td.Land[landRock].Flags = world.FlagImpassable
	td.Land[landWater].Flags = world.FlagImpassable | world.FlagWet
	td.Items[itemDoor] = world.ItemTile{Flags: world.FlagDoor | world.FlagImpassable, Height: 20}
	b, err := world.NewBuilder(0, w, h)
	if err != nil {
		t.Fatal(err)
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			b.SetLand(x, y, land(x, y), 0)
		}
	}
	m, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return m, td
}

// fakeClock advances by step on every read.
type fakeClock struct {
	now, step time.Duration
}

func (c *fakeClock) read() time.Duration {
	c.now += c.step
	return c.now
}

// countingFinder wraps classic A* and counts searches.
type countingFinder struct {
	f     pathing.Finder
	calls int
	order []world.Point
}

func (c *countingFinder) Find(req *pathing.Request, res *pathing.Result) {
	c.calls++
	c.order = append(c.order, req.Start)
	c.f.Find(req, res)
}

func newSim(t testing.TB, m *world.Map, td *world.TileData, o Options) (*Sim, *countingFinder) {
	t.Helper()
	cf := &countingFinder{}
	lb, _ := o.Backend.(LiveBackend) // a test's shared finders stay
	lb.NewFinder = func(r *movement.Rules) pathing.Finder {
		cf.f = pathing.NewClassic(r)
		return cf
	}
	o.Backend = lb
	s, err := NewSim(m, td, o)
	if err != nil {
		t.Fatal(err)
	}
	return s, cf
}
