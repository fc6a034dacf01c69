package server

import (
	"cmp"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/shardcore/shardcore/metrics"
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/pathing"
	"github.com/shardcore/shardcore/population"
	"github.com/shardcore/shardcore/server/recorder"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/stepcache/swb"
	"github.com/shardcore/shardcore/systems"
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/source"
)

// mapEntry is one simulated map: its world and live rules, its .swb
// state, its own step cache and simulation, its population, and its part
// of each tick. While Run runs, one goroutine of its own (loop) owns its
// cache, simulation, .swb reader and watch, bake state and recorder buffer:
// the tick goroutine hands it work (onMaps, onMap) and waits for it, and
// never touches them itself. Before Run and after it, the server's owner
// does the same work inline.
type mapEntry struct {
	id      world.MapID
	w       *source.World
	rules   *movement.Rules
	swbPath string
	reader  *swb.Reader
	baking  bool
	retry   bakeRetry // a failed bake's next try (swbfiles.go)
	watch   swbWatch  // the attached file's health (swbwatch.go)

	cache  *stepcache.Cache
	sim    *systems.Sim
	pop    *population.Population
	budget int              // its part of pathfinding.maxResidentChunks (rebalance.go)
	demand int              // its demand at the last rebalance
	rec    *recorder.Buffer // its searches of the running tick
	ticks  tickStats        // its own part of each tick (bakes, watch, simulation)
	bakes  []bakeResult     // finished bakes handed over at tick start
	stats  MapSummary       // the last snapshot (snapshotMap)
	met    *metrics.Map     // its series (nil: metrics off)
	paths  *pathCounts      // its searches counted for met (nil: metrics off)
	figs   metrics.Figures  // scratch of foldMetrics

	jobs   chan mapJob    // while Run runs: work for its goroutine
	finder pathing.Finder // FindPath's (made at its first call)
	gateScratch
}

// buildCaches gives each map its own step cache (a Cache is owned by one
// goroutine, and each map's is owned by the map's), bounded by the map's
// part of pathfinding.maxResidentChunks (planPopulation) and with its own
// background build workers.
func (s *Server) buildCaches() error {
	pf := s.cfg.Pathfinding
	for _, me := range s.maps {
		id := me.id
		cc := stepcache.Config{
			Enabled: pf.Enabled, MaxResidentChunks: me.budget,
			MissPromotionThreshold: pf.MissPromotionThreshold, MissPromotionWindowMs: int64(pf.MissPromotionWindowMs),
			MissVisitMs: int64(pf.MissVisitMs),
			VerifyShare: pf.VerifyShare, Seed: uint64(s.cfg.Shard.Population.Seed) ^ uint64(id),
			BuildWorkers: s.buildWorkers(), PrefetchMs: s.prefetchMs(),
			OnMismatch: func(m stepcache.Mismatch) {
				s.log.Error().Int("map", int(id)).Str("mismatch", fmt.Sprintf("%+v", m)).Msg("step cache disagrees with the live rules")
			},
		}
		c, err := stepcache.New(cc, bake.Shared, me.rules)
		if err != nil {
			return fmt.Errorf("server: step cache of map %d: %w", id, err)
		}
		me.cache = c
	}
	return nil
}

// prefetchMs is the step caches' look-ahead in game ms:
// pathfinding.prefetchTicks ticks when pathfinding.prefetch, else 0 (off).
func (s *Server) prefetchMs() int64 {
	if !s.cfg.Pathfinding.Prefetch {
		return 0
	}
	return int64(s.cfg.Pathfinding.PrefetchTicks) * int64(s.cfg.Shard.TickMs)
}

// newSim makes map me's simulation over its cache. The cache bounds its
// resident set and reports its hit ratio even when disabled (every lookup
// then falls through); searches use it only when pathfinding.enabled, else
// classic A* over the live rules.
func (s *Server) newSim(me *mapEntry) (*systems.Sim, error) {
	pf, sh := s.cfg.Pathfinding, s.cfg.Shard
	me.rec = recorder.NewBuffer(me.w.Fingerprint, pf.MaxNodes)
	o := systems.Options{
		TickMs: sh.TickMs, TickBudget: pf.TickBudget(), Clock: s.clock, Backend: systems.NewCacheBackend(me.cache, pf.Search),
		MaxNodes: pf.MaxNodes, NodesPerTile: cmp.Or(pf.NodesPerTile, -1), NodesBase: pf.NodesBase, // nodesPerTile 0: maxNodes alone
		MobileHorizon: pf.MobileHorizon,
		Seed:          uint64(sh.Population.Seed) ^ uint64(me.id), Rules: me.rules, SleepRadius: sh.SleepRadius,
		FollowDirect: true, // pets step straight at their owners, searching only round what blocks them
		MoveWorkers:  sh.MoveWorkers, MaxSearchesPerTick: s.opts.MaxSearchesPerTick,
	}
	if o.MoveWorkers == 0 {
		o.MoveWorkers = runtime.GOMAXPROCS(0)
	}
	if len(s.cfg.World.Maps) < runtime.GOMAXPROCS(0) { // else as many maps tick at once as there are cores: no core waits idle for a helper
		o.HelperSpin = time.Duration(sh.HelperSpinUs) * time.Microsecond
	}
	o = me.rec.Instrument(o) // records what each search saw of the dynamic world
	if s.mon.met != nil {
		me.paths = &pathCounts{inner: o.Recorder}
		o.Recorder = me.paths
	}
	sim, err := systems.NewSim(me.w.Map, me.w.Tiles, o)
	if err != nil {
		return nil, fmt.Errorf("server: map %d: %w", me.id, err)
	}
	return sim, nil
}

// mapJob is work handed to a map's goroutine: fn, then, with a queue, the
// queue's next map started, then done.Done(). A value, so handing the tick
// over allocates nothing.
type mapJob struct {
	fn    func(me *mapEntry)
	done  *sync.WaitGroup
	queue *mapQueue // nil: not part of a queue
}

func (j mapJob) run(me *mapEntry) {
	defer j.done.Done()
	j.fn(me)
	if j.queue != nil {
		j.queue.startNext(j)
	}
}

// mapQueue hands onMaps' work (a tick's parts, a save's captures) to the
// maps' goroutines longest first (by each map's last part of a tick), no
// more at once than the Go runtime has processors: a map whose part is
// done starts the next. With more maps
// than cores, all at once leaves the order to the runtime's scheduler,
// which often starts the small maps first and a large one last, so the
// tick ends a large map's part after the small maps' (six Britannia maps,
// two cores: the tick took the time of one large map and all the small
// ones, where the two large maps could each have shared a core with half
// of them).
type mapQueue struct {
	order []*mapEntry
	next  atomic.Int64 // the index in order of the next map to start
}

// startNext starts the queue's next map with job j's fn, if any is left.
func (q *mapQueue) startNext(j mapJob) {
	if i := int(q.next.Add(1)) - 1; i < len(q.order) {
		q.order[i].jobs <- j
	}
}

// startLoops starts each map's goroutine (Run, holding mu).
func (s *Server) startLoops() {
	for _, me := range s.maps {
		me.jobs = make(chan mapJob)
		go func(me *mapEntry, jobs <-chan mapJob) {
			for j := range jobs {
				j.run(me)
			}
		}(me, me.jobs)
	}
	s.loop.on = true
}

// stopLoops ends the maps' goroutines; map work is done inline again.
func (s *Server) stopLoops() {
	if !s.loop.on {
		return
	}
	for _, me := range s.maps {
		close(me.jobs)
		me.jobs = nil
	}
	s.loop.on = false
}

// onMaps runs fn for every map, each on the map's goroutine, longest first
// by each map's last part of a tick and at most GOMAXPROCS at once
// (mapQueue), and returns when every one has returned (inline, one after
// the other, when the goroutines do not run). It allocates nothing itself.
func (s *Server) onMaps(fn func(me *mapEntry)) {
	if !s.loop.on {
		for _, me := range s.maps {
			fn(me)
		}
		return
	}
	q := &s.loop.queue
	q.order = append(q.order[:0], s.maps...)
	slices.SortStableFunc(q.order, func(a, b *mapEntry) int { return cmp.Compare(b.ticks.last(), a.ticks.last()) })
	k := min(runtime.GOMAXPROCS(0), len(q.order))
	q.next.Store(int64(k))
	s.loop.jobsWG.Add(len(q.order))
	for _, me := range q.order[:k] {
		me.jobs <- mapJob{fn: fn, done: &s.loop.jobsWG, queue: q}
	}
	s.loop.jobsWG.Wait()
}

// onMap runs fn on map me's goroutine and waits for it (inline when the
// goroutines do not run).
func (s *Server) onMap(me *mapEntry, fn func()) {
	if !s.loop.on {
		fn()
		return
	}
	var wg sync.WaitGroup
	wg.Add(1)
	me.jobs <- mapJob{fn: func(*mapEntry) { fn() }, done: &wg}
	wg.Wait()
}

// tickMap is map me's part of a tick, on its goroutine: the bakes finished
// for it, its .swb watch, then its simulation (one Step: a tick's game
// time is one period, paced or not).
func (s *Server) tickMap(me *mapEntry, period time.Duration, recording bool) {
	t0 := s.clock()
	if s.rebalances() {
		me.applyBudget()
	}
	for _, r := range me.bakes {
		s.finishBake(me, r)
	}
	clear(me.bakes)
	me.bakes = me.bakes[:0]
	s.watchSWB(me, t0)
	me.rec.SetOn(recording)
	me.sim.Step() // game time by the tick, paced or not: see RunHook
	if len(me.gates) > 0 {
		s.collectGates(me)
	}
	s.demandOf(me)
	d := s.clock() - t0
	me.ticks.add(d, period)
	if me.met != nil {
		me.met.Tick(d)
		me.foldMetrics()
	}
}
