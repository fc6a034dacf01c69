package pathing

import (
	"context"
	"sync"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/gen"
)

// fixture is the default world and its baked chunks, made once per binary.
type fixture struct {
	w      *gen.World
	chunks []*chunk.Chunk
	wide   int
}

var defaultFixture = sync.OnceValues(func() (*fixture, error) {
	w, err := gen.Default(context.Background())
	if err != nil {
		return nil, err
	}
	chunks, err := bake.BuildMap(context.Background(), movement.NewRules(w.Map, w.Tiles, nil), 0, nil)
	if err != nil {
		return nil, err
	}
	wide, _ := chunk.Grid(w.Map.Width, w.Map.Height)
	return &fixture{w: w, chunks: chunks, wide: wide}, nil
})

func testFixture(t testing.TB) *fixture {
	t.Helper()
	f, err := defaultFixture()
	if err != nil {
		t.Fatalf("default world: %v", err)
	}
	return f
}

// newCache returns a cache over r's map; warm installs every baked chunk.
func (f *fixture) newCache(t testing.TB, r *movement.Rules, cfg stepcache.Config, warm bool) *stepcache.Cache {
	t.Helper()
	c, err := stepcache.New(cfg, bake.Shared, r)
	if err != nil {
		t.Fatal(err)
	}
	if warm {
		for i, ch := range f.chunks {
			if err := c.Install(r.Map.ID, i%f.wide, i/f.wide, ch); err != nil {
				t.Fatal(err)
			}
		}
	}
	return c
}

// verifyConfig is the enabled cache with every hit re-checked live.
func verifyConfig() stepcache.Config {
	cfg := stepcache.DefaultConfig()
	cfg.VerifyShare = 1
	return cfg
}

// cellKey names a cell for testDyn.
type cellKey struct{ x, y int }

// testDyn is a map-backed movement.Dynamics.
type testDyn struct {
	items map[cellKey][]movement.Item
	mobs  map[cellKey][]movement.Mobile
}

func newTestDyn() *testDyn {
	return &testDyn{items: map[cellKey][]movement.Item{}, mobs: map[cellKey][]movement.Mobile{}}
}

func (d *testDyn) ItemsAt(_ world.MapID, x, y int, dst []movement.Item) []movement.Item {
	return append(dst, d.items[cellKey{x, y}]...)
}

func (d *testDyn) MobilesAt(_ world.MapID, x, y int, dst []movement.Mobile) []movement.Mobile {
	return append(dst, d.mobs[cellKey{x, y}]...)
}

func (d *testDyn) addItem(x, y int, it movement.Item) {
	d.items[cellKey{x, y}] = append(d.items[cellKey{x, y}], it)
}

func (d *testDyn) addMobile(x, y int, m movement.Mobile) {
	d.mobs[cellKey{x, y}] = append(d.mobs[cellKey{x, y}], m)
}

// occDyn adds the Occupancy and ItemOccupancy fast paths to testDyn.
type occDyn struct{ *testDyn }

func (d occDyn) OccupancyAround(_ world.MapID, x, y int) (mobs, items uint8) {
	for dir := movement.Dir(0); dir < 8; dir++ {
		dx, dy := dir.Offset()
		k := cellKey{x + dx, y + dy}
		if len(d.mobs[k]) > 0 {
			mobs |= 1 << dir
		}
		if len(d.items[k]) > 0 {
			items |= 1 << dir
		}
	}
	return mobs, items
}

func (d occDyn) HasItems(_ world.MapID, x, y int) bool {
	return len(d.items[cellKey{x, y}]) > 0
}

func (d occDyn) Occupied(_ world.MapID, x, y int) bool {
	k := cellKey{x, y}
	return len(d.items[k]) > 0 || len(d.mobs[k]) > 0
}

// checkPath walks res under r and fails unless every step is allowed with
// the recorded Z and the path ends within the goal square.
func checkPath(t *testing.T, what string, r *movement.Rules, req *Request, res *Result) {
	t.Helper()
	x, y, z := req.Start.X, req.Start.Y, req.StartZ
	for i, d := range res.Dirs {
		nz, ok := r.CheckMovement(req.Mover, x, y, z, d)
		if !ok || nz != int(res.Zs[i]) {
			t.Fatalf("%s: step %d (%v from %d,%d,%d): live ok=%v z=%d, path z=%d", what, i, d, x, y, z, ok, nz, res.Zs[i])
		}
		dx, dy := d.Offset()
		x, y, z = x+dx, y+dy, nz
	}
	if absInt(x-req.Goal.X) > req.Range || absInt(y-req.Goal.Y) > req.Range {
		t.Fatalf("%s: path ends at (%d,%d), goal %v range %d", what, x, y, req.Goal, req.Range)
	}
}

// grassFinder returns a jump search over a new cache holding the chunks in
// columns ax-2..ax+1 and rows ay-1..ay+1 around the fixture's open grass
// (chunk (ax, ay)), all but those skip names (nil: none), set up for a
// walker by a search from the grass to itself (off the flat layer when
// layerOff), and the cache and rules it searches.
func (f *fixture) grassFinder(t testing.TB, layerOff bool, skip func(cx, cy int) bool) (*JPS, *stepcache.Cache, *movement.Rules) {
	t.Helper()
	live := movement.NewRules(f.w.Map, f.w.Tiles, nil)
	cfg := stepcache.DefaultConfig()
	cfg.MaxResidentChunks = len(f.chunks)
	cache := f.newCache(t, live, cfg, false)
	g := f.w.Landmarks.OpenGrass
	ax, ay := g.X>>4, g.Y>>4
	for cy := ay - 1; cy <= ay+1; cy++ {
		for cx := ax - 2; cx <= ax+1; cx++ {
			if skip != nil && skip(cx, cy) {
				continue
			}
			if err := cache.Install(live.Map.ID, cx, cy, f.chunks[cy*f.wide+cx]); err != nil {
				t.Fatal(err)
			}
		}
	}
	s := NewJPS(cache, live)
	s.opt.layerOff = layerOff
	req := Request{Start: g.Point(), StartZ: g.Z, Goal: g.Point()}
	var res Result
	s.Find(&req, &res)
	return s, cache, live
}
