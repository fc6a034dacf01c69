package server

// rebalanceTicks is how often, in ticks, the maps' parts of
// pathfinding.maxResidentChunks follow their demand (one second at the
// default tickMs).
const rebalanceTicks = 125

// demandOf takes map me's demand for the next rebalance when one is due
// (on its goroutine, after its tick): its cache's recent and predicted use
// (stepcache.Cache.Demand) and its mobiles.
func (s *Server) demandOf(me *mapEntry) {
	if !s.rebalances() || (s.ticks.n+1)%rebalanceTicks != 0 {
		return
	}
	mobiles, _ := me.sim.Spatial().Counts()
	me.demand = me.cache.Demand() + mobiles
}

// rebalances reports whether the maps' parts move: with a bound and more
// than one map.
func (s *Server) rebalances() bool {
	return s.cfg.Pathfinding.MaxResidentChunks > 0 && len(s.maps) > 1
}

// rebalance moves the maps' parts of pathfinding.maxResidentChunks half
// way toward shares in proportion to their demands (demandOf), at least
// one chunk each and summing to the bound, on the tick goroutine after
// every map's tick; each map's cache takes its new part at its next tick
// (tickMap) and evicts down to it there.
func (s *Server) rebalance() {
	if !s.rebalances() || (s.ticks.n+1)%rebalanceTicks != 0 {
		return
	}
	total := s.cfg.Pathfinding.MaxResidentChunks
	sum := 0
	for _, me := range s.maps {
		sum += me.demand + 1
	}
	spare := total - len(s.maps)
	left := total
	for _, me := range s.maps {
		target := 1 + int(float64(spare)*float64(me.demand+1)/float64(sum))
		me.budget = max(1, (me.budget+target)/2)
		left -= me.budget
	}
	for i := 0; left != 0; i = (i + 1) % len(s.maps) {
		me := s.maps[i]
		switch {
		case left > 0:
			me.budget++
			left--
		case me.budget > 1:
			me.budget--
			left++
		}
	}
}

// applyBudget gives map me's cache its part (on its goroutine, before its
// tick) when rebalance moved it.
func (me *mapEntry) applyBudget() {
	if me.budget == me.cache.Config().MaxResidentChunks || me.budget < 1 {
		return
	}
	_ = me.cache.SetMaxResident(me.budget) // at least 1: checked above
	if me.met != nil {
		me.met.Budget(me.budget)
	}
}
