package server

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"time"

	"shardcore/movement"
	"shardcore/pathing"
	"shardcore/stepcache"
	"shardcore/world"
)

// Record is one recorded search: the JSON line the Recorder writes.
type Record struct {
	Tick        uint64         `json:"tick"`
	Map         int            `json:"map"`
	Fingerprint string         `json:"fp"` // hex xxh3 of the client files
	Mobile      uint64         `json:"mobile"`
	Party       uint64         `json:"party"` // 0 in older recordings: the mobile itself
	Start       [2]int         `json:"start"`
	StartZ      int            `json:"startZ"`
	Goal        [2]int         `json:"goal"`
	Range       int            `json:"range"`
	Caps        uint16         `json:"caps"`
	MaxNodes    int            `json:"maxNodes"`
	Found       bool           `json:"found"`
	Steps       int            `json:"steps"`
	Cost        float64        `json:"cost"`
	Expansions  int            `json:"expansions"`
	Micros      float64        `json:"us"`
	WaitTicks   uint64         `json:"waitTicks"`
	Lookups     map[string]int `json:"lookups"`
}

// ReadRecords decodes a recording, one Record per non-empty line; a bad
// line is an error naming its line number.
func ReadRecords(r io.Reader) ([]Record, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	var out []Record
	for line := 1; sc.Scan(); line++ {
		b := sc.Bytes()
		if len(b) == 0 {
			continue
		}
		var rec Record
		if err := json.Unmarshal(b, &rec); err != nil {
			return nil, fmt.Errorf("recording line %d: %w", line, err)
		}
		out = append(out, rec)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading recording: %w", err)
	}
	return out, nil
}

// Figures summarises a set of searches: what a recording says, or what its
// replay measured.
type Figures struct {
	Searches   int
	Found      int
	MeanUS     float64
	P50US      float64
	P99US      float64
	Expansions int64
	Lookups    [stepcache.NumHitKinds]int64
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
	return float64(f.Lookups[stepcache.Hit]) / float64(n)
}

// String prints the figures on one line.
func (f Figures) String() string {
	return fmt.Sprintf("searches %d found %d mean_us %.1f p50_us %.1f p99_us %.1f expansions %d hit_ratio %.3f",
		f.Searches, f.Found, f.MeanUS, f.P50US, f.P99US, f.Expansions, f.HitRatio())
}

// figures builds Figures from per-search micros and counts.
func figures(us []float64, found int, exp int64, lookups [stepcache.NumHitKinds]int64) Figures {
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
func RecordedFigures(recs []Record) Figures {
	us := make([]float64, len(recs))
	var found int
	var exp int64
	var lk [stepcache.NumHitKinds]int64
	for i, r := range recs {
		us[i] = r.Micros
		if r.Found {
			found++
		}
		exp += int64(r.Expansions)
		for k := range lk {
			lk[k] += int64(r.Lookups[stepcache.HitKind(k).String()])
		}
	}
	return figures(us, found, exp, lk)
}

// ReplayOptions configures Replay.
type ReplayOptions struct {
	// Search is "classic" (live rules every expansion) or "cache" (default).
	Search string
	// Cache configures the step cache of a "cache" replay (nil: DefaultConfig).
	Cache *stepcache.Config
	// Clock measures each search (nil: the wall clock).
	Clock func() time.Duration
	// TickMs is the recording shard's tick period (0: 8 ms). Each search
	// runs at its recorded game time, tick × TickMs (Request.NowMs), so the
	// admission gate promotes chunks as it did in the recorded run.
	TickMs int
}

// ReplayReport is a replay's outcome.
type ReplayReport struct {
	Recorded, Replayed Figures
	// Mismatches counts searches whose found/steps/cost differ from the record.
	Mismatches int
	// SkippedMaps counts records of maps the replay world does not hold.
	SkippedMaps int
	// FingerprintMismatches counts records made on other client files.
	FingerprintMismatches int
	// Outcomes are the replayed results, one per replayed record.
	Outcomes []Outcome
}

// Outcome is one replayed search's result.
type Outcome struct {
	Record int // index into the records
	Found  bool
	Steps  int
	Cost   float64
}

// Replay re-runs every record on map m (static world: no mobiles or dynamic
// items, which the recording shard had) and compares the outcomes.
func Replay(ctx context.Context, m *world.Map, td *world.TileData, fingerprint uint64, recs []Record, opt ReplayOptions) (ReplayReport, error) {
	var rep ReplayReport
	if m == nil || td == nil {
		return rep, errors.New("replay: nil map or tile data")
	}
	clock := opt.Clock
	if clock == nil {
		t0 := time.Now()
		clock = func() time.Duration { return time.Since(t0) }
	}
	tickMs := int64(opt.TickMs)
	if tickMs <= 0 {
		tickMs = 8
	}
	finder, err := replayFinder(opt, movement.NewRules(m, td, nil))
	if err != nil {
		return rep, err
	}
	rep.Recorded = RecordedFigures(recs)
	fp := strconv.FormatUint(fingerprint, 16)
	var acc tally
	var req pathing.Request
	var res pathing.Result
	for i := range recs {
		if i%256 == 0 && ctx.Err() != nil {
			return rep, fmt.Errorf("replay: %w", ctx.Err())
		}
		r := &recs[i]
		if r.Map != int(m.ID) {
			rep.SkippedMaps++
			continue
		}
		if r.Fingerprint != "" && r.Fingerprint != fp {
			rep.FingerprintMismatches++
		}
		req = r.request(tickMs)
		t0 := clock()
		finder.Find(&req, &res)
		acc.add(clock()-t0, &res)
		rep.Outcomes = append(rep.Outcomes, Outcome{Record: i, Found: res.Found, Steps: len(res.Dirs), Cost: res.Cost})
		if res.Found != r.Found || len(res.Dirs) != r.Steps || res.Cost != r.Cost {
			rep.Mismatches++
		}
	}
	rep.Replayed = acc.figures()
	return rep, nil
}

// replayFinder is the finder opt.Search names over rules.
func replayFinder(opt ReplayOptions, rules *movement.Rules) (pathing.Finder, error) {
	switch opt.Search {
	case "classic":
		return pathing.NewClassic(rules), nil
	case "", "cache":
		cfg := stepcache.DefaultConfig()
		if opt.Cache != nil {
			cfg = *opt.Cache
		}
		cache, err := stepcache.New(cfg, rules)
		if err != nil {
			return nil, fmt.Errorf("replay: %w", err)
		}
		return pathing.NewCached(cache, rules), nil
	}
	return nil, fmt.Errorf("replay: --search %q: want classic or cache", opt.Search)
}

// request is the search the record describes, at its recorded game time
// (tick × tickMs).
func (r *Record) request(tickMs int64) pathing.Request {
	return pathing.Request{
		Start: movement.Point{X: r.Start[0], Y: r.Start[1]}, StartZ: r.StartZ,
		Goal: movement.Point{X: r.Goal[0], Y: r.Goal[1]}, Range: r.Range,
		Mover:    movement.Mover{Caps: movement.Caps(r.Caps), Self: r.Mobile},
		Cost:     pathing.Uniform,
		MaxNodes: r.MaxNodes,
		Party:    r.Party,
		NowMs:    int64(r.Tick) * tickMs,
	}
}

// tally sums replayed searches into Figures.
type tally struct {
	us    []float64
	found int
	exp   int64
	lk    [stepcache.NumHitKinds]int64
}

// add counts one search that took dur.
func (t *tally) add(dur time.Duration, res *pathing.Result) {
	t.us = append(t.us, float64(dur.Nanoseconds())/1e3)
	if res.Found {
		t.found++
	}
	t.exp += int64(res.Expansions)
	for k, n := range res.Lookups {
		t.lk[k] += int64(n)
	}
}

func (t *tally) figures() Figures { return figures(t.us, t.found, t.exp, t.lk) }
