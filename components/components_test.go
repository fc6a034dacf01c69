package components

import (
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/world"
)

func TestTagsCapsRoundTrip(t *testing.T) {
	for c := movement.Caps(0); c < 1<<8; c++ {
		if got := TagsOf(c).Caps(); got != c {
			t.Fatalf("caps %08b -> tags %+v -> caps %08b", c, TagsOf(c), got)
		}
	}
	if (Tags{CanSwim: true, CantWalk: true}).Caps() != movement.CanSwim|movement.CantWalk {
		t.Fatal("a sea creature's tags do not give CanSwim|CantWalk")
	}
}

func TestPathStateRemainingClear(t *testing.T) {
	p := PathState{Steps: []movement.Dir{movement.North, movement.East, movement.South}, Zs: []int8{0, 1, 2}, Next: 1}
	if p.Remaining() != 2 {
		t.Fatalf("remaining %d, want 2", p.Remaining())
	}
	p.Clear()
	if p.Remaining() != 0 || cap(p.Steps) < 3 {
		t.Fatalf("after clear: %+v (storage kept: cap %d)", p, cap(p.Steps))
	}
	if (Position{X: 7, Y: -2}).Point() != (world.Point{X: 7, Y: -2}) {
		t.Fatal("Position.Point")
	}
}
