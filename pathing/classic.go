package pathing

import "github.com/shardcore/shardcore/movement"

// Classic is the reference A*: every expansion calls the live
// CheckMovement for all 8 directions (what ModernUO calls FastAStar, made
// admissible). It is the baseline every benchmark compares against.
type Classic struct {
	rules *movement.Rules
	core  core
}

// NewClassic returns a classic searcher over r. It keeps scratch state: use
// one per goroutine (with r.Clone()).
func NewClassic(r *movement.Rules) *Classic { return &Classic{rules: r} }

// Find searches for req and writes the outcome into res.
func (s *Classic) Find(req *Request, res *Result) {
	c := &s.core
	budget := c.begin(req, res)
	mv := req.Mover
	for c.expansions < budget {
		idx, ok := c.pop()
		if !ok {
			break
		}
		n := &c.nodes[idx] // its fields, not a copy: a node just made is in narrow stores (see core.add)
		x, y, z, g := int(n.x), int(n.y), int(n.z), n.g
		if c.isGoal(x, y) {
			c.finish(idx, res)
			break
		}
		c.expansions++
		for d := movement.Dir(0); d < 8; d++ {
			nz, ok := s.rules.CheckMovement(mv, x, y, z, d)
			if !ok {
				continue
			}
			dx, dy := d.Offset()
			c.relax(idx, d, x+dx, y+dy, nz, g+c.stepCost(d))
		}
	}
	res.Expansions = c.expansions
}
