package scenario

import (
	"fmt"
	"time"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/systems"
)

// chunkKey is a chunk of the map.
type chunkKey struct{ cx, cy int }

// stay is when a mobile was first and last in a chunk, in game ms.
type stay struct{ first, last int64 }

// watcher sees every step the movement system checks (a StepObserver,
// re-checking it with its own clone of the live rules before the world
// changes) and every tick's events and positions, and keeps what the
// expectations need.
type watcher struct {
	r          *run
	rules      *movement.Rules
	steps      map[uint64]int // steps taken, by mobile
	mismatch   int            // steps the live rules answered otherwise
	checked    int
	firstBad   string
	chunkSteps map[chunkKey]int              // steps taken into each chunk, by anyone
	stays      map[uint64]map[chunkKey]*stay // the named mobiles' chunks
	visits     []int                         // per expectation: steps within its radius of its point
	worst      []int                         // per expectation: the worst gap past range (follows)
	followBad  []string                      // per expectation: the first tick it broke
	arrived    map[uint64]int                // the tick a mobile arrived
	followers  []uint64                      // every mobile with a follow order (follows without a mobile)
}

func newWatcher(r *run) *watcher {
	n := len(r.sc.Expect)
	return &watcher{r: r, steps: map[uint64]int{}, chunkSteps: map[chunkKey]int{}, stays: map[uint64]map[chunkKey]*stay{},
		visits: make([]int, n), worst: make([]int, n), followBad: make([]string, n), arrived: map[uint64]int{}}
}

// ObserveStep implements systems.StepObserver.
func (w *watcher) ObserveStep(ev *systems.StepEvent) {
	nz, ok := w.rules.CheckMovement(ev.Mover, ev.FromX, ev.FromY, ev.FromZ, ev.Dir)
	w.checked++
	if ok != ev.OK || (ok && nz != ev.NewZ) {
		w.mismatch++
		if w.firstBad == "" {
			w.firstBad = fmt.Sprintf("tick %d mobile %d at (%d,%d,%d) dir %v: shard %v z %d, live rules %v z %d",
				ev.Tick, ev.MobileID, ev.FromX, ev.FromY, ev.FromZ, ev.Dir, ev.OK, ev.NewZ, ok, nz)
		}
	}
	if !ev.OK {
		return
	}
	w.steps[ev.MobileID]++
	dx, dy := ev.Dir.Offset()
	x, y := ev.FromX+dx, ev.FromY+dy
	w.chunkSteps[chunkKey{x / chunk.Size, y / chunk.Size}]++
	for i, e := range w.r.sc.Expect {
		if e.Kind != ExpectVisits || (e.Mobile != "" && w.r.ids[e.Mobile] != ev.MobileID) {
			continue
		}
		if max(abs(x-e.At[0]), abs(y-e.At[1])) <= e.Radius {
			w.visits[i]++
		}
	}
}

// tick watches the end of a tick: its events, and the named mobiles'
// positions for the follow and chunk expectations.
func (w *watcher) tick(evs []systems.Event) {
	for _, ev := range evs {
		if ev.Kind == systems.EventArrived {
			if _, seen := w.arrived[ev.Mobile]; !seen {
				w.arrived[ev.Mobile] = w.r.ticks
			}
		}
	}
	sim := w.r.sim
	now := sim.Now()
	for id := range w.r.names {
		p, ok := sim.MobileState(id)
		if !ok {
			continue
		}
		k := chunkKey{int(p.X) / chunk.Size, int(p.Y) / chunk.Size}
		m := w.stays[id]
		if m == nil {
			m = map[chunkKey]*stay{}
			w.stays[id] = m
		}
		if m[k] == nil {
			m[k] = &stay{first: now}
		}
		m[k].last = now
	}
	for i, e := range w.r.sc.Expect {
		if e.Kind != ExpectFollows || w.r.ticks < e.After {
			continue
		}
		if e.Mobile != "" {
			w.follows(i, e, w.r.ids[e.Mobile], true)
			continue
		}
		if w.followers == nil {
			for _, id := range sim.MobileIDs() {
				if ms, err := sim.Mobile(id); err == nil && ms.Follow != nil {
					w.followers = append(w.followers, id)
				}
			}
		}
		for _, id := range w.followers {
			w.follows(i, e, id, false)
		}
	}
}

// follows checks that follower id is within its range + e.Slack of its
// target now, for expectation i (must: a named mobile that must follow).
func (w *watcher) follows(i int, e Expect, id uint64, must bool) {
	sim := w.r.sim
	ms, err := sim.Mobile(id)
	if err != nil || ms.Follow == nil {
		if must && w.followBad[i] == "" {
			w.followBad[i] = fmt.Sprintf("tick %d: %s follows nobody", w.r.ticks, e.Mobile)
		}
		return
	}
	tp, ok := sim.MobileState(ms.Follow.Target)
	if !ok {
		return
	}
	gap := max(abs(ms.X-int(tp.X)), abs(ms.Y-int(tp.Y))) - ms.Follow.Range
	w.worst[i] = max(w.worst[i], gap)
	if gap > e.Slack && w.followBad[i] == "" {
		w.followBad[i] = fmt.Sprintf("tick %d: mobile %d at (%d,%d) is %d tiles past its range %d from its target at (%d,%d)",
			w.r.ticks, id, ms.X, ms.Y, gap, ms.Follow.Range, tp.X, tp.Y)
	}
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// Result is one expectation's outcome.
type Result struct {
	Expect Expect
	Pass   bool
	Detail string
}

// Report is a scenario run's outcome: each expectation's result and the
// run's figures.
type Report struct {
	Scenario string // its name (the file's when it has none)
	File     string
	Ticks    int
	Results  []Result
	Took     time.Duration
}

// Passed reports whether every expectation held.
func (rep *Report) Passed() bool {
	for _, r := range rep.Results {
		if !r.Pass {
			return false
		}
	}
	return true
}

func (rep *Report) add(e Expect, pass bool, format string, args ...any) {
	rep.Results = append(rep.Results, Result{Expect: e, Pass: pass, Detail: fmt.Sprintf(format, args...)})
}

// Lines are the report as `shard scenario run` prints it: a line per
// expectation.
func (rep *Report) Lines() []string {
	var out []string
	for _, r := range rep.Results {
		verdict := "PASS"
		if !r.Pass {
			verdict = "FAIL"
		}
		what := r.Expect.Kind
		if r.Expect.Mobile != "" {
			what += " " + r.Expect.Mobile
		}
		out = append(out, fmt.Sprintf("%s %s: %s: %s", verdict, rep.Scenario, what, r.Detail))
	}
	return out
}

// report evaluates the expectations (but deterministic, which Run does).
func (r *run) report() *Report {
	rep := &Report{Scenario: r.sc.Name, File: r.sc.path, Ticks: r.ticks}
	if rep.Scenario == "" {
		rep.Scenario = r.sc.path
	}
	w := r.watch
	st := r.sim.Stats()
	for i, e := range r.sc.Expect {
		id := r.ids[e.Mobile]
		switch e.Kind {
		case ExpectFollows:
			rep.add(e, w.followBad[i] == "", "worst gap past range %d (slack %d)%s", w.worst[i], e.Slack, prefixed(w.followBad[i]))
		case ExpectArrives:
			at, ok := w.arrived[id]
			if !ok {
				ms, _ := r.sim.Mobile(id)
				rep.add(e, false, "not arrived by tick %d: at (%d,%d,%d), %d steps taken, %s", r.ticks, ms.X, ms.Y, ms.Z, w.steps[id], goToState(&ms))
				continue
			}
			rep.add(e, at <= e.ByTick, "arrived at tick %d (by %d)", at, e.ByTick)
		case ExpectWalks:
			n := w.steps[id]
			if e.Mobile == "" {
				n = int(st.Steps)
				rep.add(e, n >= e.Steps, "%d steps taken by everyone (at least %d)", n, e.Steps)
				continue
			}
			rep.add(e, n >= e.Steps, "%d steps taken (at least %d)", n, e.Steps)
		case ExpectVisits:
			rep.add(e, w.visits[i] >= max(e.Count, 1), "%d steps within %d of (%d,%d) (at least %d)", w.visits[i], e.Radius, e.At[0], e.At[1], max(e.Count, 1))
		case ExpectStepsAllowed:
			rep.add(e, w.mismatch == 0 && w.checked > 0, "%d steps checked, %d not the live rules' answer%s", w.checked, w.mismatch, prefixed(w.firstBad))
		case ExpectPassingNotBuilt:
			rep.passing(e, r, id)
		case ExpectPromoted:
			busy, built := 0, 0
			for k, n := range w.chunkSteps {
				if n >= e.Steps {
					busy++
					if r.cache.Resident(r.w.Map.ID, k.cx, k.cy) {
						built++
					}
				}
			}
			rep.add(e, busy > 0 && built == busy, "%d of %d chunks with %d+ steps built", built, busy, e.Steps)
		case ExpectDoorsOpened:
			rep.add(e, int(st.DoorsOpened) >= e.Count, "%d doors opened (at least %d)", st.DoorsOpened, e.Count)
		}
	}
	return rep
}

// passing checks that the chunks mobile id's party (it, and the mobile it
// follows, whose visits the admission gate counts as one party's) only
// passed through (in one for at most half a visit, MissVisitMs/2) were not
// built, and that some it stayed in or came back to were: the gate let the
// second kind in and kept the first out.
func (rep *Report) passing(e Expect, r *run, id uint64) {
	passed, builtPassed, other, builtOther := 0, 0, 0, 0
	var first string
	for k, v := range r.partyStays(id) {
		built := r.cache.Resident(r.w.Map.ID, k.cx, k.cy)
		if v.last-v.first <= stepcache.DefaultMissVisitMs/2 {
			passed++
			if built {
				builtPassed++
				if first == "" {
					first = fmt.Sprintf("chunk (%d,%d) built after a %d ms pass", k.cx, k.cy, v.last-v.first)
				}
			}
		} else {
			other++
			if built {
				builtOther++
			}
		}
	}
	rep.add(e, builtPassed == 0 && passed > 0 && (other == 0 || builtOther > 0),
		"chunks passed through %d (built %d), stayed or came back %d (built %d)%s", passed, builtPassed, other, builtOther, prefixed(first))
}

func prefixed(s string) string {
	if s == "" {
		return ""
	}
	return "; " + s
}

// Summary is the line `shard scenario run` ends with.
func Summary(reps []*Report, errs int) string {
	passed := 0
	for _, r := range reps {
		if r.Passed() {
			passed++
		}
	}
	return fmt.Sprintf("scenarios %d passed %d failed %d", len(reps)+errs, passed, len(reps)+errs-passed)
}

// partyStays returns the chunks mobile id and, when it follows a named
// mobile, that mobile were in: from the first of them to the last.
func (r *run) partyStays(id uint64) map[chunkKey]*stay {
	out := map[chunkKey]*stay{}
	add := func(m map[chunkKey]*stay) {
		for k, v := range m {
			if o := out[k]; o != nil {
				out[k] = &stay{first: min(o.first, v.first), last: max(o.last, v.last)}
			} else {
				out[k] = &stay{first: v.first, last: v.last}
			}
		}
	}
	add(r.watch.stays[id])
	if ms, err := r.sim.Mobile(id); err == nil && ms.Follow != nil {
		if _, named := r.names[ms.Follow.Target]; named {
			add(r.watch.stays[ms.Follow.Target])
		}
	}
	return out
}

// goToState says how a move-to order stands.
func goToState(ms *systems.MobileState) string {
	switch g := ms.GoTo; {
	case g == nil:
		return "no move_to order"
	case g.GaveUp:
		return fmt.Sprintf("gave up after %d failed searches", g.Fails)
	}
	return fmt.Sprintf("on its way (%d failed searches)", ms.GoTo.Fails)
}
