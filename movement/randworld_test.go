package movement

import (
	"testing"

	"github.com/shardcore/shardcore/world"
)

// byteSource hands out bytes of a fuzz input or a seeded buffer, then zeros.
type byteSource struct {
	data []byte
	pos  int
}

func (s *byteSource) next() byte {
	if s.pos >= len(s.data) {
		return 0
	}
	b := s.data[s.pos]
	s.pos++
	return b
}

// pick returns one of n choices.
func (s *byteSource) pick(n int) int { return int(s.next()) % n }

// zIn returns a z in [lo, lo+span).
func (s *byteSource) zIn(lo, span int) int8 { return int8(lo + s.pick(span)) }

var (
	randLands = []uint16{landGrass, landGrass, landWater, landRock, landMarsh, landNoDraw, 0x1B0, 0x41DB}
	randItems = []uint16{
		itemFloor, itemStep2, itemLedge3, itemWall, itemDeck, itemStair, itemTallBridge, itemCeiling,
		itemWaterTile, itemDecor, itemRoofed, itemDoor, itemDoorNoFlag, itemDoorOpen, itemField1,
		itemField2, itemField3, itemCrate, itemTable, itemBridge20, itemPillar, 0x7FFF, 0xFFFF,
	}
)

// randomWorld builds an 8×8 world (land, statics, maybe a multi, dynamic items
// and mobiles) from s. It never fails on any input.
func randomWorld(t testing.TB, s *byteSource) *Rules {
	facet := world.MapID(s.pick(3))
	b, err := world.NewBuilder(facet, 8, 8)
	if err != nil {
		t.Fatalf("NewBuilder: %v", err)
	}
	base := int(int8(s.next())) // any land height, extremes included
	for y := 0; y < 8; y++ {
		for x := 0; x < 8; x++ {
			z := base + int(s.zIn(-6, 13))
			b.SetLand(x, y, randLands[s.pick(len(randLands))], int8(max(-128, min(127, z))))
		}
	}
	for n := s.pick(24); n > 0; n-- {
		x, y := s.pick(8), s.pick(8)
		if err := b.AddStatic(x, y, randItems[s.pick(len(randItems))], near(base, s), 0); err != nil {
			t.Fatalf("AddStatic: %v", err)
		}
	}
	m, err := b.Build()
	if err != nil {
		t.Fatalf("Build: %v", err)
	}
	if s.pick(3) == 0 {
		def := &world.MultiDef{ID: 1}
		for n := s.pick(6) + 1; n > 0; n-- {
			def.Components = append(def.Components, world.MultiComponent{
				ItemID: randItems[s.pick(len(randItems))],
				DX:     int16(s.pick(3)), DY: int16(s.pick(3)), DZ: int16(s.zIn(-5, 30)),
			})
		}
		if err := m.AddMulti(world.NewMulti(def, s.pick(6), s.pick(6), int(s.zIn(-10, 20)))); err != nil {
			t.Fatalf("AddMulti: %v", err)
		}
	}
	d := newFakeDyn()
	for n := s.pick(8); n > 0; n-- {
		d.addItem(s.pick(8), s.pick(8), Item{ID: randItems[s.pick(len(randItems))], Z: near(base, s), Movable: s.pick(2) == 0})
	}
	for n := s.pick(6); n > 0; n-- {
		d.addMob(s.pick(8), s.pick(8), Mobile{ID: uint64(s.pick(4)), Z: near(base, s), Dead: s.pick(4) == 0, HiddenStaff: s.pick(5) == 0})
	}
	r := NewRules(m, testTiles(), d)
	r.IgnoreDoors = s.pick(8) == 0
	r.StaticOnly = s.pick(8) == 0
	return r
}

// near returns a z around base: mostly within a storey, sometimes anywhere.
func near(base int, s *byteSource) int8 {
	if s.pick(8) == 0 {
		return int8(s.next())
	}
	return int8(max(-128, min(127, base+int(s.zIn(-10, 40)))))
}

// randomQuery draws one CheckMovement call, starts one cell off the map
// included, any caps and any direction byte.
func randomQuery(s *byteSource) query {
	caps := Caps(s.next())
	if s.pick(2) == 0 {
		caps &^= CantWalk
	}
	mv := Mover{Caps: caps, Self: uint64(s.pick(4))}
	if s.pick(4) == 0 {
		mv.HasGoal, mv.Goal = true, world.Point{X: s.pick(8), Y: s.pick(8)}
	}
	return query{mv: mv, x: s.pick(10) - 1, y: s.pick(10) - 1, z: int(int8(s.next())), dir: Dir(s.next())}
}

// checkInvariants runs q on r and fails t on any broken invariant.
func checkInvariants(t *testing.T, r *Rules, q query) {
	t.Helper()
	z, ok := r.CheckMovement(q.mv, q.x, q.y, q.z, q.dir)
	z2, ok2 := r.CheckMovement(q.mv, q.x, q.y, q.z, q.dir)
	if z != z2 || ok != ok2 {
		t.Fatalf("%+v: not deterministic: %d,%v then %d,%v", q, z, ok, z2, ok2)
	}
	sz, stop := r.StartZ(q.mv, q.x, q.y, q.z)
	if !ok && z != sz {
		t.Fatalf("%+v: refused with z=%d, want startZ %d", q, z, sz)
	}
	dx, dy := q.dir.Offset()
	tx, ty := q.x+dx, q.y+dy
	if !r.Map.InBounds(tx, ty) && ok {
		t.Fatalf("%+v: target (%d,%d) off the map accepted", q, tx, ty)
	}
	ez, eok := r.Enter(q.mv, tx, ty, sz, stop, q.z)
	if ok && (!eok || ez != z) {
		t.Fatalf("%+v: ok at %d but Enter(target) = %d,%v", q, z, ez, eok)
	}
	if !q.dir.Diagonal() && (ok != eok || (ok && ez != z)) {
		t.Fatalf("%+v: cardinal step %d,%v differs from Enter %d,%v", q, z, ok, ez, eok)
	}
	// The AND rule is stricter than the OR rule.
	if ok && q.mv.Caps.AndRule() {
		or := q.mv
		or.Caps |= Staff
		if oz, ook := r.CheckMovement(or, q.x, q.y, q.z, q.dir); !ook || oz != z {
			t.Fatalf("%+v: player ok at %d, staff %d,%v", q, z, oz, ook)
		}
	}
	// Ignoring doors or being dead never closes a step.
	if ok {
		for _, extra := range []Caps{Dead, CanOpenDoors} {
			mv := q.mv
			mv.Caps |= extra
			if _, k := r.CheckMovement(mv, q.x, q.y, q.z, q.dir); !k {
				t.Fatalf("%+v: ok, but refused with caps +%b", q, extra)
			}
		}
	}
	c := r.Clone()
	if cz, cok := c.CheckMovement(q.mv, q.x, q.y, q.z, q.dir); cz != z || cok != ok {
		t.Fatalf("%+v: clone says %d,%v, original %d,%v", q, cz, cok, z, ok)
	}
}
