package tests

import (
	"testing"

	"github.com/shardcore/shardcore/movement"
)

// TestClosedDoorBlocksNonOpeners: a door item at a doorway blocks a walker
// that cannot open doors and lets one that can through, as the live rules
// see the ECS door.
func TestClosedDoorBlocksNonOpeners(t *testing.T) {
	sh := newShard(t, shardSetup{noPopulate: true})
	r := sh.sim.Rules()
	static := r.Clone()
	static.Dyn = nil
	lm := defaultGen(t).Landmarks
	checked := 0
	for _, d := range lm.DoorSpecs {
		for dir := movement.Dir(0); dir < 8; dir += 2 {
			dx, dy := dir.Offset()
			fx, fy := d.At.X-dx, d.At.Y-dy // the cell before the doorway
			z, _ := r.StartZ(movement.Mover{}, fx, fy, int(d.Z))
			if _, ok := static.CheckMovement(movement.Mover{}, fx, fy, z, dir); !ok {
				continue // not a way into the doorway without the door either
			}
			if _, ok := r.CheckMovement(movement.Mover{}, fx, fy, z, dir); ok {
				t.Fatalf("door %v: a non-opener stepped %v into the closed door", d, dir)
			}
			if _, ok := r.CheckMovement(movement.Mover{Caps: movement.CanOpenDoors}, fx, fy, z, dir); !ok {
				t.Fatalf("door %v: a door opener could not step %v into the doorway", d, dir)
			}
			checked++
		}
	}
	if checked < len(lm.DoorSpecs) {
		t.Fatalf("checked %d approaches to %d doors", checked, len(lm.DoorSpecs))
	}
}
