package systems

import (
	"github.com/mlange-42/arche/ecs"

	c "github.com/shardcore/shardcore/components"
	"github.com/shardcore/shardcore/world"
)

// The movement system steps the tick's due mobiles in three lanes by where
// they stand: west (sector columns up to the tick's middle less two), east
// (from the middle plus one) and the border between; the middle is the
// sector column that balances the two lanes that may step at once and
// leaves few mobiles to the border, which steps alone (middle). A step
// reads and writes only its mobile, the cells within one of it (the step
// cache's answer, the spatial index, doors) and what it sets off: a west
// step never reaches a cell an east step does. So with move workers (Options.
// MoveWorkers ≥ 2) the west and east lanes step at once, each through its
// own stepper (a read-only view of the step cache), then the border lane
// steps on the Sim's goroutine; without, the lanes step one after the
// other. The east lane's helper goroutine steps it only if it starts before
// the Sim's goroutine is done with the west lane; else the Sim's goroutine
// steps it too (helpGate), and waits for no one. Either way each lane keeps
// what its steps set off beyond their mobiles (move timers, AIs touched,
// path requests, a chase's repath time) and the lanes apply it in lane
// order after, so the outcome does not depend on the number of workers or
// on who steps a lane.

// Lanes.
const (
	laneWest = iota
	laneEast
	laneBorder
	numLanes
)

// lane is one lane's due timers, its stepper and what its steps set off.
type lane struct {
	due     []timer
	stepper Stepper // nil: the Sim's
	touches []ecs.Entity
	timers  []timer      // move timers to add to the wheel, their times set (schedMove)
	asks    []ecs.Entity // path requests to queue
	chased  []ecs.Entity // chasers whose step was refused: next repath time to draw
	n       laneCounts
	ev      StepEvent
	events  []Event // the lane's stepped and blocked events, kept for apply
	refs    []ItemRef
	sink    uintptr // keeps warm's reads
}

// laneCounts are a lane's contributions to the Sim's counters.
type laneCounts struct {
	steps, blocked, stepsLive, doorsOpened uint64
	trusted                                uint64 // steps on a search's (or a walked route's) word
}

// laneOf returns the lane of a mobile standing in column x when the
// tick's middle is sector column mid.
func laneOf(x, mid int) int {
	switch sx := x / SectorSize; {
	case sx <= mid-2:
		return laneWest
	case sx >= mid+1:
		return laneEast
	}
	return laneBorder
}

// split deals the due timers among the lanes, in due order, around the
// sector column that halves them (middle).
func (mv *mover) split(s *Sim) {
	for i := range mv.lanes {
		mv.lanes[i].due = mv.lanes[i].due[:0]
	}
	mv.xs = mv.xs[:0]
	for _, tm := range mv.due {
		x := int32(-1) // dead: dropped
		if s.w.Alive(tm.e) {
			x = int32(s.maps.pos.Get(tm.e).X)
		}
		mv.xs = append(mv.xs, x)
	}
	mid := mv.middle(s.idx.wide)
	for i, tm := range mv.due {
		if x := mv.xs[i]; x >= 0 {
			l := &mv.lanes[laneOf(int(x), mid)]
			l.due = append(l.due, tm)
		}
	}
}

// middle returns the tick's middle sector column for the due mobiles'
// columns in mv.xs (a map wide sector columns wide): the first of those
// that least the lanes' stepping time, taken as the due mobiles in the
// larger of west and east (which step at once) plus those in the border
// (which steps after them, alone). The column that halves the mobiles is
// seldom it: mobiles crowd in towns, and a border through a town's
// columns steps much of it on one core.
func (mv *mover) middle(wide int) int {
	if len(mv.cols) != wide {
		mv.cols = make([]int32, wide)
	}
	clear(mv.cols)
	n := int32(0)
	for _, x := range mv.xs {
		if x >= 0 {
			mv.cols[int(x)/SectorSize]++
			n++
		}
	}
	if n == 0 {
		return wide / 2
	}
	best, bestCost := wide/2, int32(-1)
	west, prev := int32(0), int32(0) // columns up to mid-2; column mid-1
	for mid, k := range mv.cols {
		border := prev + k
		cost := max(west, n-west-border) + border
		if bestCost < 0 || cost < bestCost {
			best, bestCost = mid, cost
		}
		west += prev
		prev = k
	}
	return best
}

// run steps the lanes: west and east at once when the Sim has move
// workers (and no step observer or sleeping sectors, which run on the
// Sim's goroutine), else one after the other; then the border.
func (mv *mover) run(s *Sim) {
	w, e, b := &mv.lanes[laneWest], &mv.lanes[laneEast], &mv.lanes[laneBorder]
	w.stepper, e.stepper, b.stepper = s.move.stepper, s.move.stepper, s.move.stepper
	if len(s.move.movers) >= 2 && s.opts.Observer == nil && s.sch.sleep == nil && len(w.due) > 0 && len(e.due) > 0 {
		w.stepper, e.stepper = s.move.movers[0], s.move.movers[1]
		s.st.moveStages++
		s.opts.Backend.Begin()
		mv.gate.help(mv.gate.open(), func() { e.walk(s) })
		w.walk(s)
		if mv.gate.close() == 0 { // the helper has not started (its core is busy): step the east lane here
			s.st.moveStagesAlone++
			e.walk(s)
		}
		mv.gate.wait()
		s.opts.Backend.End()
	} else {
		w.walk(s)
		e.walk(s)
	}
	b.walk(s)
}

// schedMove makes sure the lane's mobile e (sched sc) moves at ms at or
// earlier, as Sim.schedMove does, keeping the wheel's part for apply: the
// time the wheel will give (its next does not move during the stage) is
// set now, by the lane that has sc at hand, so apply reads no mobile.
func (l *lane) schedMove(s *Sim, e ecs.Entity, sc *sched, at int64) {
	if s.sch.moves.sooner(&sc.moveAt, at) {
		l.timers = append(l.timers, timer{e: e, at: sc.moveAt})
	}
}

// request marks mobile e's path request pending (as Sim.request) and keeps
// it to queue.
func (l *lane) request(s *Sim, e ecs.Entity, req *c.PathRequest, goal world.Point, rng int) {
	if s.pend(req, goal, rng) {
		l.asks = append(l.asks, e)
	}
}

// stepped keeps the AIs a step of mobile e touches: the mobiles following
// it, and its own when it follows (it stops beside its target) or its path
// is walked (a patrol reaches its waypoint only at its path's end: the
// search stops at the first cell in range; walkers and wanderers wait for
// their path to run out). Thinking on the other steps would decide nothing.
func (l *lane) stepped(s *Sim, e ecs.Entity, sc *sched, left int) {
	if left == 0 || sc.intent == intentFollow {
		l.touches = append(l.touches, e)
	}
	if sc.leads {
		if f := sc.follower; s.w.Alive(f) {
			l.touches = append(l.touches, f)
		}
		for _, f := range s.sch.followers[e] {
			if s.w.Alive(f) {
				l.touches = append(l.touches, f)
			}
		}
	}
}

// apply does what the lane's steps set off, on the Sim's goroutine, and
// empties the lane.
func (l *lane) apply(s *Sim) {
	s.st.steps += l.n.steps
	s.st.blocked += l.n.blocked
	s.st.stepsLive += l.n.stepsLive
	s.st.doorsOpened += l.n.doorsOpened
	s.st.stepsTrusted += l.n.trusted
	l.n = laneCounts{}
	for _, t := range l.timers {
		s.sch.moves.add(t.e, t.at)
	}
	for _, e := range l.touches {
		s.touch(e)
	}
	s.paths.queue = append(s.paths.queue, l.asks...)
	for _, ev := range l.events {
		s.ev.add(ev)
	}
	l.events = l.events[:0]
	for _, e := range l.chased {
		s.maps.follow.Get(e).NextRepath = s.now + s.jitterMs()
	}
	l.timers, l.touches, l.asks, l.chased = l.timers[:0], l.touches[:0], l.asks[:0], l.chased[:0]
	clear(l.due)
	l.due = l.due[:0]
}
