package systems

import (
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"

	"github.com/mlange-42/arche/ecs"

	"github.com/shardcore/shardcore/movement"
)

func TestSpatialAddMoveRemove(t *testing.T) {
	s := NewSpatial(0, 64, 64)
	w := ecs.NewWorld()
	e1, e2, e3 := w.NewEntity(), w.NewEntity(), w.NewEntity()
	h1 := s.AddMobile(e1, 5, 5, movement.Mobile{ID: 1})
	h2 := s.AddMobile(e2, 5, 5, movement.Mobile{ID: 2})
	if off := s.AddMobile(e3, 64, 0, movement.Mobile{ID: 3}); off != -1 {
		t.Fatalf("off-map add returned handle %d", off)
	}
	got := s.MobilesAt(0, 5, 5, nil)
	if len(got) != 2 || got[0].ID != 2 || got[1].ID != 1 {
		t.Fatalf("cell (5,5): %+v, want ids 2, 1 (newest first)", got)
	}
	if other := s.MobilesAt(1, 5, 5, nil); len(other) != 0 {
		t.Fatalf("another map sees %+v", other)
	}
	s.MoveMobile(h1, 20, 17, 7) // into another sector
	if got := s.MobilesAt(0, 5, 5, nil); len(got) != 1 || got[0].ID != 2 {
		t.Fatalf("after move, (5,5): %+v", got)
	}
	if got := s.MobilesAt(0, 20, 17, nil); len(got) != 1 || got[0].ID != 1 || got[0].Z != 7 {
		t.Fatalf("after move, (20,17): %+v", got)
	}
	s.RemoveMobile(h2)
	s.RemoveMobile(h2) // twice is harmless
	if got := s.MobilesAt(0, 5, 5, nil); len(got) != 0 {
		t.Fatalf("after remove: %+v", got)
	}
	h3 := s.AddMobile(e3, 20, 17, movement.Mobile{ID: 3})
	if h3 != h2 {
		t.Fatalf("freed handle %d not reused (got %d)", h2, h3)
	}
	if got := s.MobilesAt(0, 20, 17, nil); len(got) != 2 || got[0].ID != 3 {
		t.Fatalf("(20,17): %+v", got)
	}
	if n, _ := s.Counts(); n != 2 {
		t.Fatalf("count %d, want 2", n)
	}
}

func TestSpatialItemsHidden(t *testing.T) {
	s := NewSpatial(0, 32, 32)
	w := ecs.NewWorld()
	h := s.AddItem(w.NewEntity(), 3, 4, movement.Item{ID: itemDoor, Z: 0})
	s.AddItem(w.NewEntity(), 3, 4, movement.Item{ID: 0x100, Z: 5, Movable: true})
	if got := s.ItemsAt(0, 3, 4, nil); len(got) != 2 {
		t.Fatalf("items %+v", got)
	}
	s.SetItemHidden(h, true)
	if got := s.ItemsAt(0, 3, 4, nil); len(got) != 1 || got[0].ID != 0x100 {
		t.Fatalf("with the door hidden: %+v", got)
	}
	if refs := s.ItemEntitiesAt(3, 4, nil); len(refs) != 2 {
		t.Fatalf("entity refs %+v include hidden items", refs)
	}
	s.RemoveItem(h)
	if _, n := s.Counts(); n != 1 {
		t.Fatalf("item count %d", n)
	}
}

// TestSpatialMoveAllocs: moving a mobile between cells and sectors already
// touched allocates nothing.
func TestSpatialMoveAllocs(t *testing.T) {
	s := NewSpatial(0, 64, 64)
	w := ecs.NewWorld()
	h := s.AddMobile(w.NewEntity(), 0, 0, movement.Mobile{ID: 1})
	s.MoveMobile(h, 40, 40, 0)
	s.MoveMobile(h, 0, 0, 0)
	var dst []movement.Mobile
	n := testing.AllocsPerRun(100, func() {
		s.MoveMobile(h, 40, 40, 0)
		dst = s.MobilesAt(0, 40, 40, dst[:0])
		s.MoveMobile(h, 0, 0, 0)
	})
	if n != 0 {
		t.Fatalf("%v allocs per move pair", n)
	}
}

// TestSpatialCrowdedSector moves mobiles at random within and between two
// sectors, past the sector's inline capacity and back, and checks every
// cell's mobiles (newest first) against a plain model after each move.
func TestSpatialCrowdedSector(t *testing.T) {
	if n := unsafe.Sizeof(sector{}); n != 128 {
		t.Fatalf("sector is %d bytes, want 128 (two cache lines)", n)
	}
	s := NewSpatial(0, 32, 16)
	w := ecs.NewWorld()
	type mob struct {
		h    int32
		x, y int
		seq  int
	}
	rng := rand.New(rand.NewPCG(3, 4))
	var mobs []mob
	seq := 0
	for i := 0; i < 3*sectorInline; i++ {
		x, y := rng.IntN(4), rng.IntN(4)
		seq++
		mobs = append(mobs, mob{h: s.AddMobile(w.NewEntity(), x, y, movement.Mobile{ID: uint64(i)}), x: x, y: y, seq: seq})
	}
	for step := 0; step < 2000; step++ {
		i := rng.IntN(len(mobs))
		x, y := rng.IntN(4)+16*rng.IntN(2), rng.IntN(4)
		s.MoveMobile(mobs[i].h, x, y, 0)
		seq++
		mobs[i].x, mobs[i].y, mobs[i].seq = x, y, seq
		for cx := 0; cx < 32; cx++ {
			for cy := 0; cy < 4; cy++ {
				var want []uint64
				for range mobs { // newest first: highest seq first
					best := -1
					for k := range mobs {
						if mobs[k].x == cx && mobs[k].y == cy && !slices.Contains(want, uint64(k)) && (best < 0 || mobs[k].seq > mobs[best].seq) {
							best = k
						}
					}
					if best < 0 {
						break
					}
					want = append(want, uint64(best))
				}
				var got []uint64
				for _, m := range s.MobilesAt(0, cx, cy, nil) {
					got = append(got, m.ID)
				}
				if !slices.Equal(got, want) {
					t.Fatalf("step %d cell (%d,%d): %v, want %v", step, cx, cy, got, want)
				}
			}
		}
	}
}

// TestLaneMiddle: the lanes' middle is the first sector column that least
// the larger of the west and east lanes' due mobiles plus the border's
// (which steps alone), wherever the mobiles crowd; dead mobiles (x -1) do
// not count.
func TestLaneMiddle(t *testing.T) {
	var mv mover
	for _, c := range []struct {
		xs   []int32
		want int
	}{
		{[]int32{5, 20, 40, 300, 310, 320}, 4},     // columns 0 1 2 18 19 20: three a side, none on the border
		{[]int32{-1, -1, 1000, 1000, 1000, 16}, 3}, // the dead are left out: 1 west, 3 east
		{[]int32{}, 32}, // nothing due: the map's middle
		{[]int32{100, 101, 102, 103, 900, 901, 902, 903}, 8},                                                                  // two crowds (columns 6 and 56): between them, not through one
		{[]int32{16 * 8, 16 * 8, 16 * 9, 16 * 9, 16 * 10, 16 * 10, 16 * 11, 16 * 11, 16 * 12, 16 * 12, 16 * 13, 16 * 13}, 11}, // one wide crowd: 4 west, 4 border, 4 east (cost 8), not beside it (12)
	} {
		mv.xs = c.xs
		if got := mv.middle(64); got != c.want {
			t.Errorf("middle(%v) = %d, want %d", c.xs, got, c.want)
		}
	}
	if laneOf(16*10, 12) != laneWest || laneOf(16*11, 12) != laneBorder || laneOf(16*12, 12) != laneBorder || laneOf(16*13, 12) != laneEast {
		t.Error("laneOf: west up to mid-2, border mid-1..mid, east from mid+1")
	}
}
