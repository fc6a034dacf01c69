package movement

import "github.com/shardcore/shardcore/world"

// Rules evaluates the live movement rules on one map. A Rules value keeps
// scratch buffers, so it is used by one goroutine at a time; Clone it for
// another goroutine.
type Rules struct {
	Map   *world.Map
	Tiles *world.TileData
	// Dyn supplies dynamic items and mobiles; nil means there are none.
	Dyn Dynamics
	// StaticOnly ignores multis and dynamics: land and statics only, the
	// world the step cache bakes.
	StaticOnly bool
	// IgnoreDoors is the server option under which doors never block.
	IgnoreDoors bool

	tiles []world.Tile
	items []Item
	mobs  []Mobile
}

// NewRules returns live rules over m and td with dynamics dyn (may be nil).
func NewRules(m *world.Map, td *world.TileData, dyn Dynamics) *Rules {
	return &Rules{Map: m, Tiles: td, Dyn: dyn}
}

// Clone returns rules with the same world and options and their own scratch.
func (r *Rules) Clone() *Rules {
	return &Rules{Map: r.Map, Tiles: r.Tiles, Dyn: r.Dyn, StaticOnly: r.StaticOnly, IgnoreDoors: r.IgnoreDoors}
}

// cell is one cell's land and item tiles as the rules read them.
type cell struct {
	landID        uint16
	landFlags     world.TileFlag
	low, avg, top int
	considerLand  bool
	tiles         []world.Tile // statics, then multi components
	items         []Item       // dynamic items
}

// load reads (x, y) into c using the rules' scratch buffers.
func (r *Rules) load(x, y int, c *cell) {
	land := r.Map.Land(x, y)
	c.landID = land.ID & 0x3FFF
	c.landFlags = r.Tiles.LandFlags(c.landID)
	c.low, c.avg, c.top = r.Map.AverageZ(x, y)
	c.considerLand = !world.IgnoredLand(c.landID)
	ts := r.tiles[:0]
	for _, s := range r.Map.StaticsAt(x, y) {
		ts = append(ts, world.Tile{ID: s.ID, Z: s.Z})
	}
	c.items = nil
	if !r.StaticOnly {
		ts = r.Map.MultiTilesAt(x, y, ts)
		if r.Dyn != nil {
			r.items = r.Dyn.ItemsAt(r.Map.ID, x, y, r.items[:0])
			c.items = r.items
		}
	}
	r.tiles = ts
	c.tiles = ts
}

func landBlocks(flags world.TileFlag, canSwim, cantWalk bool) bool {
	imp := flags&world.FlagImpassable != 0
	wet := flags&world.FlagWet != 0
	return (cantWalk || imp) && !(imp && canSwim && wet)
}

// StartZ returns the Z a mover asked about at z on (x, y) stands on, and the
// top of what it stands in.
func (r *Rules) StartZ(mv Mover, x, y, z int) (startZ, startTop int) {
	var c cell
	r.load(x, y, &c)
	return r.startZ(mv, &c, z)
}

func (r *Rules) startZ(mv Mover, c *cell, z int) (startZ, startTop int) {
	canSwim := mv.Caps&CanSwim != 0
	cantWalk := mv.Caps&CantWalk != 0
	ignoreMovable := mv.Caps&CanMoveOverObstacles != 0
	var zLow, zCenter, zTop int
	set := false
	if c.considerLand && !landBlocks(c.landFlags, canSwim, cantWalk) && z >= c.avg {
		zLow, zCenter, zTop, set = c.low, c.avg, c.top, true
	}
	consider := func(id uint16, tz int) {
		flags, h := r.Tiles.ItemFlagsHeight(id)
		calcTop := tz + world.CalcHeight(flags, h)
		if (set && calcTop < zCenter) || z < calcTop ||
			(flags&world.FlagSurface == 0 && !(canSwim && flags&world.FlagWet != 0)) ||
			(cantWalk && flags&world.FlagWet == 0) {
			return
		}
		zLow, zCenter = tz, calcTop
		if !set || tz+h > zTop {
			zTop = tz + h
		}
		set = true
	}
	for _, t := range c.tiles {
		consider(t.ID, int(t.Z))
	}
	for _, it := range c.items {
		if ignoreMovable && it.Movable {
			continue
		}
		consider(it.ID, int(it.Z))
	}
	if !set {
		return z, z
	}
	return zLow, max(zTop, z)
}

// Enter reports whether a mover at z, standing at (startZ, startTop), can enter
// (x, y), and the Z it would stand at there: the rules' Enter (mobiles
// included).
func (r *Rules) Enter(mv Mover, x, y, startZ, startTop, z int) (newZ int, ok bool) {
	if !r.Map.InBounds(x, y) {
		return startZ, false
	}
	var c cell
	r.load(x, y, &c)
	newZ, ok = r.enter(mv, &c, startZ, startTop, z)
	if ok && r.Dyn != nil && !r.StaticOnly && !(mv.HasGoal && mv.Goal.X == x && mv.Goal.Y == y) {
		ok = !r.mobileBlocks(mv, x, y, newZ)
	}
	if !ok {
		newZ = startZ
	}
	return newZ, ok
}

func (r *Rules) enter(mv Mover, c *cell, startZ, startTop, z int) (newZ int, ok bool) {
	canSwim := mv.Caps&CanSwim != 0
	cantWalk := mv.Caps&CantWalk != 0
	stepTop := startTop + StepHeight
	checkTop := startZ + PersonHeight
	lb := landBlocks(c.landFlags, canSwim, cantWalk)

	surface := func(id uint16, tz int) {
		flags, h := r.Tiles.ItemFlagsHeight(id)
		if !((flags&world.FlagSurface != 0 && flags&world.FlagImpassable == 0) || (canSwim && flags&world.FlagWet != 0)) {
			return
		}
		if cantWalk && flags&world.FlagWet == 0 {
			return
		}
		ourZ := tz + world.CalcHeight(flags, h)
		itemTop := tz
		if flags&world.FlagBridge == 0 {
			itemTop += h
		}
		testTop := max(checkTop, ourZ+PersonHeight)
		if ok {
			cmp := abs(ourZ-z) - abs(newZ-z)
			if cmp > 0 || (cmp == 0 && ourZ > newZ) {
				return
			}
		}
		if stepTop < itemTop {
			return
		}
		if c.considerLand && tz+min(h, StepHeight) < c.avg && c.avg > ourZ && testTop > c.low {
			return
		}
		if r.headroom(mv, c, ourZ, testTop) {
			newZ, ok = ourZ, true
		}
	}
	for _, t := range c.tiles {
		surface(t.ID, int(t.Z))
	}
	for _, it := range c.items {
		if it.Movable {
			continue
		}
		surface(it.ID, int(it.Z))
	}
	if c.considerLand && !lb && stepTop >= c.low {
		ourZ := c.avg
		testTop := max(checkTop, c.avg+PersonHeight)
		better := true
		if ok {
			cmp := abs(ourZ-z) - abs(newZ-z)
			better = !(cmp > 0 || (cmp == 0 && ourZ > newZ))
		}
		if better && r.headroom(mv, c, ourZ, testTop) {
			newZ, ok = ourZ, true
		}
	}
	return newZ, ok
}

// headroom reports whether nothing blocks the span [ourZ, ourTop) of the cell.
func (r *Rules) headroom(mv Mover, c *cell, ourZ, ourTop int) bool {
	for _, t := range c.tiles {
		flags, h := r.Tiles.ItemFlagsHeight(t.ID)
		if flags&(world.FlagImpassable|world.FlagSurface) == 0 {
			continue
		}
		tz := int(t.Z)
		if tz+world.CalcHeight(flags, h) > ourZ && ourTop > tz {
			return false
		}
	}
	if len(c.items) == 0 {
		return true
	}
	ignoreDoors := r.IgnoreDoors || mv.Caps&(Dead|CanOpenDoors) != 0
	ignoreFields := mv.Caps&Player != 0 && r.Map.ID != world.Felucca
	ignoreMovable := mv.Caps&CanMoveOverObstacles != 0
	for _, it := range c.items {
		flags, h := r.Tiles.ItemFlagsHeight(it.ID)
		if flags&(world.FlagImpassable|world.FlagSurface) == 0 {
			continue
		}
		if ignoreDoors && (flags&world.FlagDoor != 0 || isDoorID(it.ID)) {
			continue
		}
		if ignoreFields && isSpellFieldID(it.ID) {
			continue
		}
		if ignoreMovable && it.Movable {
			continue
		}
		tz := int(it.Z)
		if tz+world.CalcHeight(flags, h) > ourZ && ourTop > tz {
			return false
		}
	}
	return true
}

// mobileBlocks reports whether another mobile on (x, y) blocks a mover arriving
// at newZ.
func (r *Rules) mobileBlocks(mv Mover, x, y, newZ int) bool {
	if b, ok := r.Dyn.(MobileBlocker); ok {
		return b.MobileBlocksAt(r.Map.ID, x, y, newZ, mv.Self, mv.Caps&Dead != 0)
	}
	r.mobs = r.Dyn.MobilesAt(r.Map.ID, x, y, r.mobs[:0])
	for _, o := range r.mobs {
		if mv.Self != 0 && o.ID == mv.Self {
			continue
		}
		mz := int(o.Z)
		if mz+MobileHeight > newZ && newZ+MobileHeight > mz {
			if mv.Caps&Dead != 0 || o.Dead || o.HiddenStaff {
				continue
			}
			return true
		}
	}
	return false
}

// CheckMovement reports whether a mover at (x, y, z) can take one step in d,
// and the Z it arrives at (startZ when it cannot).
func (r *Rules) CheckMovement(mv Mover, x, y, z int, d Dir) (newZ int, ok bool) {
	dx, dy := d.Offset()
	tx, ty := x+dx, y+dy
	startZ, startTop := r.StartZ(mv, x, y, z)
	if !r.Map.InBounds(tx, ty) {
		return startZ, false
	}
	newZ, ok = r.Enter(mv, tx, ty, startZ, startTop, z)
	if ok && d.Diagonal() {
		l, rt := d.Flanks()
		lx, ly := l.Offset()
		rx, ry := rt.Offset()
		_, okL := r.Enter(mv, x+lx, y+ly, startZ, startTop, z)
		if mv.Caps.AndRule() {
			ok = okL
			if ok {
				_, ok = r.Enter(mv, x+rx, y+ry, startZ, startTop, z)
			}
		} else if !okL {
			_, ok = r.Enter(mv, x+rx, y+ry, startZ, startTop, z)
		}
	}
	if !ok {
		newZ = startZ
	}
	return newZ, ok
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
