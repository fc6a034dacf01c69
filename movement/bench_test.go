package movement

import (
	"testing"

	"github.com/shardcore/shardcore/world"
)

// query is one CheckMovement call of a benchmark workload.
type query struct {
	mv   Mover
	x, y int
	z    int
	dir  Dir
}

// grassWorld is a 32×32 plain grass map and a walk over every cell in all
// eight directions.
func grassWorld(tb testing.TB) (*Rules, []query) {
	r := NewRules(buildMap(tb, world.Felucca, 32, 32, nil), testTiles(), nil)
	var qs []query
	for y := 1; y < 31; y += 3 {
		for x := 1; x < 31; x += 3 {
			for d := Dir(0); d < 8; d++ {
				qs = append(qs, query{walker, x, y, 0, d})
			}
		}
	}
	return r, qs
}

// townWorld is a 32×32 town: houses with walls, a ground and an upper floor
// with stairs, a roof, doors, crates and mobiles, queried on both storeys by a
// creature and a player.
func townWorld(tb testing.TB) (*Rules, []query) {
	var st []placed
	d := newFakeDyn()
	for hy := 2; hy < 30; hy += 8 {
		for hx := 2; hx < 30; hx += 8 {
			for y := hy; y < hy+6; y++ {
				for x := hx; x < hx+6; x++ {
					edge := x == hx || y == hy || x == hx+5 || y == hy+5
					st = append(st, placed{x, y, itemFloor, 0}, placed{x, y, itemFloor, 20}, placed{x, y, itemRoofed, 40})
					if edge {
						st = append(st, placed{x, y, itemWall, 0}, placed{x, y, itemWall, 20})
					}
				}
			}
			d.addItem(hx+2, hy, Item{ID: itemDoor})
			d.addItem(hx+3, hy+3, Item{ID: itemCrate, Movable: true})
			d.addMob(hx+2, hy+2, Mobile{ID: uint64(hx*64 + hy), Z: 0})
			d.addMob(hx+3, hy+2, Mobile{ID: uint64(hx*64 + hy + 1), Z: 20})
			for i := 0; i < 4; i++ { // a stair in the room
				st = append(st, placed{hx + 1 + i, hy + 4, itemStair, int8(2 * i)})
			}
		}
	}
	r := NewRules(buildMap(tb, world.Trammel, 32, 32, nil, st...), testTiles(), d)
	var qs []query
	for y := 1; y < 31; y++ {
		for x := 1; x < 31; x += 2 {
			for dd := Dir(0); dd < 8; dd++ {
				qs = append(qs, query{walker, x, y, 0, dd}, query{player, x, y, 20, dd})
			}
		}
	}
	return r, qs
}

// BenchmarkCheckMovement measures one live step (the slow path) over plain
// grass and over a town-like stack of statics and dynamics.
func BenchmarkCheckMovement(b *testing.B) {
	for _, w := range []struct {
		name  string
		build func(testing.TB) (*Rules, []query)
	}{{"grass", grassWorld}, {"town", townWorld}} {
		b.Run(w.name, func(b *testing.B) {
			r, qs := w.build(b)
			b.ReportAllocs()
			b.ResetTimer()
			n := 0
			for i := 0; b.Loop(); i++ {
				q := qs[i%len(qs)]
				if _, ok := r.CheckMovement(q.mv, q.x, q.y, q.z, q.dir); ok {
					n++
				}
			}
			_ = n
		})
	}
}

// TestCheckMovementAllocs: a live step allocates nothing once the scratch
// buffers have grown.
func TestCheckMovementAllocs(t *testing.T) {
	for _, w := range []struct {
		name  string
		build func(testing.TB) (*Rules, []query)
	}{{"grass", grassWorld}, {"town", townWorld}} {
		r, qs := w.build(t)
		for _, q := range qs { // grow scratch
			r.CheckMovement(q.mv, q.x, q.y, q.z, q.dir)
		}
		i := 0
		allocs := testing.AllocsPerRun(200, func() {
			for k := 0; k < 16; k++ {
				q := qs[i%len(qs)]
				r.CheckMovement(q.mv, q.x, q.y, q.z, q.dir)
				i++
			}
		})
		if allocs != 0 {
			t.Errorf("%s: %v allocs per 16 steps, want 0", w.name, allocs)
		}
	}
}

// TestTownWorkloadMixed guards the town benchmark against measuring only
// refusals or only successes.
func TestTownWorkloadMixed(t *testing.T) {
	r, qs := townWorld(t)
	ok := 0
	for _, q := range qs {
		if _, k := r.CheckMovement(q.mv, q.x, q.y, q.z, q.dir); k {
			ok++
		}
	}
	if ok == 0 || ok == len(qs) {
		t.Errorf("town workload: %d of %d steps ok, want a mix", ok, len(qs))
	}
}
