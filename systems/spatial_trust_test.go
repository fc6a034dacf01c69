package systems

import (
	"testing"

	"github.com/mlange-42/arche/ecs"

	"github.com/shardcore/shardcore/movement"
)

// TestTrustStep: a stamp is trusted for a step whose cells hold no
// dynamics; a mobile on the target or a diagonal's flank, an item on the
// start cell or near it, an item taken from a sector the step touches
// after the stamp, a multi change, a step off the map: not trusted.
func TestTrustStep(t *testing.T) {
	s := NewSpatial(0, 64, 64)
	w := ecs.NewWorld()
	stamp := s.TrustStamp()
	if stamp == 0 {
		t.Fatal("stamp 0 means untrusted")
	}
	if !s.trustStep(stamp, 20, 20, movement.NorthEast) {
		t.Fatal("empty cells: not trusted")
	}
	if s.trustStep(stamp, 63, 20, movement.East) || s.trustStep(stamp, -1, 20, movement.East) {
		t.Fatal("a step off the map trusted")
	}
	h := s.AddMobile(w.NewEntity(), 21, 20, movement.Mobile{ID: 1}) // NE's east flank
	if s.trustStep(stamp, 20, 20, movement.NorthEast) || s.trustStep(stamp, 20, 20, movement.East) {
		t.Fatal("a mobile on a flank or the target: trusted")
	}
	if !s.trustStep(stamp, 20, 20, movement.West) {
		t.Fatal("a mobile behind: not trusted")
	}
	s.RemoveMobile(h)
	it := s.AddItem(w.NewEntity(), 20, 20, movement.Item{ID: 0x100})
	if s.trustStep(stamp, 20, 20, movement.West) {
		t.Fatal("an item on the start cell: trusted")
	}
	s.RemoveItem(it)
	if s.trustStep(stamp, 20, 20, movement.West) {
		t.Fatal("an item taken from the step's sector after the stamp: trusted")
	}
	if !s.trustStep(stamp, 40, 40, movement.North) {
		t.Fatal("an item taken from another sector: not trusted")
	}
	if !s.trustStep(s.TrustStamp(), 20, 20, movement.West) {
		t.Fatal("a stamp taken after the removal: not trusted")
	}
	if s.trustStep(stamp, 15, 20, movement.East) || s.trustStep(stamp, 16, 16, movement.NorthWest) {
		t.Fatal("a step into the sector of the removal: trusted")
	}
	late := s.TrustStamp()
	s.trustMultis(0) // the version it started with: no change
	if !s.trustStep(late, 40, 40, movement.North) {
		t.Fatal("the same multis version withdrew trust")
	}
	s.trustMultis(7)
	if s.trustStep(late, 40, 40, movement.North) {
		t.Fatal("a multi change left an older stamp trusted")
	}
	if !s.trustStep(s.TrustStamp(), 40, 40, movement.North) {
		t.Fatal("a stamp after the multi change: not trusted")
	}
}
