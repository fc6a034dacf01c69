package stepcache

import (
	"fmt"

	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/reach"
	"github.com/shardcore/shardcore/world"
)

// SetReach makes ix the static connectivity of map m (nil: none), the
// index built with the chunks of the source attached to it: attaching
// another source drops it.
func (c *Cache) SetReach(m world.MapID, ix *reach.Index) error {
	ms := c.maps[m]
	if ms == nil {
		return fmt.Errorf("stepcache: set reach: map %d is not served", m)
	}
	if ix != nil {
		if wide, high := ix.Size(); wide != ms.wide || high != ms.high {
			return fmt.Errorf("stepcache: set reach: index of %d×%d chunks for map %d of %d×%d", wide, high, m, ms.wide, ms.high)
		}
	}
	ms.reach = ix
	return nil
}

// Reach is map m's static connectivity (nil: none).
func (c *Cache) Reach(m world.MapID) *reach.Index {
	if ms := c.maps[m]; ms != nil {
		return ms.reach
	}
	return nil
}

// Items is where a search's dynamic items stand.
type Items interface {
	// ItemsNear reports whether a dynamic item stands in chunks cx0..cx1
	// × cy0..cy1 (which may reach past the map) or beside them.
	ItemsNear(cx0, cy0, cx1, cy1 int) bool
}

// nearDyn is reach.Dynamics for one map: its multis, and a search's
// items (nil: none anywhere).
type nearDyn struct {
	ms    *mapState
	items Items
}

// Near implements reach.Dynamics. mapState.nearMulti counts a multi in a
// chunk's own sector or one around it.
func (d *nearDyn) Near(cx0, cy0, cx1, cy1 int) bool {
	ms := d.ms
	for cy := max(cy0, 0); cy <= min(cy1, ms.high-1); cy++ {
		for cx := max(cx0, 0); cx <= min(cx1, ms.wide-1); cx++ {
			if ms.nearMulti[cy*ms.wide+cx] != multiNone {
				return true
			}
		}
	}
	return d.items != nil && d.items.ItemsNear(cx0, cy0, cx1, cy1)
}

// Unreachable reports whether map m's static connectivity proves that no
// live path of a mover of rule set set leads from cell start to the goal
// square gx0..gx1 × gy0..gy1, the multis standing as they do and items
// reporting the dynamic items (see reach.Index.Unreachable). False when
// the map has no index or it cannot tell.
func (c *Cache) Unreachable(m world.MapID, set chunk.RuleSet, start world.Point, gx0, gy0, gx1, gy1 int, items Items) bool {
	ms := c.maps[m]
	if ms == nil || ms.reach == nil || set >= chunk.NumRuleSets {
		return false
	}
	if ms.m.MultisVersion() != ms.multisVer {
		ms.refreshMultis()
	}
	c.near = nearDyn{ms: ms, items: items}
	return ms.reach.Unreachable(set, start, gx0, gy0, gx1, gy1, &c.near)
}

// Unreachable is Cache.Unreachable through the view, read-only: false for
// a map whose multis changed since the owner's Ready.
func (v *View) Unreachable(m world.MapID, set chunk.RuleSet, start world.Point, gx0, gy0, gx1, gy1 int, items Items) bool {
	ms := v.c.maps[m]
	if ms == nil || ms.reach == nil || set >= chunk.NumRuleSets || ms.m.MultisVersion() != ms.multisVer {
		return false
	}
	v.near = nearDyn{ms: ms, items: items}
	return ms.reach.Unreachable(set, start, gx0, gy0, gx1, gy1, &v.near)
}
