package systems

import (
	"github.com/mlange-42/arche/ecs"

	c "github.com/shardcore/shardcore/components"
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/world"
)

// Chasing (Options.FollowDirect): a follower out of place steps straight
// at its target, one step at a time (the movement system checks each as it
// checks any step: the step cache plus the dynamic pass), and asks for a
// search only when that step is refused: a wall, water or a mobile in the
// way. So a pet trotting behind its owner over open ground searches only to
// get round what stands between them, as the shards the original served
// did (a direct move first, a path finder only when it fails). Each step
// toward the target shortens the distance by one, so a chase whose steps
// stay open ends beside it.

// dirToward returns the direction of the step from a toward b (a != b).
func dirToward(a, b world.Point) movement.Dir {
	dx, dy := sign(b.X-a.X), sign(b.Y-a.Y)
	for d := movement.Dir(0); d < 8; d++ {
		if ox, oy := d.Offset(); ox == dx && oy == dy {
			return d
		}
	}
	return 0
}

func sign(v int) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

// chaseStep hands follower e, standing at pos with no steps left, the one
// step toward tp (the movement system checks it when it takes it; a refused
// chase step asks for a search at once: refused).
func (s *Sim) chaseStep(m *mind, e ecs.Entity, pos *c.Position, path *c.PathState, tp world.Point) {
	req := s.maps.req.Get(e) // where a refused step asks for a way to
	req.Goal, req.Range = tp, 1
	path.Steps = append(path.Steps[:0], dirToward(pos.Point(), tp))
	path.Zs = append(path.Zs[:0], pos.Z) // not known until the step is checked
	path.Next, path.Failed, path.RetryAt, path.Trust = 0, false, 0, 0
	m.schedMove(s, e, max(s.maps.mob.Get(e).NextMove, s.now)) // its step touches it again (stepped)
}

// chase is the follow AI's think for a chasing follower e (sc.chasing)
// out of place: it waits for its step, or is handed the next.
func (s *Sim) chase(m *mind, e ecs.Entity, f *c.Follow, pos *c.Position, path *c.PathState, tp world.Point) {
	if path.Remaining() > 0 {
		return // its step is due
	}
	f.LastGoal = tp
	s.chaseStep(m, e, pos, path, tp)
}
