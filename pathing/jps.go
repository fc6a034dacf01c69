package pathing

import (
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/world"
)

// JPS is the jump-point search over the step cache: exact (the classic A*'s
// cost under either cost model) and, where the step graph is a flat grid,
// jump-point fast. A node at a regular cell (see canon.Map) reached
// by a grid step is expanded into its natural and forced directions only,
// and every direction is followed as a ray over the chunks' canonical maps
// (bit scans, 16 cells at a time) until a cell where a node is needed. Every
// other node (the start, cells that are not regular: strata, ledges,
// stairs, one-way steps, multis, unbuilt chunks, cells next to dynamics,
// amphibians and flyers everywhere) is expanded in full as the cache A*
// expands it: one lookup, the dynamic pass, the live rules on a
// fallthrough. doc.go proves the pruning exact.
type JPS struct {
	src      cacheSource // the step cache, through the one adapter a change in its API touches
	live     *movement.Rules
	st       jstore  // the nodes and the open set
	park     parkLot // nodes made above the f being expanded
	views    viewTable
	layer    layer
	dyn      dynProbe
	dynt     dynTable
	mover    moverRules // what the search reads of its request's mover
	goal     goalArea
	rays     rayState
	probe    probes // the straight-line and cone probes' state
	spent    searchWork
	opt      jpsOptions
	held     heldViews // what the views and the layer were last found valid for
	deferred notBuilt  // chunks this search found not built (see Cached.deferred)
	jst      JPSStats
}

// probes is the state of the fast paths tried before a search.
type probes struct {
	ln   lineWay     // the line probe's way
	cone coneScratch // the cone probe's lines
}

// jpsOptions are a finder's switches.
type jpsOptions struct {
	line     bool // the straight-line fast path (UseLineProbe)
	layerOff bool // keep off the flat layer (tests compare both)
	runsOff  bool // step every diagonal ray cell by cell (tests compare both)
	coneOff  bool // no cone probe (UseConeProbe)
}

// searchWork is what a search has spent of its budget.
type searchWork struct {
	expansions int
	work       int // scan work: segments and words scanned, diagonal steps (see scanPerNode)
}

// heldViews is what a search found the views and the flat layer valid
// for: the next search with the same canon epoch, map, rule set and views
// generation (which every reset and forget changes) keeps them without
// checking them field by field.
type heldViews struct {
	epoch uint64
	m     *world.Map
	set   chunk.RuleSet
	gen   uint32
}

// scanPerNode is the scan work that counts as one node against a request's
// budget, in units of about 5-10 ns: a 16-cell chunk segment or a diagonal
// step is one unit, a 64-cell word of the flat layer four. A search that
// cannot reach its goal so gives up after a bounded time (at most about
// ten cache A* expansions' worth of scanning per node), not after scanning
// its whole region MaxNodes times over; a search that can reach it seldom
// comes near (the equivalence tests count the searches it cuts).
const scanPerNode = 256

// JPSStats counts how the jump search answered since the finder was made
// (or ResetStats).
type JPSStats struct {
	Searches    int
	JumpNodes   int // expansions of regular nodes into their jump directions
	FullNodes   int // expansions in full (one lookup, or the live rules)
	Rays        int // rays followed
	LiveNodes   int // full expansions whose 8 directions ran the live rules
	LineHits    int // searches answered by the straight-line fast path
	ConeHits    int // searches answered by the cone probe (see tryCone)
	Unreachable int // searches answered unreachable without a search (see Result.Unreachable)
	ScanWork    int // scan work (see scanPerNode)
	Anomalies   int // nodes rays made in a chunk that is not resident (never, by the proof; dropped)
	Refetches   int // views fetched again for a ray's node: the chunk became resident during the search
	dynStats    CachedStats
	DynamicHits int // steps of full expansions re-evaluated live for dynamics
}

// NewJPS returns a jump-point search over cache and the live rules (whose
// map the cache must serve). It keeps scratch state: use one per
// goroutine, on the goroutine that owns the cache.
func NewJPS(cache *stepcache.Cache, live *movement.Rules) *JPS {
	s := &JPS{src: newCacheSource(cache), live: live, opt: jpsOptions{line: true}}
	s.rays.cap, s.rays.diagCap, s.rays.slack = defaultRayCap, defaultDiagCap, fSlack
	s.views.src = &s.src
	s.dynt.probe, s.dynt.stats = &s.dyn, &s.jst.dynStats
	s.mover.setCaps(0) // what Find finds set for the caps it is asked
	s.dyn.bind(live)
	return s
}

// Stats returns the counters since creation or the last ResetStats.
func (s *JPS) Stats() JPSStats { return s.jst }

// ResetStats zeroes the counters.
func (s *JPS) ResetStats() { s.jst = JPSStats{} }

// UseLineProbe switches the straight-line fast path on or off (on by
// default); see Cached.UseLineProbe.
func (s *JPS) UseLineProbe(on bool) { s.opt.line = on }

// UseConeProbe switches the cone probe on or off (on by default; it runs
// only with the line probe, on the flat layer, when the line probe did not
// answer): a sweep of the cells between the start and the goal that
// answers when the goal is reached inside the cone of optimal paths. On
// open game terrain it answers long walks for a fraction of a search; on
// grid benchmarks it fails in most queries and costs more than it saves
// (docs/performance.md, Moving AI benchmarks).
func (s *JPS) UseConeProbe(on bool) { s.opt.coneOff = !on }

// Find searches for req and writes the outcome into res: it resets res
// and the finder for req, makes the chunk views and the flat layer serve
// it, and searches (search) when the line probe (tryLine) does not answer.
func (s *JPS) Find(req *Request, res *Result) {
	res.Lookups = [len(res.Lookups)]int{} // the rest of res: tryLine's answer, or search's
	res.Unreachable = false
	req.Mover.Goal = req.Goal
	req.Mover.HasGoal = true
	s.st.setCost(req.Cost == Octile)
	s.deferred.reset()
	s.jst.Searches++
	if caps := req.Mover.Caps; caps != s.mover.caps {
		s.mover.setCaps(caps)
	}
	if s.live.Dyn != nil || s.dyn.dyn != nil {
		s.dyn.refresh(s.live)
	} // else refresh would find it inactive, as it is (its dyn is nil)
	m := s.live.Map
	if epoch := s.src.canonEpoch(m.ID); epoch != s.held.epoch || m != s.held.m || s.mover.set != s.held.set || s.views.gen != s.held.gen {
		s.resyncViews(epoch)
	}
	if s.dyn.active {
		s.dynt.reset(&s.views)
	}
	if s.layer.on = s.mover.jumps && !s.dyn.active && !s.opt.layerOff && s.layer.fits; s.layer.on && s.layer.rows.open == nil {
		s.layer.alloc()
	}
	budget := DefaultMaxNodes
	if req.MaxNodes > 0 {
		budget = req.MaxNodes
	}
	if s.opt.line && s.tryLine(req, res, budget) {
		return
	}
	if s.src.reachable(s.live.Map.ID) && provedUnreachable(s.src.connectivity(), &s.dyn, s.live.Map.ID, req, res) {
		s.jst.Unreachable++
		return
	}
	s.search(req, res, budget)
}

// search is Find past the line probe: the jump search proper, within
// budget expansions (scan work included).
func (s *JPS) search(req *Request, res *Result, budget int) {
	res.Found, res.Dirs, res.Zs, res.Cost = false, res.Dirs[:0], res.Zs[:0], 0
	s.goal.set(req.Goal, max(req.Range, 0))
	s.beginSearch()
	if s.opt.line && !s.opt.coneOff && s.layer.on && s.tryCone(req, res, budget) {
		s.jst.ScanWork += s.spent.work
		return
	}
	s.src.visit(req)
	s.src.begin()
	s.mover.mv = req.Mover
	s.st.reset(req.Cost == Octile)
	s.park.reset()
	sx, sy := req.Start.X, req.Start.Y
	sz := req.StartZ
	if s.mover.jumps && s.regular(sx, sy) && sz == s.recordZ(sx, sy) {
		sz = canonZ
	}
	s.st.relaxBy(sx, sy, sz, &arrival{parent: -1, full: true}, s.heuristic(sx, sy))
	for s.spent.expansions+s.spent.work/scanPerNode < budget {
		idx, ok := s.pop()
		if !ok {
			break
		}
		n := &s.st.nodes[idx]
		if s.goal.contains(int(n.x), int(n.y)) {
			s.finish(idx, res)
			break
		}
		s.spent.expansions++
		s.expand(idx, res)
	}
	res.Expansions = s.spent.expansions
	s.jst.ScanWork += s.spent.work
}

// resyncViews keeps the chunk views and the flat layer while the cache's
// canon epoch (epoch), the map and the rule set are those they hold, and
// resets them otherwise; Find calls it only when what the finder holds
// differs from those.
func (s *JPS) resyncViews(epoch uint64) {
	m := s.live.Map
	t := &s.views
	if t.gen == 0 || epoch != t.epoch || m.ID != t.m || s.mover.set != t.set || m.Width != t.mapW || m.Height != t.mapH || s.layer.fits && t.gen != s.layer.gen {
		t.reset(epoch, m.ID, s.mover.set, m.Width, m.Height)
		s.layer.fits = s.layer.prepare(t.gen, m.Width, m.Height)
	}
	s.held = heldViews{epoch: epoch, m: m, set: s.mover.set, gen: t.gen}
}

// beginSearch sets what the search reads and the line probe does not
// (the rest of Find's: most short searches end at the line probe).
func (s *JPS) beginSearch() {
	s.rays.freeRun, s.rays.freeDiag, s.rays.goalFrom = freeRunUniform, freeDiagUniform, goalFromUniform
	if s.layer.on {
		s.rays.freeRun = freeRunUniformLayer
	}
	if s.st.octile {
		s.rays.freeRun, s.rays.freeDiag, s.rays.goalFrom = freeRunOctile, freeDiagOctile, goalFromOctile
	}
	s.spent.expansions, s.spent.work = 0, 0
	s.rays.subsSet = false
	s.mover.rule = b2i(s.mover.and)
	if s.layer.on && s.layer.diag.ok[s.mover.rule] {
		s.rays.freeDiag = s.rays.diagCap // a prepared layer: no node where the f limit passes (see diagRuns)
	}
}

// heuristic is the admissible, consistent distance from (x, y) to the goal
// square under the cost model.
func (s *JPS) heuristic(x, y int) float64 {
	dx := max(s.goal.x0-x, x-s.goal.x1, 0)
	dy := max(s.goal.y0-y, y-s.goal.y1, 0)
	if !s.st.octile {
		return float64(max(dx, dy))
	}
	lo, hi := min(dx, dy), max(dx, dy)
	return float64(hi-lo) + sqrt2*float64(lo)
}
