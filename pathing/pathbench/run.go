package pathbench

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"runtime/metrics"
	"slices"
	"time"

	"github.com/shardcore/shardcore/pathing"
	"github.com/shardcore/shardcore/stepcache/chunk"
)

// Row is one scenario in one mode.
type Row struct {
	Scenario     string
	Mode         Mode
	LiveByDesign bool
	US           float64 // median over samples of µs per search (a sample: a batch of searches; robust to a busy machine)
	MeanUS       float64 // mean µs per search
	Allocs       float64 // mean allocations per search
	ClassicUS    float64 // the classic A*'s µs on the same scenario
	Cost         float64
	Expansions   int
	Lookups      [chunk.NumHitKinds]int // of the last search
	GCs          int64                  // garbage collections completed during the timed searches
}

// Ratio is classic µs over this row's µs (how many times faster).
func (r Row) Ratio() float64 {
	if r.US == 0 {
		return 0
	}
	return r.ClassicUS / r.US
}

// allocSamples bounds the searches measured for allocations (each costs two
// runtime.ReadMemStats).
const allocSamples = 20

// Run times every scenario in every mode (Classic first) over iters searches
// after one warm-up search, and checks each mode's cost against classic's.
func (e *Env) Run(ctx context.Context, scs []Scenario, modes []Mode, iters int) ([]Row, error) {
	if iters < 1 {
		iters = 1
	}
	var rows []Row
	for _, sc := range scs {
		var classic Row
		for i, m := range append([]Mode{Classic}, modes...) {
			if m == Classic && i > 0 {
				continue
			}
			if err := ctx.Err(); err != nil {
				return rows, fmt.Errorf("pathbench: %w", err)
			}
			s, err := e.Searcher(m)
			if err != nil {
				return rows, err
			}
			row, err := measure(s, sc, iters)
			if err != nil {
				return rows, fmt.Errorf("pathbench: %s %v: %w", sc.Name, m, err)
			}
			row.Mode = m
			if m == Classic {
				classic = row
			} else if math.Abs(row.Cost-classic.Cost) > 1e-9 {
				return rows, fmt.Errorf("pathbench: %s %v: cost %v, classic %v", sc.Name, m, row.Cost, classic.Cost)
			}
			row.ClassicUS = classic.US
			rows = append(rows, row)
		}
	}
	return rows, nil
}

// Sampling: a sample is the mean of a batch of back-to-back searches
// taking about batchTarget (one search when Prepare must run before each),
// so the clock's own cost (tens of ns) does not swamp searches of ~100 ns;
// a row stops taking samples after rowBudget once it has minSamples.
const (
	batchTarget = 20 * time.Microsecond
	maxBatch    = 4096
	rowBudget   = 3 * time.Second
	minSamples  = 5
)

func measure(s *Searcher, sc Scenario, iters int) (Row, error) {
	row := Row{Scenario: sc.Name, LiveByDesign: sc.LiveByDesign}
	res, req := new(pathing.Result), new(pathing.Request)
	find := func() {
		*req = sc.Req
		s.Finder.Find(req, res)
	}
	if s.Prepare != nil {
		s.Prepare()
	}
	find() // warm-up: scratch grows, lazy chunks load
	if !res.Found {
		return row, fmt.Errorf("no path")
	}
	batch := 1
	if s.Prepare == nil {
		t0 := time.Now()
		find()
		batch = max(1, min(maxBatch, int(batchTarget/max(time.Since(t0), 1))))
	}
	var total time.Duration
	searches := 0
	times := make([]time.Duration, 0, iters)
	// The setup's garbage (earlier rows' caches, this one's bake) is
	// collected now, not marked during the timed searches.
	runtime.GC()
	gc0 := GCCycles()
	for i := 0; i < iters && (total < rowBudget || i < minSamples); i++ {
		if s.Prepare != nil {
			s.Prepare()
		}
		t0 := time.Now()
		for b := 0; b < batch; b++ {
			find()
		}
		d := time.Since(t0)
		times = append(times, d/time.Duration(batch))
		total += d
		searches += batch
	}
	row.GCs = GCCycles() - gc0
	slices.Sort(times)
	row.US = float64(times[len(times)/2].Nanoseconds()) / 1e3
	row.MeanUS = float64(total.Nanoseconds()) / 1e3 / float64(searches)
	row.Allocs = allocsPerSearch(s, find, min(len(times), allocSamples))
	row.Cost, row.Expansions, row.Lookups = res.Cost, res.Expansions, res.Lookups
	return row, nil
}

// GCCycles is the number of garbage collections the process has completed
// so far (a benchmark's count is the difference across its timed part).
func GCCycles() int64 {
	s := []metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}}
	metrics.Read(s)
	return int64(s[0].Value.Uint64())
}

// allocsPerSearch is the mean allocation count of n searches.
func allocsPerSearch(s *Searcher, find func(), n int) float64 {
	var ms runtime.MemStats
	var allocs uint64
	for i := 0; i < n; i++ {
		if s.Prepare != nil {
			s.Prepare()
		}
		runtime.ReadMemStats(&ms)
		before := ms.Mallocs
		find()
		runtime.ReadMemStats(&ms)
		allocs += ms.Mallocs - before
	}
	return float64(allocs) / float64(n)
}

// MinWarmSpeedup is the least classic/mode ratio over rows of mode (a
// warm one), leaving out scenarios live by design; ok is false when there
// is no such row.
func MinWarmSpeedup(rows []Row, mode Mode) (scenario string, ratio float64, ok bool) {
	for _, r := range rows {
		if r.Mode != mode || r.LiveByDesign {
			continue
		}
		if !ok || r.Ratio() < ratio {
			scenario, ratio, ok = r.Scenario, r.Ratio(), true
		}
	}
	return scenario, ratio, ok
}
