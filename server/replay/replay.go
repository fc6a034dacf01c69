package replay

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/shardcore/shardcore/config"
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/pathing"
	"github.com/shardcore/shardcore/server/recorder"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/world"
)

// Options configures Run.
type Options struct {
	// Search is "recorded" or "" (each search with the finder that ran it;
	// "cache" for older records that do not say), "classic" (live rules
	// every expansion), "cache" (step-cache A*) or "jps" (the jump search
	// over the step cache).
	Search string
	// Cache configures the step cache of a cache replay (nil: DefaultConfig).
	Cache *stepcache.Config
	// Clock measures each search (nil: the wall clock).
	Clock func() time.Duration
	// TickMs is the recording shard's tick period (0: 8 ms). Each search
	// runs at its recorded game time, tick × TickMs (Request.NowMs), so the
	// admission gate promotes chunks as it did in the recorded run.
	TickMs int
}

// World is one map a replay runs searches on.
type World struct {
	Map         *world.Map
	Tiles       *world.TileData
	Fingerprint uint64 // of its client files: records made on others are counted
}

// Report is a replay's outcome.
type Report struct {
	Recorded, Replayed Figures
	// Mismatches counts searches whose outcome (found, steps, cost) differs
	// from the record's; First describes the first of them.
	Mismatches int
	First      *Mismatch
	// Static counts records without their dynamics (format 1, or written
	// without recorder.Instrument), replayed on the static world.
	Static int
	// SkippedMaps counts records of maps the replay does not hold.
	SkippedMaps int
	// FingerprintMismatches counts records made on other client files.
	FingerprintMismatches int
	// Outcomes are the replayed results, one per replayed record.
	Outcomes []Outcome
}

// Reproduced reports whether the replay reproduced every search it ran,
// on the client files they were recorded on.
func (r *Report) Reproduced() bool { return r.Mismatches == 0 && r.FingerprintMismatches == 0 }

// Err is nil when the replay reproduced the recording, else an error
// naming how many searches differ and the first of them.
func (r *Report) Err() error {
	switch {
	case r.Mismatches > 0:
		return fmt.Errorf("replay: %d of %d searches did not reproduce the recording; first: %v",
			r.Mismatches, r.Replayed.Searches, r.First)
	case r.FingerprintMismatches > 0:
		return fmt.Errorf("replay: %d records were made on other client files (fingerprint differs): not the recorded world",
			r.FingerprintMismatches)
	}
	return nil
}

// Outcome is one search's result; a mismatch compares Found, Steps and
// Cost.
type Outcome struct {
	Record     int // index into the records
	Found      bool
	Steps      int
	Cost       float64
	Expansions int
}

func (o Outcome) same(p Outcome) bool {
	return o.Found == p.Found && o.Steps == p.Steps && o.Cost == p.Cost
}

// Mismatch is a search whose replay differs from its record.
type Mismatch struct {
	Record             recorder.Record
	Recorded, Replayed Outcome
}

func (m *Mismatch) String() string {
	r := &m.Record
	return fmt.Sprintf("line %d (tick %d, map %d, mobile %d, (%d,%d,%d) to (%d,%d) range %d, search %s): recorded found %v steps %d cost %g, replayed found %v steps %d cost %g",
		r.Line, r.Tick, r.Map, r.Mobile, r.Start[0], r.Start[1], r.StartZ, r.Goal[0], r.Goal[1], r.Range, searchName(r),
		m.Recorded.Found, m.Recorded.Steps, m.Recorded.Cost, m.Replayed.Found, m.Replayed.Steps, m.Replayed.Cost)
}

func searchName(r *recorder.Record) string {
	if r.Search == "" {
		return "unrecorded"
	}
	return r.Search
}

// Run re-runs every record on its map among worlds, each with the dynamic
// obstacles its search saw (records without them on the static world), its
// recorded node budget and finder (opt.Search), and compares each outcome
// with the record.
func Run(ctx context.Context, worlds []World, recs []recorder.Record, opt Options) (Report, error) {
	var rep Report
	rp, err := newReplayer(worlds, opt)
	if err != nil {
		return rep, err
	}
	if err := rp.check(recs); err != nil {
		return rep, err
	}
	rep.Recorded = RecordedFigures(recs)
	var acc tally
	var res pathing.Result
	for i := range recs {
		if i%256 == 0 && ctx.Err() != nil {
			return rep, fmt.Errorf("replay: %w", ctx.Err())
		}
		r := &recs[i]
		var mp *replayMap
		if r.Map >= 0 && r.Map <= 255 {
			mp = rp.maps[world.MapID(r.Map)]
		}
		if mp == nil {
			rep.SkippedMaps++
			continue
		}
		if r.Fingerprint != "" && r.Fingerprint != mp.fp {
			rep.FingerprintMismatches++
		}
		if !r.HasDynamics() {
			rep.Static++
		}
		dur, err := rp.run(mp, r, &res)
		if err != nil {
			return rep, err
		}
		acc.add(dur, &res)
		got := Outcome{Record: i, Found: res.Found, Steps: len(res.Dirs), Cost: res.Cost, Expansions: res.Expansions}
		rep.Outcomes = append(rep.Outcomes, got)
		if want := (Outcome{Record: i, Found: r.Found, Steps: r.Steps, Cost: r.Cost, Expansions: r.Expansions}); !got.same(want) {
			rep.Mismatches++
			if rep.First == nil {
				rep.First = &Mismatch{Record: *r, Recorded: want, Replayed: got}
			}
		}
	}
	rep.Replayed = acc.figures()
	return rep, nil
}

// replayer holds the finders of each map a replay runs on.
type replayer struct {
	opt    Options
	clock  func() time.Duration
	tickMs int64
	maps   map[world.MapID]*replayMap
	req    pathing.Request
}

// replayMap is one map's world, dynamics and finders (made on first use).
type replayMap struct {
	w       World
	fp      string
	dyn     replayDyn
	rules   *movement.Rules // over dyn
	classic *pathing.Classic
	cache   *stepcache.Cache // the cache A*'s and the jump search's
	cached  *pathing.Cached
	jps     *pathing.JPS
}

func newReplayer(worlds []World, opt Options) (*replayer, error) {
	switch opt.Search {
	case "", "recorded", "classic", "cache", "jps":
	default:
		return nil, fmt.Errorf("replay: --search %q: want recorded, classic, cache or jps", opt.Search)
	}
	rp := &replayer{opt: opt, clock: opt.Clock, tickMs: int64(opt.TickMs), maps: map[world.MapID]*replayMap{}}
	if rp.clock == nil {
		t0 := time.Now()
		rp.clock = func() time.Duration { return time.Since(t0) }
	}
	if rp.tickMs <= 0 {
		rp.tickMs = 8
	}
	for _, w := range worlds {
		if w.Map == nil || w.Tiles == nil {
			return nil, errors.New("replay: nil map or tile data")
		}
		if rp.maps[w.Map.ID] != nil {
			return nil, fmt.Errorf("replay: map %d given twice", w.Map.ID)
		}
		mp := &replayMap{w: w, fp: strconv.FormatUint(w.Fingerprint, 16)}
		mp.rules = movement.NewRules(w.Map, w.Tiles, &mp.dyn)
		rp.maps[w.Map.ID] = mp
	}
	return rp, nil
}

// check refuses, before any search, a record of a map the replay holds
// whose request that map could not have made: a start or goal off the map,
// a start Z beyond a signed byte, a negative range or one beyond the map,
// a node budget beyond pathfinding.maxNodes' limit. (A record edited to
// start at x = 99999999999 once ran a search out of memory.)
func (rp *replayer) check(recs []recorder.Record) error {
	for i := range recs {
		r := &recs[i]
		if r.Map < 0 || r.Map > 255 || rp.maps[world.MapID(r.Map)] == nil {
			continue // not replayed: counted as skipped
		}
		m := rp.maps[world.MapID(r.Map)].w.Map
		bad := ""
		switch {
		case offMap(m, r.Start):
			bad = fmt.Sprintf("start (%d,%d) is off the map", r.Start[0], r.Start[1])
		case offMap(m, r.Goal):
			bad = fmt.Sprintf("goal (%d,%d) is off the map", r.Goal[0], r.Goal[1])
		case r.StartZ < -128 || r.StartZ > 127:
			bad = fmt.Sprintf("startZ %d is outside -128..127", r.StartZ)
		case r.Range < 0 || r.Range > max(m.Width, m.Height):
			bad = fmt.Sprintf("range %d is outside 0..%d", r.Range, max(m.Width, m.Height))
		case r.MaxNodes < 0 || r.MaxNodes > config.MaxNodesLimit:
			bad = fmt.Sprintf("maxNodes %d is outside 0..%d", r.MaxNodes, config.MaxNodesLimit)
		}
		if bad != "" {
			return fmt.Errorf("replay: line %d: %s of map %d (%dx%d): not a search the shard makes", r.Line, bad, r.Map, m.Width, m.Height)
		}
	}
	return nil
}

// offMap reports whether cell p is outside m.
func offMap(m *world.Map, p [2]int) bool { return !m.InBounds(p[0], p[1]) }

// run replays record r on mp into res and returns how long the search took.
func (rp *replayer) run(mp *replayMap, r *recorder.Record, res *pathing.Result) (time.Duration, error) {
	f, err := rp.finder(mp, r)
	if err != nil {
		return 0, err
	}
	mp.dyn.set(mp.w.Map.ID, r.Dyn)
	rp.req = request(r, rp.tickMs)
	t0 := rp.clock()
	f.Find(&rp.req, res)
	return rp.clock() - t0, nil
}

// request is the search the record describes, at its recorded game time
// (tick × tickMs).
func request(r *recorder.Record, tickMs int64) pathing.Request {
	return pathing.Request{
		Start: world.Point{X: r.Start[0], Y: r.Start[1]}, StartZ: r.StartZ,
		Goal: world.Point{X: r.Goal[0], Y: r.Goal[1]}, Range: r.Range,
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
	lk    [chunk.NumHitKinds]int64
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
