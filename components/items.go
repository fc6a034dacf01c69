package components

import "github.com/shardcore/shardcore/world"

// Item is a dynamic item on the map (a door, a spell field, a crate), with
// its tiledata height and flags copied at spawn so the spatial index and
// stats need no tiledata lookup.
type Item struct {
	ID     uint16 // the item's tile (graphic) id
	Z      int8
	Height uint8
	Flags  world.TileFlag
	Serial uint64 // the item's own id in the shard
}

// Door makes an item a door. A closed door is an ordinary item to the live
// rules: it blocks movers that cannot open doors. An open door has swung out
// of its doorway: the spatial index stops reporting it (as the UO client's
// open-door graphic, which no longer fills the doorway cell), so it blocks
// nobody. CanOpenDoors mobiles open doors they step into; a door closes again
// at CloseAt (game milliseconds) unless a mobile stands in the doorway.
type Door struct {
	Open    bool
	CloseAt int64
}

// SpellField marks an item as a spell field (energy, paralyze); Expires is
// the game time, in milliseconds, it disappears (0: never).
type SpellField struct {
	Expires int64
}

// Movable marks an item a CanMoveOverObstacles mobile passes over and the
// rules skip as a surface.
type Movable struct{}

// Multi is a multi (house, boat) placed on the map; ID indexes the world's
// multi definitions, Ref is the placed instance the map holds.
type Multi struct {
	ID  int
	Ref *world.Multi
}
