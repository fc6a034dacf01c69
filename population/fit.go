package population

import (
	"fmt"
	"math"

	"github.com/shardcore/shardcore/world"
)

// Room is how many mobiles of each kind a map's cells can hold at most: one
// mobile a cell, walkers (players, pets, patrols) on cells with passable dry
// land or a surface, swimmers on cells with wet land or a wet static.
type Room struct {
	Walkers, Swimmers int
}

// RoomOf counts the cells of m a walker or a swimmer could be on. It reads
// land and statics only (no movement checks), so it is an upper bound: a
// cell whose surface is blocked above counts.
func RoomOf(m *world.Map, td *world.TileData) Room {
	return scanRoom(m, td, Room{Walkers: math.MaxInt, Swimmers: math.MaxInt})
}

// scanRoom counts like RoomOf, row by row, and stops once both counts
// reach need.
func scanRoom(m *world.Map, td *world.TileData, need Room) Room {
	var r Room
	for y := 0; y < m.Height && (r.Walkers < need.Walkers || r.Swimmers < need.Swimmers); y++ {
		for x := 0; x < m.Width; x++ {
			walk, swim := cellRoom(m, td, x, y)
			if walk {
				r.Walkers++
			}
			if swim {
				r.Swimmers++
			}
		}
	}
	return r
}

// cellRoom reports whether a walker and a swimmer could be on (x, y).
func cellRoom(m *world.Map, td *world.TileData, x, y int) (walk, swim bool) {
	id := m.Land(x, y).ID & 0x3FFF
	lf := td.LandFlags(id)
	if lf&world.FlagWet != 0 {
		swim = true
	} else if !world.IgnoredLand(id) && lf&world.FlagImpassable == 0 {
		walk = true
	}
	for _, st := range m.StaticsAt(x, y) {
		f, _ := td.ItemFlagsHeight(st.ID)
		walk = walk || (f&world.FlagSurface != 0 && f&world.FlagImpassable == 0)
		swim = swim || f&world.FlagWet != 0
	}
	return walk, swim
}

// Fit reports whether population o fits map m's room (RoomOf): an error
// saying how many would fit when it does not. It scans the map only until
// the room found suffices, so a population far below the map's size costs
// a few rows.
func Fit(m *world.Map, td *world.TileData, o Options) error {
	walkers := 2*o.Pets + o.Patrols
	r := scanRoom(m, td, Room{Walkers: walkers, Swimmers: o.Swimmers})
	if walkers > r.Walkers {
		return fmt.Errorf("population: %d walkers (2 × %d pets + %d patrols) cannot fit the %d cells of this %dx%d map a walker can stand on: at most %d pets with %d patrols, or %d patrols",
			walkers, o.Pets, o.Patrols, r.Walkers, m.Width, m.Height, max(r.Walkers-o.Patrols, 0)/2, min(o.Patrols, r.Walkers), r.Walkers)
	}
	if o.Swimmers > r.Swimmers {
		return fmt.Errorf("population: %d swimmers cannot fit the %d water cells of this %dx%d map: at most %d swimmers",
			o.Swimmers, r.Swimmers, m.Width, m.Height, r.Swimmers)
	}
	return nil
}
