package server

import (
	"fmt"
	"slices"
	"time"
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

// Summary is the shard's figures: what `shard run` prints.
type Summary struct {
	Ticks        uint64
	P50ms, P99ms float64
	MaxMs        float64
	Overruns     uint64 // ticks longer than shard.tickMs
	Dropped      uint64 // ticker ticks dropped because a tick overran
	Paths        uint64 // searches run
	Found        uint64
	Expansions   uint64
	HitRatio     float64 // step-cache hits over lookups
	Resident     int     // resident chunks
	MaxWaitTicks uint64  // longest wait of a served path request
	QueueLen     int
	Mobiles      int
	Steps        uint64
}

// Snapshot returns the figures now (tick goroutine).
func (s *Server) Snapshot() Summary {
	p50, p99 := s.ticks.percentiles()
	st := s.sim.Stats()
	cs := s.cache.Stats()
	return Summary{
		Ticks: s.ticks.n, P50ms: ms(p50), P99ms: ms(p99), MaxMs: ms(s.ticks.max), Overruns: s.ticks.overruns, Dropped: s.ticks.dropped,
		Paths: st.Searches, Found: st.Found, Expansions: st.Expansions, HitRatio: cs.HitRatio(),
		Resident: cs.Resident, MaxWaitTicks: st.MaxWaitTicks, QueueLen: st.QueueLen, Mobiles: st.Mobiles, Steps: st.Steps,
	}
}

// Summary returns the figures taken at shutdown.
func (s *Server) Summary() Summary { return s.summary }

func ms(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e6 }

// Line is the summary's last line: `ticks N p50_ms X p99_ms X paths N
// hit_ratio X resident N max_wait_ticks N`.
func (m Summary) Line() string {
	return fmt.Sprintf("ticks %d p50_ms %.3f p99_ms %.3f paths %d hit_ratio %.3f resident %d max_wait_ticks %d",
		m.Ticks, m.P50ms, m.P99ms, m.Paths, m.HitRatio, m.Resident, m.MaxWaitTicks)
}

// Details are the summary's other figures, one line.
func (m Summary) Details() string {
	return fmt.Sprintf("mobiles %d steps %d found %d expansions %d queue %d max_ms %.3f overruns %d dropped %d",
		m.Mobiles, m.Steps, m.Found, m.Expansions, m.QueueLen, m.MaxMs, m.Overruns, m.Dropped)
}
