package systems

import (
	"github.com/mlange-42/arche/ecs"

	"github.com/shardcore/shardcore/movement"
)

// Sleeping sectors (Options.SleepRadius, off by default), as real game shards do: an NPC (a patroller or a wanderer) whose sector has no player
// within SleepRadius sectors does not think: when its AI would, it falls
// asleep in its sector instead (a path under way is walked to its end),
// and wakes, thinking at the next think stage, once a player comes within
// the radius. Followers and players always think.

// sleepers is the sleeping-sector state: per sector, the players within
// the radius and the NPCs asleep there.
type sleepers struct {
	radius int
	wide   int
	high   int
	near   []uint16               // players within radius sectors of each sector
	asleep map[int32][]ecs.Entity // sector → NPCs asleep there
}

func newSleepers(radius, width, height int) *sleepers {
	wide, high := (width+SectorSize-1)/SectorSize, (height+SectorSize-1)/SectorSize
	return &sleepers{radius: radius, wide: wide, high: high, near: make([]uint16, wide*high), asleep: map[int32][]ecs.Entity{}}
}

// sectorOf returns (x, y)'s sector index.
func (z *sleepers) sectorOf(x, y int) int32 {
	return int32((y/SectorSize)*z.wide + x/SectorSize)
}

// player adds delta (±1) players around sector si; sectors whose first
// player arrives wake their NPCs.
func (z *sleepers) player(s *Sim, si int32, delta int) {
	x0, x1, y0, y1 := z.around(si)
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			i := int32(y*z.wide + x)
			z.near[i] = uint16(int(z.near[i]) + delta)
			if delta > 0 && z.near[i] == 1 {
				z.wake(s, i)
			}
		}
	}
}

// count adds delta players around sector si and wakes nobody (a restore
// counts its players so).
func (z *sleepers) count(si int32, delta int) {
	x0, x1, y0, y1 := z.around(si)
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			i := y*z.wide + x
			z.near[i] = uint16(int(z.near[i]) + delta)
		}
	}
}

// around returns the sector columns and rows within the radius of sector si.
func (z *sleepers) around(si int32) (x0, x1, y0, y1 int) {
	cx, cy := int(si)%z.wide, int(si)/z.wide
	return max(cx-z.radius, 0), min(cx+z.radius, z.wide-1), max(cy-z.radius, 0), min(cy+z.radius, z.high-1)
}

// wake touches the NPCs asleep in sector si.
func (z *sleepers) wake(s *Sim, si int32) {
	list, ok := z.asleep[si]
	if !ok {
		return
	}
	delete(z.asleep, si)
	for _, e := range list {
		if s.w.Alive(e) {
			s.maps.sched.Get(e).asleep = false
			s.touch(e)
		}
	}
}

// sleeps reports whether NPC e, about to think, falls asleep instead (and
// puts it to sleep): its sector has no player near.
func (z *sleepers) sleeps(s *Sim, e ecs.Entity) bool {
	pos := s.maps.pos.Get(e)
	si := z.sectorOf(int(pos.X), int(pos.Y))
	if z.near[si] > 0 {
		return false
	}
	if sc := s.maps.sched.Get(e); !sc.asleep {
		sc.asleep = true
		z.asleep[si] = append(z.asleep[si], e)
	}
	return true
}

// Asleep returns the number of NPCs asleep (0 with sleeping sectors off).
func (s *Sim) Asleep() int {
	if s.sch.sleep == nil {
		return 0
	}
	n := 0
	for _, l := range s.sch.sleep.asleep {
		n += len(l)
	}
	return n
}

// playerMoved tells the sleeping sectors a player stepped from (fx, fy)
// to (tx, ty).
func (s *Sim) playerMoved(caps movement.Caps, fx, fy, tx, ty int) {
	if s.sch.sleep == nil || caps&movement.Player == 0 {
		return
	}
	from, to := s.sch.sleep.sectorOf(fx, fy), s.sch.sleep.sectorOf(tx, ty)
	if from != to {
		s.sch.sleep.player(s, to, +1)
		s.sch.sleep.player(s, from, -1)
	}
}
