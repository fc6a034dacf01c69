package population

import (
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/systems"
	"github.com/shardcore/shardcore/world"
)

// freePool hands out unoccupied cells by a lazy breadth-first flood from a
// route's cells (all at distance 0, in route order), each cell once.
type freePool struct {
	pl    *placer
	mv    movement.Mover
	queue []poolNode
	head  int
	seen  map[[2]int]bool
}

type poolNode struct {
	c   systems.RouteCell
	src int // index of the route cell the flood came from
}

func (pl *placer) newFreePool(cells []systems.RouteCell, mv movement.Mover) *freePool {
	p := &freePool{pl: pl, mv: mv, seen: map[[2]int]bool{}}
	for i, c := range cells {
		if k := [2]int{c.X, c.Y}; !p.seen[k] {
			p.seen[k] = true
			p.queue = append(p.queue, poolNode{c, i})
		}
	}
	return p
}

// next returns the next free cell and the route cell index it came from.
func (p *freePool) next() (int, systems.RouteCell, bool) {
	for p.head < len(p.queue) {
		n := p.queue[p.head]
		p.head++
		for d := movement.Dir(0); d < 8; d++ {
			dx, dy := d.Offset()
			k := [2]int{n.c.X + dx, n.c.Y + dy}
			if p.seen[k] {
				continue
			}
			mv := p.mv
			mv.Goal, mv.HasGoal = world.Point{X: k[0], Y: k[1]}, true
			nz, ok := p.pl.live.CheckMovement(mv, n.c.X, n.c.Y, n.c.Z, d)
			if !ok {
				continue
			}
			p.seen[k] = true
			p.queue = append(p.queue, poolNode{systems.RouteCell{X: k[0], Y: k[1], Z: nz}, n.src})
		}
		if !p.pl.s.Occupied(n.c.X, n.c.Y) {
			return n.src, n.c, true
		}
	}
	return 0, systems.RouteCell{}, false
}
