package server

import (
	"fmt"
	"slices"
	"time"

	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/systems"
	"github.com/shardcore/shardcore/world"
)

// maxKeptTicks bounds the tick durations kept for percentiles (older ones
// are overwritten ring-wise).
const maxKeptTicks = 1 << 20

// tickStats measures the server's ticks (drains included).
type tickStats struct {
	n        uint64
	durs     []time.Duration
	overruns uint64
	dropped  uint64 // ticker ticks dropped after an overrun (paced runs)
	max      time.Duration
}

// last returns the duration of the last tick added (0 before any).
func (t *tickStats) last() time.Duration {
	if t.n == 0 {
		return 0
	}
	return t.durs[(t.n-1)%maxKeptTicks]
}

func (t *tickStats) add(d, period time.Duration) {
	if len(t.durs) < maxKeptTicks {
		t.durs = append(t.durs, d)
	} else {
		t.durs[t.n%maxKeptTicks] = d
	}
	t.n++
	t.max = max(t.max, d)
	if d > period {
		t.overruns++
	}
}

// percentiles returns the p50 and p99 tick durations (nearest rank).
func (t *tickStats) percentiles() (p50, p99 time.Duration) {
	if len(t.durs) == 0 {
		return 0, 0
	}
	s := slices.Clone(t.durs)
	slices.Sort(s)
	at := func(q float64) time.Duration {
		i := int(q*float64(len(s))+0.999999) - 1
		return s[min(max(i, 0), len(s)-1)]
	}
	return at(0.50), at(0.99)
}

// Summary is the shard's figures: what `shard run` prints. Tick figures
// are of the whole tick (every map's part done); the others are the maps'
// sums (MaxWaitTicks their largest, HitRatio all hits over all lookups).
type Summary struct {
	Ticks        uint64
	P50ms, P99ms float64
	MaxMs        float64
	Overruns     uint64 // ticks longer than shard.tickMs
	Dropped      uint64 // ticker ticks dropped because a tick overran
	Paths        uint64 // searches run
	Found        uint64
	Unreachable  uint64 // searches answered without one: the goal walled off (pathing.Result.Unreachable)
	Expansions   uint64
	HitRatio     float64 // step-cache hits over lookups
	Resident     int     // resident chunks
	MaxWaitTicks uint64  // longest wait of a served path request
	QueueLen     int
	Mobiles      int
	Steps        uint64
	// Late, Prefetched and Unused are the step caches' (stepcache.Stats):
	// lookups that fell through on a chunk built soon after, chunks the
	// look-ahead had built or read, and those evicted before any lookup.
	Late, Prefetched, Unused uint64
	// Maps are each map's figures, in world.maps order.
	Maps []MapSummary
	// Transit says the shard has a Transit ([cluster]), and Transfers are
	// its figures.
	Transit   bool
	Transfers TransitCounts
}

// MapSummary is one map's figures. Its tick figures are of its own part of
// each tick (its bakes, .swb watch and simulation, on its goroutine).
type MapSummary struct {
	Map          world.MapID
	P50ms, P99ms float64
	MaxMs        float64
	Paths        uint64
	Found        uint64
	Unreachable  uint64
	Expansions   uint64
	Lookups      uint64 // its step cache's lookups
	Hits         uint64
	HitRatio     float64
	Resident     int
	Budget       int // its part of pathfinding.maxResidentChunks
	Built        uint64
	Loaded       uint64
	Evicted      uint64
	MaxWaitTicks uint64
	QueueLen     int
	Mobiles      int
	Items        int
	Steps        uint64
	// StepsLive and StepsTrusted are, of its steps checked, those the live
	// rules answered and those taken on their search's (or walked route's)
	// word
	// (systems.Stats).
	StepsLive, StepsTrusted uint64
	// MoveStages counts its ticks that stepped two movement lanes at once,
	// MoveStagesAlone those of them whose helper goroutine had not started
	// by the time the map's goroutine needed it, so that goroutine stepped
	// both: a measure of how often the other core was busy elsewhere
	// (systems.Stats).
	MoveStages, MoveStagesAlone uint64
	SWBAttached                 bool
	// Late, Prefetched and Unused are its cache's (Summary).
	Late, Prefetched, Unused uint64
	// Unread is its cache's prefetched chunks not read yet
	// (stepcache.Stats.Unread).
	Unread int
	// SystemMs is the time each of its tick's systems took over all ticks
	// (indexed by systems.System: think, pathfinding, movement, look-ahead,
	// cache upkeep), by the shard's clock.
	SystemMs [systems.NumSystems]float64
}

// snapshotMap takes map me's figures (on its goroutine).
func snapshotMap(me *mapEntry) MapSummary {
	st, cs := me.sim.Stats(), me.cache.Stats()
	p50, p99 := me.ticks.percentiles()
	m := MapSummary{
		Map: me.id, P50ms: ms(p50), P99ms: ms(p99), MaxMs: ms(me.ticks.max),
		Paths: st.Searches, Found: st.Found, Unreachable: st.Unreachable, Expansions: st.Expansions,
		Lookups: cs.Lookups(), Hits: cs.Kinds[chunk.Hit], HitRatio: cs.HitRatio(),
		Resident: cs.Resident, Budget: me.budget, Built: cs.Built, Loaded: cs.Loaded, Evicted: cs.Evicted,
		MaxWaitTicks: st.MaxWaitTicks, QueueLen: st.QueueLen, Mobiles: st.Mobiles, Items: st.Items, Steps: st.Steps,
		SWBAttached: me.reader != nil, Late: cs.Late, Prefetched: cs.Prefetched, Unused: cs.Unused,
		Unread: cs.Unread, StepsLive: st.StepsLive, StepsTrusted: st.StepsTrusted,
		MoveStages: st.MoveStages, MoveStagesAlone: st.MoveStagesAlone,
	}
	for k, d := range st.SystemTime {
		m.SystemMs[k] = ms(d)
	}
	return m
}

// Snapshot returns the figures now (tick goroutine; each map's are taken on
// its goroutine).
func (s *Server) Snapshot() Summary {
	s.onMaps(func(me *mapEntry) { me.stats = snapshotMap(me) })
	p50, p99 := s.ticks.percentiles()
	sum := Summary{
		Ticks: s.ticks.n, P50ms: ms(p50), P99ms: ms(p99), MaxMs: ms(s.ticks.max), Overruns: s.ticks.overruns, Dropped: s.ticks.dropped,
		Maps: make([]MapSummary, 0, len(s.maps)),
	}
	var lookups, hits uint64
	for _, me := range s.maps {
		m := me.stats
		sum.Maps = append(sum.Maps, m)
		sum.Paths += m.Paths
		sum.Found += m.Found
		sum.Unreachable += m.Unreachable
		sum.Expansions += m.Expansions
		sum.Resident += m.Resident
		sum.MaxWaitTicks = max(sum.MaxWaitTicks, m.MaxWaitTicks)
		sum.QueueLen += m.QueueLen
		sum.Mobiles += m.Mobiles
		sum.Steps += m.Steps
		sum.Late += m.Late
		sum.Prefetched += m.Prefetched
		sum.Unused += m.Unused
		lookups += m.Lookups
		hits += m.Hits
	}
	if lookups > 0 {
		sum.HitRatio = float64(hits) / float64(lookups)
	}
	sum.Transfers, sum.Transit = s.TransitCounts()
	return sum
}

// Summary returns the figures taken at shutdown.
func (s *Server) Summary() Summary { return s.summary }

func ms(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e6 }

// Line is the summary's last line: `ticks N p50_ms X p99_ms X paths N
// hit_ratio X resident N max_wait_ticks N maps N mobiles N late N
// prefetched N unused N`, and with a Transit ([cluster]) then
// `transfers_in N transfers_out N in_flight N`.
func (m Summary) Line() string {
	line := fmt.Sprintf("ticks %d p50_ms %.3f p99_ms %.3f paths %d hit_ratio %.3f resident %d max_wait_ticks %d maps %d mobiles %d late %d prefetched %d unused %d",
		m.Ticks, m.P50ms, m.P99ms, m.Paths, m.HitRatio, m.Resident, m.MaxWaitTicks, len(m.Maps), m.Mobiles, m.Late, m.Prefetched, m.Unused)
	if m.Transit {
		line += fmt.Sprintf(" transfers_in %d transfers_out %d in_flight %d", m.Transfers.In, m.Transfers.Out, m.Transfers.InFlight)
	}
	return line
}

// Details are the summary's other figures, one line: `steps N found N
// unreachable N expansions N queue N max_ms X overruns N dropped N`.
func (m Summary) Details() string {
	return fmt.Sprintf("steps %d found %d unreachable %d expansions %d queue %d max_ms %.3f overruns %d dropped %d",
		m.Steps, m.Found, m.Unreachable, m.Expansions, m.QueueLen, m.MaxMs, m.Overruns, m.Dropped)
}

// Line is a map's line of the summary: `map N mobiles N paths N hit_ratio X
// resident N budget N max_wait_ticks N p50_ms X p99_ms X late N prefetched N
// unused N` (its own part of the ticks).
func (m MapSummary) Line() string {
	return fmt.Sprintf("map %d mobiles %d paths %d hit_ratio %.3f resident %d budget %d max_wait_ticks %d p50_ms %.3f p99_ms %.3f late %d prefetched %d unused %d",
		m.Map, m.Mobiles, m.Paths, m.HitRatio, m.Resident, m.Budget, m.MaxWaitTicks, m.P50ms, m.P99ms, m.Late, m.Prefetched, m.Unused)
}
