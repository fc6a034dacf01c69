package steptest

import (
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/world"
)

// PartialWorld is 40×24 cells (both sides 8 mod 16: the last chunk column
// and row are half chunks), built from the hand-made palette: sloped
// grass, a pool in the bottom-right corner running off both edges, a
// plank bridge over it, and a wall and a floor on the right edge.
func PartialWorld(tb testing.TB) *movement.Rules {
	tb.Helper()
	b, err := world.NewBuilder(world.Felucca, 40, 24)
	if err != nil {
		tb.Fatal(err)
	}
	for y := 0; y < 24; y++ {
		for x := 0; x < 40; x++ {
			id, z := Grass, (x+2*y)%4
			if x >= 33 && y >= 17 {
				id, z = Water, -5
			}
			b.SetLand(x, y, id, int8(z))
		}
	}
	st := func(x, y int, id uint16, z int) {
		if err := b.AddStatic(x, y, id, int8(z), 0); err != nil {
			tb.Fatal(err)
		}
	}
	for x := 33; x < 40; x++ {
		st(x, 20, Plank, -2)
	}
	for y := 2; y < 10; y++ {
		st(39, y, Wall, 0)
	}
	st(39, 12, Floor, 3)
	st(38, 12, Floor, 3)
	m, err := b.Build()
	if err != nil {
		tb.Fatal(err)
	}
	return movement.NewRules(m, HandTiles(), nil)
}
