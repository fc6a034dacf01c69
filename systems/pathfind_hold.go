package systems

import (
	"time"

	"github.com/mlange-42/arche/ecs"

	"github.com/shardcore/shardcore/pathing"
)

// work resumes the worker's held search, then takes and searches jobs
// until none is left or the budget says stop; a capped search that runs
// out of nodes is postponed, and a search that pauses is held, either
// ending this worker's share.
func (ps *parallel) work(s *Sim, w *searchWorker, postponed ecs.Entity, start time.Duration) {
	o := &s.opts
	deadline := start + o.TickBudget
	searches := 0
	if w.resume && o.Clock()-start < o.TickBudget {
		w.resume = false // tried: applyJobs keeps the hold
		h := &w.held
		h.req.Clock, h.req.Deadline = o.Clock, deadline
		t0 := o.Clock()
		w.view.look(h.req.Start)
		w.pauser.Resume(&h.req, &h.res)
		h.dur += o.Clock() - t0
		if h.res.Paused {
			return
		}
		w.resumed, w.held = w.held, w.resumed
		w.holding, w.done = false, true
		searches++
	}
	for ; ; searches++ {
		i := int(ps.next.Add(1) - 1)
		if i >= len(ps.jobs) {
			return
		}
		j := &ps.jobs[i]
		if j.state == jobHeld {
			continue
		}
		j.state = jobOpen
		left := o.TickBudget - (o.Clock() - start)
		nodes, capped, ok := searchBudget(left, o.TickBudget, w.cost.nsPerExp, o.MaxNodes, j.e == postponed, searches == 0)
		if !ok {
			return
		}
		ceiling := nodeCeiling(o, &j.req)
		if w.pauser != nil {
			nodes, capped = ceiling, false // the deadline, not a node cap, ends it this tick
			j.req.Clock, j.req.Deadline = o.Clock, deadline
		}
		j.req.MaxNodes = min(nodes, ceiling)
		t0 := o.Clock()
		w.view.look(j.req.Start)
		w.finder.Find(&j.req, &j.res)
		j.dur = o.Clock() - t0
		if j.res.Paused {
			w.held, *j = *j, w.held // the worker keeps the search (both keep their buffers)
			w.holding = true
			j.e, j.state = w.held.e, jobPaused
			return
		}
		w.cost.sample(j.dur, j.res.Expansions)
		if capped && nodes < ceiling && !j.res.Found && j.res.Expansions >= nodes {
			j.state = jobPostponed
			return
		}
		j.state = jobDone
	}
}

// holder returns the worker holding e's paused search, or nil.
func (ps *parallel) holder(e ecs.Entity) *searchWorker {
	for _, w := range ps.workers {
		if w.holding && w.held.e == e {
			return w
		}
	}
	return nil
}

// resumer returns the worker whose held search for e ended this round, or
// nil.
func (ps *parallel) resumer(e ecs.Entity) *searchWorker {
	for _, w := range ps.workers {
		if w.done && w.resumed.e == e {
			return w
		}
	}
	return nil
}

// sameRequest reports whether a paused search for a may go on as b's.
func sameRequest(a, b *pathing.Request) bool {
	return a.Start == b.Start && a.StartZ == b.StartZ && a.Goal == b.Goal && a.Range == b.Range &&
		a.Mover.Caps == b.Mover.Caps && a.Mover.Self == b.Mover.Self && a.Party == b.Party
}
