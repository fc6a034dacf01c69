package metrics

import (
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/shardcore/shardcore/stepcache/chunk"
)

// Figures are one map's counts since it was built (cumulative, as the
// simulation, the cache and the path tap keep them) and its levels now.
type Figures struct {
	// Levels after the last tick.
	Mobiles, QueueLen, Resident int
	// Searches served that found a path and that did not, and of those that
	// did not the ones answered without a search (the goal walled off).
	Found, Failed, Unreachable uint64
	// Waits are the served searches' waits in ticks.
	Waits Waits
	// Lookups are the step cache's lookups by outcome.
	Lookups [chunk.NumHitKinds]uint64
	// Builds and Evictions are the step cache's chunk builds and evictions.
	Builds, Evictions uint64
	// SWBReads are records read from the .swb (good and bad), SWBBad the
	// bad ones.
	SWBReads, SWBBad uint64
	// Late, Prefetched and Unused are the step cache's (stepcache.Stats).
	Late, Prefetched, Unused uint64
	// Steps and Refused are the steps taken and refused; of those checked
	// (both), StepsTrusted went on their search's or walked route's word,
	// StepsLive were answered by the live rules and the rest by the step
	// cache (systems.Sim.StepCounts).
	Steps, Refused, StepsTrusted, StepsLive uint64
}

// Map is one map's series, bound to its label once. Update and Tick are
// called by one goroutine at a time (the map's).
type Map struct {
	tick                                prometheus.Observer
	mobiles, queue, resident            prometheus.Gauge
	found, failed, unreachable          prometheus.Counter
	lookups                             [chunk.NumHitKinds]prometheus.Counter
	builds, evictions, swbReads, swbBad prometheus.Counter
	late, prefetched, unused            prometheus.Counter
	taken, refused                      prometheus.Counter
	byTrusted, byCache, byLive          prometheus.Counter
	byCacheLast                         uint64 // what byCache holds
	budget                              prometheus.Gauge
	waits                               *mapWaits
	last                                Figures // what the series hold
}

// Map makes map id's series (its label is the id in decimal) and sets its
// budget gauge to budget, its part of pathfinding.maxResidentChunks.
func (s *Shard) Map(id int, budget int) *Map {
	l := strconv.Itoa(id)
	m := &Map{
		tick: s.mapTick.WithLabelValues(l), mobiles: s.sim.mobiles.WithLabelValues(l), queue: s.sim.queue.WithLabelValues(l),
		resident: s.cache.resident.WithLabelValues(l),
		found:    s.sim.searches.WithLabelValues(l, ResultFound), failed: s.sim.searches.WithLabelValues(l, ResultFailed),
		unreachable: s.sim.unreachable.WithLabelValues(l),
		builds:      s.cache.builds.WithLabelValues(l), evictions: s.cache.evictions.WithLabelValues(l),
		swbReads: s.cache.swbReads.WithLabelValues(l), swbBad: s.cache.swbBad.WithLabelValues(l),
		late: s.cache.late.WithLabelValues(l), prefetched: s.cache.prefetched.WithLabelValues(l), unused: s.cache.unused.WithLabelValues(l),
		taken: s.sim.steps.WithLabelValues(l, ResultTaken), refused: s.sim.steps.WithLabelValues(l, ResultRefused),
		byTrusted: s.sim.checks.WithLabelValues(l, ByTrusted), byCache: s.sim.checks.WithLabelValues(l, ByCache),
		byLive: s.sim.checks.WithLabelValues(l, ByLive),
		waits:  s.waits.add(l),
	}
	for k, name := range lookupResults() {
		m.lookups[k] = s.cache.lookups.WithLabelValues(l, name)
	}
	m.budget = s.cache.budget.WithLabelValues(l)
	m.budget.Set(float64(budget))
	return m
}

// Budget sets the map's budget gauge to its part now (the shard moves the
// parts while it runs).
func (m *Map) Budget(n int) { m.budget.Set(float64(n)) }

// Tick records the map's own part of a tick, d. It does not allocate.
func (m *Map) Tick(d time.Duration) { m.tick.Observe(d.Seconds()) }

// Update publishes f: the gauges take its levels, each counter grows by
// what f's count grew since the last Update (a count that went down, as
// after a reset, is taken as counted from zero). It does not allocate.
func (m *Map) Update(f *Figures) {
	m.mobiles.Set(float64(f.Mobiles))
	m.queue.Set(float64(f.QueueLen))
	m.resident.Set(float64(f.Resident))
	grow(m.found, f.Found, &m.last.Found)
	grow(m.failed, f.Failed, &m.last.Failed)
	grow(m.unreachable, f.Unreachable, &m.last.Unreachable)
	for k := range f.Lookups {
		grow(m.lookups[k], f.Lookups[k], &m.last.Lookups[k])
	}
	grow(m.builds, f.Builds, &m.last.Builds)
	grow(m.evictions, f.Evictions, &m.last.Evictions)
	grow(m.swbReads, f.SWBReads, &m.last.SWBReads)
	grow(m.swbBad, f.SWBBad, &m.last.SWBBad)
	grow(m.late, f.Late, &m.last.Late)
	grow(m.prefetched, f.Prefetched, &m.last.Prefetched)
	grow(m.unused, f.Unused, &m.last.Unused)
	grow(m.taken, f.Steps, &m.last.Steps)
	grow(m.refused, f.Refused, &m.last.Refused)
	grow(m.byTrusted, f.StepsTrusted, &m.last.StepsTrusted)
	grow(m.byLive, f.StepsLive, &m.last.StepsLive)
	var byCache uint64
	if checked := f.Steps + f.Refused; checked > f.StepsTrusted+f.StepsLive {
		byCache = checked - f.StepsTrusted - f.StepsLive
	}
	grow(m.byCache, byCache, &m.byCacheLast)
	if f.Waits != m.last.Waits {
		m.waits.set(&f.Waits)
		m.last.Waits = f.Waits
	}
}

// grow adds to c what count grew since *last and remembers count.
func grow(c prometheus.Counter, count uint64, last *uint64) {
	switch {
	case count > *last:
		c.Add(float64(count - *last))
	case count < *last: // the source was reset: it counted count since
		c.Add(float64(count))
	}
	*last = count
}
