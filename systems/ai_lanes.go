package systems

import (
	"github.com/mlange-42/arche/ecs"

	c "github.com/shardcore/shardcore/components"
	"github.com/shardcore/shardcore/world"
)

// The AI stage thinks in chunks of the touched mobiles, in touch order, and
// with move workers (Options.MoveWorkers ≥ 2) two goroutines think them at
// once, each chunk into its own mind. A think reads its mobile, what that
// follows (the target's position), the routes and the spatial index, none
// of which a think writes, and writes only its mobile; what it sets off
// beyond its mobile (path requests, think and move timers, a repath time
// to draw) the mind keeps in think order, and the minds apply it in chunk
// order after, on the Sim's goroutine. A think that draws from the random
// stream (a wanderer's goal) or says something (a move-to order's events)
// is itself kept and run at apply. So the outcome is thinking one mobile
// after another, whatever the number of workers: the timers, the request
// queue, the events and the random stream see the same calls in the same
// order. With sleeping sectors (whose lists a think writes) the chunks are
// thought on the Sim's goroutine alone.

// minLaneThinks is the fewest touched mobiles the AI stage thinks on two
// goroutines: below it a helper's start costs more than it saves.
const minLaneThinks = 64

// thinkChunk is how many touched mobiles a goroutine of the AI stage takes
// at a time.
const thinkChunk = 32

// Effects a mind keeps (effect.kind).
const (
	fxAsk    uint8 = iota // queue e's path request
	fxThink               // add e's think timer at at
	fxMove                // add e's move timer at at
	fxRepath              // draw follower e's next repath time
	fxWander              // draw wanderer e's goal (wanderAI.draw)
	fxGoTo                // think e's move-to order (goToAI.think)
)

// effect is one thing a think set off beyond its mobile.
type effect struct {
	kind uint8
	e    ecs.Entity
	at   int64
}

// mind is one chunk of the AI stage: its effects in think order and its
// counts of thinks by intent.
type mind struct {
	fx     []effect
	thinks [numIntents]uint64
}

// request marks mobile e's path request pending (as Sim.request) and keeps
// it to queue.
func (m *mind) request(s *Sim, e ecs.Entity, req *c.PathRequest, goal world.Point, rng int) {
	if s.pend(req, goal, rng) {
		m.fx = append(m.fx, effect{kind: fxAsk, e: e})
	}
}

// schedThink is Sim.schedThink with the wheel's part kept: the time the
// wheel will give (its next does not move during the stage) is set now.
func (m *mind) schedThink(s *Sim, e ecs.Entity, at int64) {
	if sc := s.maps.sched.Get(e); s.sch.thinks.sooner(&sc.thinkAt, at) {
		m.fx = append(m.fx, effect{kind: fxThink, e: e, at: sc.thinkAt})
	}
}

// schedMove is Sim.schedMove with the wheel's part kept.
func (m *mind) schedMove(s *Sim, e ecs.Entity, at int64) {
	if sc := s.maps.sched.Get(e); s.sch.moves.sooner(&sc.moveAt, at) {
		m.fx = append(m.fx, effect{kind: fxMove, e: e, at: sc.moveAt})
	}
}

// keep keeps effect kind for mobile e (fxRepath, fxWander, fxGoTo).
func (m *mind) keep(kind uint8, e ecs.Entity) { m.fx = append(m.fx, effect{kind: kind, e: e}) }

// thinkAll has the mobiles of list think, in chunks of t.chunk, each
// into its own mind: two goroutines take the chunks in turn when the Sim
// has move workers and list is long enough (not with sleeping sectors,
// whose lists a think writes), so a helper that starts late takes fewer;
// then the minds are applied in chunk order.
func (t *thinker) thinkAll(s *Sim, list []ecs.Entity) {
	n := (len(list) + t.chunk - 1) / t.chunk
	for len(t.minds) < n {
		t.minds = append(t.minds, mind{})
	}
	t.next.Store(0)
	if s.opts.MoveWorkers >= 2 && s.sch.sleep == nil && len(list) >= t.minPar {
		s.st.thinkStages++
		t.gate.help(t.gate.open(), func() { t.work(s, list) })
		t.work(s, list)
		t.gate.close() // every chunk is taken: a helper that starts now has none
		t.gate.wait()
	} else {
		t.work(s, list)
	}
	for i := range n {
		t.apply(s, &t.minds[i])
	}
}

// work thinks list's chunks, taking the next until none is left.
func (t *thinker) work(s *Sim, list []ecs.Entity) {
	for {
		i := int(t.next.Add(1) - 1)
		lo := i * t.chunk
		if lo >= len(list) {
			return
		}
		m := &t.minds[i]
		for _, e := range list[lo:min(lo+t.chunk, len(list))] {
			t.think(s, m, e)
		}
	}
}

// apply does what m's thinks set off, in order, on the Sim's goroutine,
// and empties m.
func (t *thinker) apply(s *Sim, m *mind) {
	for k, n := range m.thinks {
		t.thinks[k] += n
	}
	m.thinks = [numIntents]uint64{}
	for _, f := range m.fx {
		switch f.kind {
		case fxAsk:
			s.paths.queue = append(s.paths.queue, f.e)
		case fxThink:
			s.sch.thinks.add(f.e, f.at)
		case fxMove:
			s.sch.moves.add(f.e, f.at)
		case fxRepath:
			s.maps.follow.Get(f.e).NextRepath = s.now + s.jitterMs()
		case fxWander:
			s.ai.wander.draw(s, f.e)
		case fxGoTo:
			s.ai.goTo.think(s, f.e)
		}
	}
	m.fx = m.fx[:0]
}
