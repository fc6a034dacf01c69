package replay

import (
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/server/recorder"
	"github.com/shardcore/shardcore/world"
)

// replayDyn is the dynamic world of one replayed search: the cells its
// record lists, every other cell empty. It implements movement.Dynamics and
// pathing.Occupancy for the replay's rules.
type replayDyn struct {
	m     world.MapID
	cells map[[2]int]*recorder.DynCell
}

// set makes cells the dynamic world of map m.
func (d *replayDyn) set(m world.MapID, cells []recorder.DynCell) {
	if d.cells == nil {
		d.cells = map[[2]int]*recorder.DynCell{}
	}
	clear(d.cells)
	d.m = m
	for i := range cells {
		d.cells[[2]int{cells[i].X, cells[i].Y}] = &cells[i]
	}
}

func (d *replayDyn) at(m world.MapID, x, y int) *recorder.DynCell {
	if m != d.m || len(d.cells) == 0 {
		return nil
	}
	return d.cells[[2]int{x, y}]
}

// ItemsAt implements movement.Dynamics.
func (d *replayDyn) ItemsAt(m world.MapID, x, y int, dst []movement.Item) []movement.Item {
	if c := d.at(m, x, y); c != nil {
		for _, it := range c.Items {
			dst = append(dst, movement.Item{ID: it.ID, Z: it.Z, Movable: it.Movable})
		}
	}
	return dst
}

// MobilesAt implements movement.Dynamics.
func (d *replayDyn) MobilesAt(m world.MapID, x, y int, dst []movement.Mobile) []movement.Mobile {
	if c := d.at(m, x, y); c != nil {
		for _, o := range c.Mobs {
			dst = append(dst, movement.Mobile{ID: o.ID, Z: o.Z, Dead: o.Dead, HiddenStaff: o.HiddenStaff})
		}
	}
	return dst
}

// Occupied implements pathing.Occupancy.
func (d *replayDyn) Occupied(m world.MapID, x, y int) bool {
	c := d.at(m, x, y)
	return c != nil && (len(c.Items) > 0 || len(c.Mobs) > 0)
}
