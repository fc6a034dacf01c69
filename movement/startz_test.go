package movement

import (
	"testing"

	"github.com/shardcore/shardcore/world"
)

// TestStartZ pins the StartZ walk over land and items: an item
// standing lower than what is already chosen is skipped, an item above z is
// skipped, the highest qualifying item wins, and top is the highest tile top.
func TestStartZ(t *testing.T) {
	land := func(x, y int) (uint16, int8) {
		if y >= 4 {
			return landGrass, 10
		}
		return landNoDraw, 0
	}
	m := buildMap(t, world.Felucca, 8, 8, land,
		placed{1, 1, itemFloor, 8}, placed{1, 1, itemFloor, 4}, // second stands lower: skipped
		placed{2, 1, itemFloor, 4}, placed{2, 1, itemFloor, 8}, // second stands higher: taken
		placed{3, 1, itemTable, 0}, placed{3, 1, itemStep2, 5}, // top becomes the step's 7
		placed{4, 1, itemTallBridge, 0}, placed{4, 1, itemFloor, 22}, // top stays the bridge's 40
		placed{5, 1, itemFloor, 12}, // above z: skipped
		placed{2, 5, itemFloor, 5},  // below the land centre: skipped
		placed{3, 5, itemFloor, 12},
	)
	r := NewRules(m, testTiles(), nil)
	for _, c := range []struct {
		name    string
		x, y, z int
		sz, top int
	}{
		{"lower second item skipped", 1, 1, 10, 8, 10},
		{"higher second item taken", 2, 1, 10, 8, 10},
		{"top is the last taken item's", 3, 1, 7, 5, 7},
		{"top keeps the max tile top", 4, 1, 25, 22, 40},
		{"item above z skipped", 5, 1, 10, 10, 10},
		{"nothing: asked z", 6, 1, -3, -3, -3},
		{"item below land centre skipped", 2, 5, 10, 10, 10},
		{"item above land centre taken", 3, 5, 12, 12, 12},
		{"below land centre: land not taken", 3, 5, 9, 9, 9},
	} {
		if sz, top := r.StartZ(walker, c.x, c.y, c.z); sz != c.sz || top != c.top {
			t.Errorf("%s: StartZ(%d,%d,%d) = %d,%d, want %d,%d", c.name, c.x, c.y, c.z, sz, top, c.sz, c.top)
		}
	}
}
