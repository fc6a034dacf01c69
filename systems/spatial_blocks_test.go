package systems

import (
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/mlange-42/arche/ecs"

	"github.com/shardcore/shardcore/movement"
)

// blocksByList is movement.Rules' mobile check over MobilesAt, the
// reference MobileBlocksAt must equal.
func blocksByList(s *Spatial, x, y, newZ int, self uint64, moverDead bool) bool {
	for _, o := range s.MobilesAt(s.mapID, x, y, nil) {
		if self != 0 && o.ID == self {
			continue
		}
		if mz := int(o.Z); mz+movement.MobileHeight > newZ && newZ+movement.MobileHeight > mz {
			if moverDead || o.Dead || o.HiddenStaff {
				continue
			}
			return true
		}
	}
	return false
}

// TestMobileBlocksAtMatchesMobilesAt: on a crowded index that mobiles are
// added to, moved in and across sectors, changed (Z, dead, hidden staff)
// and removed from, MobileBlocksAt answers as the rules do over
// MobilesAt, on every cell, for arrival Zs around the mobiles', for the
// mover being each mobile there, another with the same id tag, another,
// or none, dead or alive.
func TestMobileBlocksAtMatchesMobilesAt(t *testing.T) {
	if unsafe.Sizeof(secMob{}) != 8 {
		t.Errorf("secMob is %d bytes, want 8", unsafe.Sizeof(secMob{}))
	}
	const side = 48
	s := NewSpatial(0, side, side)
	w := ecs.NewWorld()
	rng := rand.New(rand.NewPCG(5, 9))
	mob := func() movement.Mobile {
		return movement.Mobile{ID: uint64(rng.IntN(40)) << 24, Z: int8(rng.IntN(40) - 20),
			Dead: rng.IntN(8) == 0, HiddenStaff: rng.IntN(10) == 0}
	}
	var hs []int32
	for i := 0; i < 600; i++ {
		hs = append(hs, s.AddMobile(w.NewEntity(), rng.IntN(side), rng.IntN(side), mob()))
	}
	check := func(round int) {
		for y := 0; y < side; y++ {
			for x := 0; x < side; x++ {
				ids := []uint64{0, 1 << 24, 77}
				for _, o := range s.MobilesAt(0, x, y, nil) {
					ids = append(ids, o.ID, o.ID+1<<32) // the second: the same tag, another mobile
				}
				for z := -40; z <= 40; z += 7 {
					for _, self := range ids {
						for _, dead := range []bool{false, true} {
							if got, want := s.MobileBlocksAt(0, x, y, z, self, dead), blocksByList(s, x, y, z, self, dead); got != want {
								t.Fatalf("round %d (%d,%d) z %d self %d dead %v: %v, MobilesAt says %v", round, x, y, z, self, dead, got, want)
							}
						}
					}
				}
			}
		}
	}
	check(0)
	for round := 1; round <= 4; round++ {
		for i, h := range hs {
			switch rng.IntN(4) {
			case 0: // within its sector or next door
				x, y := min(side-1, rng.IntN(side)), min(side-1, rng.IntN(side))
				s.MoveMobile(h, x, y, int8(rng.IntN(40)-20))
			case 1:
				s.SetMobile(h, mob())
			case 2:
				if rng.IntN(4) == 0 {
					s.RemoveMobile(h)
					hs[i] = s.AddMobile(w.NewEntity(), rng.IntN(side), rng.IntN(side), mob())
				}
			}
		}
		check(round)
	}
	if s.MobileBlocksAt(1, 0, 0, 0, 0, false) || s.MobileBlocksAt(0, side, 0, 0, 0, false) {
		t.Error("another map or an off-map cell blocks")
	}
}
