package pathing

// Resume continues the search the last Find or Resume paused (Pauser),
// under req's Clock and Deadline: a fresh look-up handle and the dynamics
// as they are now; the nodes already expanded stand.
func (s *Cached) Resume(req *Request, res *Result) {
	if !s.paused {
		return
	}
	s.paused, res.Paused = false, false
	s.handle(s.core.req.NowMs)
	s.dyn.refresh(s.live)
	s.clock.set(req)
	s.run(res)
}

// handle takes the search's look-up handle on the cache (or its view).
func (s *Cached) handle(nowMs int64) {
	if s.view != nil {
		s.look = s.view.Search(s.party, nowMs)
	} else {
		s.look = s.cache.Search(s.party, nowMs)
	}
}

func (s *Cached) bucketed() bool { return s.queue == queueBucket && !s.core.octile }

// run expands nodes until the goal, the node budget, an empty open list or
// the deadline.
func (s *Cached) run(res *Result) {
	if s.bucketed() {
		s.runBucket(res)
	} else {
		s.runHeap(res)
	}
	s.paused = res.Paused
}

// runHeap is run over the binary heap (octile cost, or the heap queue).
func (s *Cached) runHeap(res *Result) {
	c := &s.core
	for c.expansions < s.budget {
		if s.clock.due() {
			res.Paused = true
			break
		}
		idx, ok := c.pop()
		if !ok {
			break
		}
		if s.expand(idx, res) {
			c.finish(idx, res)
			break
		}
	}
	res.Expansions = c.expansions
}
