package movement

import "github.com/shardcore/shardcore/world"

// Movement constants of the rules.
const (
	StepHeight   = 2
	PersonHeight = 16
	MobileHeight = 15 // mobile-vs-mobile overlap
)

// Dir is a direction 0..7: N, NE, E, SE, S, SW, W, NW. Odd values are diagonals.
type Dir uint8

// The eight directions.
const (
	North Dir = iota
	NorthEast
	East
	SouthEast
	South
	SouthWest
	West
	NorthWest
)

var dirDX = [8]int{0, 1, 1, 1, 0, -1, -1, -1}
var dirDY = [8]int{-1, -1, 0, 1, 1, 1, 0, -1}

// Offset returns the cell offset of one step in d.
func (d Dir) Offset() (dx, dy int) { return dirDX[d&7], dirDY[d&7] }

// Diagonal reports whether d is a diagonal.
func (d Dir) Diagonal() bool { return d&1 == 1 }

// Flanks returns the two cardinal directions beside a diagonal (d-1, d+1).
func (d Dir) Flanks() (left, right Dir) { return (d + 7) & 7, (d + 1) & 7 }

// Touches returns the neighbours whose dynamic items and mobiles can change
// a step in d (bit e set: the neighbour in direction e): its target and,
// for a diagonal, both flanks.
func (d Dir) Touches() uint8 { return dirTouches[d&7] }

var dirTouches = func() (a [8]uint8) {
	for d := Dir(0); d < 8; d++ {
		a[d] = 1 << d
		if d.Diagonal() {
			l, r := d.Flanks()
			a[d] |= 1<<l | 1<<r
		}
	}
	return a
}()

// String names the direction.
func (d Dir) String() string {
	return [8]string{"N", "NE", "E", "SE", "S", "SW", "W", "NW"}[d&7]
}

// Caps is a mover's capability set.
type Caps uint16

// Mover capabilities.
const (
	CanSwim Caps = 1 << iota
	CantWalk
	CanFly
	CanOpenDoors
	CanMoveOverObstacles
	Player // a non-staff player: diagonals need both flanks
	Staff  // game staff: the creature diagonal rule
	Dead
)

// Has reports whether every capability of o is in c.
func (c Caps) Has(o Caps) bool { return c&o == o }

// AndRule reports whether diagonals need both cardinal flanks (a non-staff player).
func (c Caps) AndRule() bool { return c&Player != 0 && c&Staff == 0 }

// Mover is who is moving: capabilities, identity, and the cell whose mobiles
// do not block it (the goal of a search: a pet may path to its owner).
type Mover struct {
	Caps    Caps
	Self    uint64 // the mover's own mobile id; never blocks itself (0 = none)
	Goal    world.Point
	HasGoal bool
}

// Item is a dynamic item on a cell (a door, a spell field, a crate).
type Item struct {
	ID      uint16
	Z       int8
	Movable bool
}

// Mobile is another mobile on a cell.
type Mobile struct {
	ID          uint64
	Z           int8
	Dead        bool
	HiddenStaff bool
}

// Dynamics supplies the dynamic items and mobiles of a cell. Implementations
// append to dst and return it, in a deterministic order.
type Dynamics interface {
	ItemsAt(m world.MapID, x, y int, dst []Item) []Item
	MobilesAt(m world.MapID, x, y int, dst []Mobile) []Mobile
}

// MobileBlocker is an optional interface of a Dynamics: whether a mobile on
// (x, y) blocks a mover arriving there at newZ, without copying the cell's
// mobiles out. It answers what the rules decide over MobilesAt: some mobile
// there that is not the mover (id self; 0: none) overlaps newZ within
// MobileHeight and is neither dead nor hidden staff, the mover not dead.
type MobileBlocker interface {
	MobileBlocksAt(m world.MapID, x, y, newZ int, self uint64, moverDead bool) bool
}

// Door item ids that count as doors without the Door flag.
func isDoorID(id uint16) bool {
	return id == 0x692 || id == 0x846 || id == 0x873 || id == 0x6F5 || id == 0x6F6
}

// Spell field item ids.
func isSpellFieldID(id uint16) bool { return id == 0x82 || id == 0x3946 || id == 0x3956 }
