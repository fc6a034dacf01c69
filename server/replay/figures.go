package replay

import (
	"fmt"
	"slices"

	"github.com/shardcore/shardcore/server/recorder"
	"github.com/shardcore/shardcore/stepcache/chunk"
)

// Figures summarises a set of searches: what a recording says, or what its
// replay measured.
type Figures struct {
	Searches   int
	Found      int
	MeanUS     float64
	P50US      float64
	P99US      float64
	Expansions int64
	Lookups    [chunk.NumHitKinds]int64
}

// HitRatio is cache hits over lookups (0 without lookups: classic search).
func (f Figures) HitRatio() float64 {
	var n int64
	for _, v := range f.Lookups {
		n += v
	}
	if n == 0 {
		return 0
	}
	return float64(f.Lookups[chunk.Hit]) / float64(n)
}

// String prints the figures on one line.
func (f Figures) String() string {
	return fmt.Sprintf("searches %d found %d mean_us %.1f p50_us %.1f p99_us %.1f expansions %d hit_ratio %.3f",
		f.Searches, f.Found, f.MeanUS, f.P50US, f.P99US, f.Expansions, f.HitRatio())
}

// figures builds Figures from per-search micros and counts.
func figures(us []float64, found int, exp int64, lookups [chunk.NumHitKinds]int64) Figures {
	f := Figures{Searches: len(us), Found: found, Expansions: exp, Lookups: lookups}
	if len(us) == 0 {
		return f
	}
	var sum float64
	for _, v := range us {
		sum += v
	}
	f.MeanUS = sum / float64(len(us))
	s := slices.Clone(us)
	slices.Sort(s)
	f.P50US, f.P99US = quantile(s, 0.50), quantile(s, 0.99)
	return f
}

// quantile returns the q-quantile of sorted s (nearest rank).
func quantile(s []float64, q float64) float64 {
	if len(s) == 0 {
		return 0
	}
	i := int(q*float64(len(s))+0.999999) - 1
	return s[min(max(i, 0), len(s)-1)]
}

// RecordedFigures summarises what a recording says about its searches.
func RecordedFigures(recs []recorder.Record) Figures {
	us := make([]float64, len(recs))
	var found int
	var exp int64
	var lk [chunk.NumHitKinds]int64
	for i, r := range recs {
		us[i] = r.Micros
		if r.Found {
			found++
		}
		exp += int64(r.Expansions)
		for k := range lk {
			lk[k] += int64(r.Lookups[chunk.HitKind(k).String()])
		}
	}
	return figures(us, found, exp, lk)
}
