package chunk

import (
	"testing"

	"github.com/shardcore/shardcore/movement"
)

func TestUniformAndEqual(t *testing.T) {
	var a Chunk
	if !a.Uniform() {
		t.Fatal("zero chunk is not uniform")
	}
	b := a
	b.Cells[7].Walk = 1
	if b.Uniform() || a.Equal(&b) || a.Hash() == b.Hash() {
		t.Fatal("a changed record left the chunk uniform, equal or same-hash")
	}
	b = a
	b.StrataStart = &[NumCells + 1]uint16{}
	if b.Uniform() || a.Equal(&b) {
		t.Fatal("strata offsets ignored")
	}
}

func TestComposeDiagonalRulesFromOneByte(t *testing.T) {
	c := Cell{Walk: 1<<movement.NorthEast | 1<<movement.North}
	creature, _ := Compose(&c, 0)
	player, _ := Compose(&c, movement.Player)
	if creature&(1<<movement.NorthEast) == 0 || player&(1<<movement.NorthEast) != 0 {
		t.Fatalf("NE with only N open: creature %08b, player %08b", creature, player)
	}
}
