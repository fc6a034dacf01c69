package britannia

import "github.com/shardcore/shardcore/world/gen"

// room is one room of a hall dungeon.
type room struct {
	r rect
	z int
}

// halls lays rooms on a grid over r, joins each to its east and south
// neighbours by corridors (ramps where their floors differ), and gives some
// a gallery a storey up reached by a stair.
func (g *mapGen) halls(r rect, salt uint64, d *Dungeon) {
	nx, ny := r.w()/roomSlot, r.h()/roomSlot
	rooms := make([]*room, nx*ny)
	for j := 0; j < ny; j++ {
		for i := 0; i < nx; i++ {
			if g.rng.IntN(100) >= 80 {
				continue
			}
			rw, rh := 12+g.rng.IntN(roomSlot-16), 12+g.rng.IntN(roomSlot-16)
			x0 := r.x0 + i*roomSlot + 2 + g.rng.IntN(roomSlot-rw-3)
			y0 := r.y0 + j*roomSlot + 2 + g.rng.IntN(roomSlot-rh-3)
			rm := &room{r: rect{x0, y0, x0 + rw, y0 + rh}}
			if g.rng.IntN(100) < 20 {
				rm.z = pitZ
			}
			rooms[j*nx+i] = rm
			g.fill(rm.r, gen.LandCave, rm.z)
			if d.Entrance == (gen.Spot{}) {
				cx, cy := rm.r.centre()
				d.Entrance = gen.Spot{X: cx, Y: cy, Z: rm.z}
			}
		}
	}
	for j := 0; j < ny; j++ {
		for i := 0; i < nx; i++ {
			a := rooms[j*nx+i]
			if a == nil {
				continue
			}
			if i+1 < nx && rooms[j*nx+i+1] != nil {
				g.corridor(a, rooms[j*nx+i+1], true)
			}
			if j+1 < ny && rooms[(j+1)*nx+i] != nil {
				g.corridor(a, rooms[(j+1)*nx+i], false)
			}
		}
	}
	for _, rm := range rooms {
		if rm != nil && rm.r.w() >= 14 && rm.r.h() >= 12 && g.rng.IntN(100) < 60 {
			g.gallery(rm, d)
		}
	}
}

// corridor joins a to b (east or south of it) with a 3-wide passage from
// a's centre; where their floors differ the floor ramps at one Z per cell.
func (g *mapGen) corridor(a, b *room, east bool) {
	ax, ay := a.r.centre()
	bx, by := b.r.centre()
	var cells [][2]int
	if east {
		for x := ax; x <= bx; x++ {
			cells = append(cells, [2]int{x, ay})
		}
		for y := min(ay, by); y <= max(ay, by); y++ {
			cells = append(cells, [2]int{bx, y})
		}
	} else {
		for y := ay; y <= by; y++ {
			cells = append(cells, [2]int{ax, y})
		}
		for x := min(ax, bx); x <= max(ax, bx); x++ {
			cells = append(cells, [2]int{x, by})
		}
	}
	n := len(cells)
	for k, c := range cells {
		// the floor ramps from a's Z to b's over the middle of the passage
		t := min(max(k-(n/2-12), 0), 24)
		z := a.z + (b.z-a.z)*t/24
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				x, y := c[0]+dx, c[1]+dy
				if a.r.has(x, y) || b.r.has(x, y) {
					continue
				}
				g.set(x, y, gen.LandCave, z)
			}
		}
	}
}

// gallery rings a room with a walkway a storey above its floor, galleryW
// wide, reached by a four-block stair on the west side; a plank bridge
// crosses the room at the gallery's level.
func (g *mapGen) gallery(rm *room, d *Dungeon) {
	r := rm.r
	top := rm.z + galleryUp
	for y := r.y0; y < r.y1; y++ {
		for x := r.x0; x < r.x1; x++ {
			if x < r.x0+galleryW || x >= r.x1-galleryW || y < r.y0+galleryW || y >= r.y1-galleryW {
				g.static(x, y, ItemFlagstone, top)
			}
		}
	}
	_, my := r.centre()
	for k := 0; k < 4; k++ {
		x := r.x0 + galleryW + 3 - k // climbs westwards to the gallery
		g.static(x, my+2, gen.ItemStairs, rm.z+gen.StairRise*k)
	}
	for x := r.x0 + galleryW; x < r.x1-galleryW; x++ {
		g.static(x, my-2, gen.ItemBridgePlank, top-2)
	}
	if d.Ramp == [2]gen.Spot{} {
		d.Ramp = [2]gen.Spot{{X: r.x0 + galleryW + 3, Y: my + 2, Z: rm.z + gen.StairRise},
			{X: r.x0 + galleryW - 1, Y: my + 2, Z: top}}
	}
}

// chasmBridges spans chasms of caves in r with plank bridges two cells
// wide, level with the higher rim, on every 23rd row.
func (g *mapGen) chasmBridges(r rect, salt uint64) {
	for y := r.y0 + 11 + int(salt%7); y < r.y1-1; y += 23 {
		start := -1
		for x := r.x0; x < r.x1; x++ {
			pit := g.land(x, y).ID == gen.LandCave && g.land(x, y).Z == pitZ
			switch {
			case pit && start < 0 && x > r.x0 && g.isRim(x-1, y):
				start = x
			case !pit && start >= 0:
				if n := x - start; n >= 3 && n <= 30 && g.isRim(x, y) {
					rim := max(int(g.land(start-1, y).Z), int(g.land(x, y).Z))
					for bx := start; bx < x; bx++ {
						g.static(bx, y, gen.ItemBridgePlank, rim-2)
						g.static(bx, y+1, gen.ItemBridgePlank, rim-2)
					}
				}
				start = -1
			}
		}
	}
}

// isRim reports whether (x, y) is cave floor above the chasms.
func (g *mapGen) isRim(x, y int) bool {
	c := g.land(x, y)
	return c.ID == gen.LandCave && c.Z != pitZ
}
