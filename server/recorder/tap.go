package recorder

import (
	"fmt"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/pathing"
	"github.com/shardcore/shardcore/systems"
	"github.com/shardcore/shardcore/world"
)

// Instrument returns opts with its searches recorded through r, dynamics
// included: the finder opts.Backend makes for the Sim's own goroutine (the
// live rules' classic A* when nil) sees the simulation's dynamics through
// a tap that, while r is on, keeps the content of every cell the search
// asks about that holds an item or a mobile, and opts.Recorder writes each
// search's line with those cells ("dyn"), its finder ("search") and its
// node budget. The backend is wrapped, not replaced: its workers, steppers
// and upkeep stay. While r is off a search costs the tap one atomic load
// and one indirection per dynamic query; while it is on, the Sim searches
// on its own goroutine (systems serves a recording Recorder there).
func (r *Recorder) Instrument(o systems.Options) systems.Options {
	return instrument(o, r)
}

// lineSink takes a simulation's finished lines: the Recorder itself, or a
// Buffer written after each tick.
type lineSink interface {
	recording() bool // whether searches are being recorded now
	meta() lineMeta  // the node budget and fingerprint lines carry
	put(line []byte) // take one finished line (copied)
}

// instrument is Instrument with the lines going to sink.
func instrument(o systems.Options, sink lineSink) systems.Options {
	inner := o.Backend
	if inner == nil {
		inner = systems.LiveBackend{}
	}
	taps := &tapRecorder{sink: sink}
	o.Backend = &tapBackend{Backend: inner, sink: sink, taps: taps}
	o.Recorder = taps
	return o
}

// tapBackend is a backend whose Sim finder searches through a tap.
type tapBackend struct {
	systems.Backend
	sink lineSink
	taps *tapRecorder
}

// Finder wraps the inner backend's finder with a tap on its dynamics.
func (b *tapBackend) Finder(rl *movement.Rules) pathing.Finder {
	t := &searchTap{sink: b.sink, m: rl.Map.ID, inner: rl.Dyn}
	t.occ, _ = rl.Dyn.(pathing.Occupancy)
	t.iocc, _ = rl.Dyn.(pathing.ItemOccupancy)
	t.nocc, _ = rl.Dyn.(pathing.NeighbourOccupancy)
	if rl.Dyn != nil {
		rl.Dyn = t
	}
	f := b.Backend.Finder(rl)
	if f == nil {
		return nil
	}
	t.search = finderName(f)
	return &tapFinder{inner: f, tap: t, taps: b.taps}
}

// finderName is the "search" a line names: what `shard replay` runs.
func finderName(f pathing.Finder) string {
	switch f.(type) {
	case *pathing.Cached:
		return "cache"
	case *pathing.Classic:
		return "classic"
	case *pathing.JPS:
		return "jps"
	}
	return fmt.Sprintf("%T", f)
}

// tapRecorder is a simulation's systems.Recorder under Instrument: it
// writes each record with what the search that made it saw.
type tapRecorder struct {
	sink lineSink
	last *searchTap // the tap of the finder that searched last
	line []byte     // scratch
}

// Recording reports whether searches are being recorded (the simulation
// then searches on its own goroutine, through the instrumented finder).
func (t *tapRecorder) Recording() bool { return t.sink.recording() }

// RecordPath writes rec with the dynamics its search saw (none known when
// no instrumented finder has searched: the line has no "dyn").
func (t *tapRecorder) RecordPath(rec *systems.PathRecord) {
	if !t.sink.recording() {
		return
	}
	meta := t.sink.meta()
	if tap := t.last; tap != nil {
		meta.search = tap.search
		if tap.on {
			meta.dyn = &tap.seen
		}
	}
	t.line = appendRecord(t.line[:0], rec, meta)
	t.sink.put(t.line)
}

// tapFinder runs its finder's searches with the tap listening.
type tapFinder struct {
	inner pathing.Finder
	tap   *searchTap
	taps  *tapRecorder
}

// Stats returns the inner finder's counts when it keeps them (the cache
// A*'s), for systems.Stats.Finder.
func (f *tapFinder) Stats() pathing.CachedStats {
	if st, ok := f.inner.(interface{ Stats() pathing.CachedStats }); ok {
		return st.Stats()
	}
	return pathing.CachedStats{}
}

// Find implements pathing.Finder.
func (f *tapFinder) Find(req *pathing.Request, res *pathing.Result) {
	t := f.tap
	t.on = t.sink.recording()
	if t.on {
		t.seen.reset()
	}
	f.taps.last = t
	f.inner.Find(req, res)
}

// searchTap is the movement.Dynamics (and pathing.Occupancy) a recorded
// finder sees: it answers from the simulation's dynamics and, while
// recording, keeps each cell asked about once.
type searchTap struct {
	sink   lineSink
	m      world.MapID
	inner  movement.Dynamics
	occ    pathing.Occupancy          // inner's, when it has one
	iocc   pathing.ItemOccupancy      // inner's, when it has one
	nocc   pathing.NeighbourOccupancy // inner's, when it has one
	search string
	on     bool // recording the running search
	seen   seenCells
	items  []movement.Item   // scratch while off
	mobs   []movement.Mobile // scratch while off
}

// ItemsAt implements movement.Dynamics.
func (t *searchTap) ItemsAt(m world.MapID, x, y int, dst []movement.Item) []movement.Item {
	if !t.on || m != t.m {
		return t.inner.ItemsAt(m, x, y, dst)
	}
	items, _ := t.see(x, y)
	return append(dst, items...)
}

// MobilesAt implements movement.Dynamics.
func (t *searchTap) MobilesAt(m world.MapID, x, y int, dst []movement.Mobile) []movement.Mobile {
	if !t.on || m != t.m {
		return t.inner.MobilesAt(m, x, y, dst)
	}
	_, mobs := t.see(x, y)
	return append(dst, mobs...)
}

// Occupied implements pathing.Occupancy: whether (x, y) holds an item or a
// mobile (the inner dynamics' answer when it has one and nothing is being
// recorded).
func (t *searchTap) Occupied(m world.MapID, x, y int) bool {
	if t.on && m == t.m {
		items, mobs := t.see(x, y)
		return len(items) > 0 || len(mobs) > 0
	}
	if t.occ != nil {
		return t.occ.Occupied(m, x, y)
	}
	t.items = t.inner.ItemsAt(m, x, y, t.items[:0])
	if len(t.items) > 0 {
		return true
	}
	t.mobs = t.inner.MobilesAt(m, x, y, t.mobs[:0])
	return len(t.mobs) > 0
}

// HasItems implements pathing.ItemOccupancy: whether (x, y) holds an item.
func (t *searchTap) HasItems(m world.MapID, x, y int) bool {
	if t.on && m == t.m {
		items, _ := t.see(x, y)
		return len(items) > 0
	}
	if t.iocc != nil {
		return t.iocc.HasItems(m, x, y)
	}
	t.items = t.inner.ItemsAt(m, x, y, t.items[:0])
	return len(t.items) > 0
}

// OccupancyAround implements pathing.NeighbourOccupancy: which neighbours
// of (x, y) hold mobiles and which items (while recording, each one seen).
func (t *searchTap) OccupancyAround(m world.MapID, x, y int) (mobs, items uint8) {
	if (!t.on || m != t.m) && t.nocc != nil {
		return t.nocc.OccupancyAround(m, x, y)
	}
	for d := movement.Dir(0); d < 8; d++ {
		dx, dy := d.Offset()
		var ni, nm int
		if t.on && m == t.m {
			is, ms := t.see(x+dx, y+dy)
			ni, nm = len(is), len(ms)
		} else {
			t.items = t.inner.ItemsAt(m, x+dx, y+dy, t.items[:0])
			t.mobs = t.inner.MobilesAt(m, x+dx, y+dy, t.mobs[:0])
			ni, nm = len(t.items), len(t.mobs)
		}
		if ni > 0 {
			items |= 1 << d
		}
		if nm > 0 {
			mobs |= 1 << d
		}
	}
	return mobs, items
}

// see returns (x, y)'s items and mobiles in this search, asking the inner
// dynamics the first time and keeping the cell when it holds something.
func (t *searchTap) see(x, y int) ([]movement.Item, []movement.Mobile) {
	s := &t.seen
	if i, ok := s.index.get(x, y); ok {
		if i < 0 {
			return nil, nil
		}
		c := s.cells[i]
		return s.items[c.i0:c.i1], s.mobs[c.m0:c.m1]
	}
	c := seenCell{x: int32(x), y: int32(y), i0: int32(len(s.items)), m0: int32(len(s.mobs))}
	s.items = t.inner.ItemsAt(t.m, x, y, s.items)
	s.mobs = t.inner.MobilesAt(t.m, x, y, s.mobs)
	c.i1, c.m1 = int32(len(s.items)), int32(len(s.mobs))
	if c.i1 == c.i0 && c.m1 == c.m0 {
		s.index.put(x, y, -1)
		return nil, nil
	}
	s.index.put(x, y, int32(len(s.cells)))
	s.cells = append(s.cells, c)
	return s.items[c.i0:c.i1], s.mobs[c.m0:c.m1]
}

// LookAheadMs implements systems.Predictor: the inner backend's look-ahead
// (0 when it takes none), so recording does not turn prefetch off.
func (b *tapBackend) LookAheadMs() int64 {
	if p, ok := b.Backend.(systems.Predictor); ok {
		return p.LookAheadMs()
	}
	return 0
}

// BackgroundWork implements systems.BackgroundWorker: the inner backend's
// (none when it has no workers of its own).
func (b *tapBackend) BackgroundWork() bool {
	bw, ok := b.Backend.(systems.BackgroundWorker)
	return ok && bw.BackgroundWork()
}

// Predict implements systems.Predictor: to the inner backend.
func (b *tapBackend) Predict(m world.MapID, x, y int, party uint64, nowMs, atMs int64) {
	if p, ok := b.Backend.(systems.Predictor); ok {
		p.Predict(m, x, y, party, nowMs, atMs)
	}
}

// PredictDwell implements systems.DwellPredictor: the inner backend's,
// when it takes beats.
func (b *tapBackend) PredictDwell(m world.MapID, x, y int, party uint64, nowMs, atMs int64) {
	if p, ok := b.Backend.(systems.DwellPredictor); ok {
		p.PredictDwell(m, x, y, party, nowMs, atMs)
	}
}
