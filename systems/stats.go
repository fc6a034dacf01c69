package systems

import (
	"slices"
	"time"

	"shardcore/stepcache"
)

// durRing is how many recent tick durations the percentiles are taken over.
const durRing = 1024

// counters are the running totals behind Stats.
type counters struct {
	searches, found, expansions uint64
	deferred                    uint64
	steps, blocked, doorsOpened uint64
	waitSum, maxWait            uint64
	tickMaxWait                 uint64
	lookups                     [stepcache.NumHitKinds]uint64
	pathTime, tickTotal         time.Duration
	tickMax                     time.Duration
	queueLen                    int
}

// Stats is a snapshot of the shard's figures since NewSim.
type Stats struct {
	Ticks           uint64
	Mobiles, Items  int
	Searches, Found uint64
	Expansions      uint64
	Steps, Blocked  uint64 // steps taken; steps the live rules refused (each repaths)
	DoorsOpened     uint64
	// Deferred counts capped searches that ran out of the tick's budget and
	// left their request queued for the next tick.
	Deferred      uint64
	QueueLen      int    // requests waiting after the last tick
	MaxWaitTicks  uint64 // longest wait of a served request, in ticks
	MeanWaitTicks float64
	// LastTickMaxWait is the longest wait among requests served in the last tick.
	LastTickMaxWait uint64
	// Tick durations by Clock over the last 1024 ticks, and the all-time max.
	TickP50, TickP99, TickMax time.Duration
	TickTotal                 time.Duration
	PathfindTime              time.Duration
	HitRatio                  float64 // from Options.HitRatio
	// Lookups sums the finders' step-cache lookups by outcome.
	Lookups [stepcache.NumHitKinds]uint64
}

// Stats returns the current figures.
func (s *Sim) Stats() Stats {
	st := Stats{
		Ticks: s.tick, Searches: s.st.searches, Found: s.st.found, Expansions: s.st.expansions, Deferred: s.st.deferred,
		Steps: s.st.steps, Blocked: s.st.blocked, DoorsOpened: s.st.doorsOpened, QueueLen: s.st.queueLen,
		MaxWaitTicks: s.st.maxWait, LastTickMaxWait: s.st.tickMaxWait, TickMax: s.st.tickMax,
		TickTotal: s.st.tickTotal, PathfindTime: s.st.pathTime, Lookups: s.st.lookups,
	}
	st.Mobiles, st.Items = s.idx.Counts()
	if s.st.searches > 0 {
		st.MeanWaitTicks = float64(s.st.waitSum) / float64(s.st.searches)
	}
	if s.opts.HitRatio != nil {
		st.HitRatio = s.opts.HitRatio()
	}
	n := min(s.ndurs, durRing)
	if n > 0 {
		d := slices.Clone(s.durs[:n])
		slices.Sort(d)
		st.TickP50 = d[(n-1)/2]
		st.TickP99 = d[(n-1)*99/100]
	}
	return st
}

// statsSystem records the tick's duration.
func (s *Sim) statsSystem(d time.Duration) {
	s.durs[s.ndurs%durRing] = d
	s.ndurs++
	s.st.tickTotal += d
	s.st.tickMax = max(s.st.tickMax, d)
}
