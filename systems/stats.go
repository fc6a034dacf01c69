package systems

import (
	"slices"
	"time"

	"github.com/shardcore/shardcore/pathing"
	"github.com/shardcore/shardcore/stepcache/chunk"
)

// durRing is how many recent tick durations the percentiles are taken over.
const durRing = 1024

// counters are the running totals behind Stats.
type counters struct {
	searches, found, expansions uint64
	unreachable                 uint64
	postponed                   uint64
	steps, blocked, doorsOpened uint64
	stepsLive                   uint64
	stepsTrusted                uint64
	waitSum, maxWait            uint64
	tickMaxWait                 uint64
	lookups                     [chunk.NumHitKinds]uint64
	pathTime, tickTotal         time.Duration
	tickMax                     time.Duration
	queueLen                    int
	sys                         [NumSystems]time.Duration
	moveStages, moveStagesAlone uint64
	thinkStages                 uint64
	aheadSteps                  uint64
	last                        TickTimes // the last tick's (LastTick)
}

// served counts a search served after waiting wait ticks.
func (c *counters) served(res *pathing.Result, wait uint64) {
	c.searches++
	if res.Found {
		c.found++
	}
	if res.Unreachable {
		c.unreachable++
	}
	c.expansions += uint64(res.Expansions)
	c.waitSum += wait
	c.maxWait = max(c.maxWait, wait)
	c.tickMaxWait = max(c.tickMaxWait, wait)
	for k, n := range res.Lookups {
		c.lookups[k] += uint64(n)
	}
}

// durations are the recent tick durations.
type durations struct {
	ring [durRing]time.Duration
	n    int
}

// add records a tick's duration (the stats system).
func (d *durations) add(dur time.Duration, c *counters) {
	d.ring[d.n%durRing] = dur
	d.n++
	c.tickTotal += dur
	c.tickMax = max(c.tickMax, dur)
}

// percentiles returns the p50 and p99 of the recent durations.
func (d *durations) percentiles() (p50, p99 time.Duration) {
	n := min(d.n, durRing)
	if n == 0 {
		return 0, 0
	}
	s := slices.Clone(d.ring[:n])
	slices.Sort(s)
	return s[(n-1)/2], s[(n-1)*99/100]
}

// Stats is a snapshot of the shard's figures since NewSim.
type Stats struct {
	Ticks           uint64
	Mobiles, Items  int
	Searches, Found uint64
	// Unreachable counts the searches answered without one: the step
	// cache's static connectivity proved the goal walled off.
	Unreachable    uint64
	Expansions     uint64
	Steps, Blocked uint64 // steps taken; steps refused (each repaths)
	// StepsLive counts the steps checked (taken or refused) that the live
	// rules answered rather than the step cache.
	StepsLive uint64
	// StepsTrusted counts the steps taken on the word of the search (or
	// the checked walked route: walk_trust.go) that
	// found their path, with no stepper's check (Options.CheckEveryStep).
	StepsTrusted uint64
	// Thinks counts the AI's thinks (one mobile's intent deciding once).
	Thinks uint64
	// Asleep is the number of NPCs asleep now (Options.SleepRadius).
	Asleep int
	// MoveStages counts the ticks whose west and east movement lanes
	// stepped at once (Options.MoveWorkers).
	MoveStages uint64
	// MoveStagesAlone counts the MoveStages whose east lane the Sim's
	// goroutine stepped too, after its own, because the helper started for
	// it had not started yet (its core was busy).
	MoveStagesAlone uint64
	// ThinkStages counts the ticks whose AI thought in two lanes at once
	// (Options.MoveWorkers).
	ThinkStages uint64
	DoorsOpened uint64
	// Postponed counts capped searches that ran out of the tick's budget
	// and left their request queued at the head for the next tick.
	Postponed     uint64
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
	Lookups [chunk.NumHitKinds]uint64
	// SystemTime is the time each system took over all ticks, by Clock.
	SystemTime [NumSystems]time.Duration
	// AheadSteps counts the path steps the look-ahead walked (Predictor).
	AheadSteps uint64
	// EventsDropped counts events dropped because the undrained ones
	// filled the Sim's cap (SetEvents).
	EventsDropped uint64
	// Finder is the cache A*'s own counts (zero with another finder):
	// expansions answered by the cache or the live rules, dynamic steps.
	Finder pathing.CachedStats
}

// StepCounts returns the steps taken and refused so far, and of the
// steps checked (both) those taken on their search's word and those the
// live rules answered: Stats' Steps, Blocked, StepsTrusted and StepsLive,
// without the rest of Stats' work.
func (s *Sim) StepCounts() (taken, refused, trusted, live uint64) {
	return s.st.steps, s.st.blocked, s.st.stepsTrusted, s.st.stepsLive
}

// Stats returns the current figures.
func (s *Sim) Stats() Stats {
	st := Stats{
		Ticks: s.tick, Searches: s.st.searches, Found: s.st.found, Unreachable: s.st.unreachable, Expansions: s.st.expansions, Postponed: s.st.postponed,
		Steps: s.st.steps, StepsLive: s.st.stepsLive, StepsTrusted: s.st.stepsTrusted, Blocked: s.st.blocked, DoorsOpened: s.st.doorsOpened, QueueLen: s.st.queueLen,
		MaxWaitTicks: s.st.maxWait, MoveStages: s.st.moveStages, MoveStagesAlone: s.st.moveStagesAlone, ThinkStages: s.st.thinkStages, LastTickMaxWait: s.st.tickMaxWait, TickMax: s.st.tickMax,
		TickTotal: s.st.tickTotal, PathfindTime: s.st.pathTime, Lookups: s.st.lookups, SystemTime: s.st.sys,
	}
	st.Mobiles, st.Items = s.idx.Counts()
	st.EventsDropped = s.ev.dropped
	st.AheadSteps = s.st.aheadSteps
	st.Asleep = s.Asleep()
	for _, n := range s.ai.think.thinks {
		st.Thinks += n
	}
	if s.st.searches > 0 {
		st.MeanWaitTicks = float64(s.st.waitSum) / float64(s.st.searches)
	}
	st.HitRatio = s.opts.Backend.HitRatio()
	st.TickP50, st.TickP99 = s.durs.percentiles()
	st.Finder = finderStats(s.paths)

	return st
}

// finderStats sums the cache A*'s counts over the pathfinder's finders
// (its own and the search workers').
func finderStats(p *pathfinder) pathing.CachedStats {
	var sum pathing.CachedStats
	add := func(f pathing.Finder) {
		if c, ok := f.(interface{ Stats() pathing.CachedStats }); ok {
			st := c.Stats()
			sum.Searches += st.Searches
			sum.CachedNodes += st.CachedNodes
			sum.LiveNodes += st.LiveNodes
			sum.DynamicSteps += st.DynamicSteps
			sum.MobileSteps += st.MobileSteps
			sum.DynamicProbes += st.DynamicProbes
			sum.LineHits += st.LineHits
			sum.ScratchBuilds += st.ScratchBuilds
			sum.ScratchNodes += st.ScratchNodes
		}
	}
	add(p.finder)
	if p.par != nil {
		for _, w := range p.par.workers {
			add(w.finder)
		}
	}
	return sum
}
