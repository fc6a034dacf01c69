package systems

import "github.com/shardcore/shardcore/stepcache/chunk"

// lookAhead is the tick's look-ahead (Predictor): for each mobile whose
// move timer came this tick and that still holds a path, the steps it will
// take within the look-ahead (one per Speed ms from its next move) are
// walked cell by cell, and every chunk the walk enters is predicted for
// the mobile's party at the time of the step that enters it. A follower's
// party is its owner, so the owner's path is the pair's. The walk reads
// only the path and position: it is not a forward simulation, and a path
// the mobile drops (a refused step, a repath) simply stops being
// predicted. It runs on the Sim's goroutine after the movement system and
// returns the steps walked.
func (s *Sim) lookAhead(p Predictor, horizonMs int64) int {
	walked := 0
	for _, tm := range s.move.due {
		e := tm.e
		if !s.w.Alive(e) {
			continue
		}
		path := s.maps.path.Get(e)
		left := path.Remaining()
		if left == 0 {
			continue
		}
		mob := s.maps.mob.Get(e)
		speed := max(int64(mob.Speed), 1)
		n := min(left, int(horizonMs/speed)+1)
		pos := s.maps.pos.Get(e)
		x, y := int(pos.X), int(pos.Y)
		cx, cy := x/chunk.Size, y/chunk.Size
		party := s.maps.sched.Get(e).party
		at := max(mob.NextMove, s.now)
		for _, d := range path.Steps[path.Next : path.Next+n] {
			dx, dy := d.Offset()
			x, y = x+dx, y+dy
			if x < 0 || y < 0 {
				break
			}
			if x/chunk.Size != cx || y/chunk.Size != cy {
				cx, cy = x/chunk.Size, y/chunk.Size
				p.Predict(s.m.ID, x, y, party, s.now, at)
			}
			at += speed
		}
		walked += n
	}
	return walked
}
