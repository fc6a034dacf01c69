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
	src   cacheSource // the step cache, through the one adapter a change in its API touches
	live  *movement.Rules
	st    jstore
	views viewTable
	dynt  dynTable
	layer layer
	dyn   dynProbe
	park  parkLot
	// reached says a ray of the expanding node made a goal node of cost
	// within its f: the rest of the expansion is not needed (see expand)
	reached bool
	line    bool
	// layerOff keeps the search off the flat layer (tests compare both).
	layerOff  bool
	useLayer  bool
	layerFits bool    // the map fits the flat layer (see layer.prepare)
	rayCap    int     // straight rays stop after this many cells (a node)
	fLim      float64 // the expanding node's f (+fSlack): rays stop (a node) past cells of higher f
	slack     float64
	freeRun   int
	freeDiag  int32
	goalFrom  int32     // see goalTry
	rayG      float64   // the cost of the straight ray being scanned at its first cell
	diagCap   int32     // diagonal rays stop after this many steps (a node)
	subs      [4]subRay // the cardinals' sub-rays of diagonal rays (by Dir/2), with the layer
	subsSet   bool      // subs are set for this search

	// what the search reads of its request (not the whole of it: the line
	// probe answers most short searches reading the request itself)
	goal               world.Point
	caps               movement.Caps
	mv                 movement.Mover // copied only when the line probe did not answer
	rng                int            // the goal square's radius
	ln                 lineWay        // the line probe's way
	gx0, gy0, gx1, gy1 int            // the goal square
	set                chunk.RuleSet
	jumps              bool   // the mover has a rule set the canonical maps describe
	and                bool   // the player diagonal rule
	party              uint64 // the admission gate's visitor (see beginLookups)
	nowMs              int64  // and its clock
	rule               int    // index of the rule in the jump tables (and: 1)
	expansions         int
	work               int // scan work: segments and words scanned, diagonal steps

	held     heldViews // what the views and the layer were last found valid for
	deferred notBuilt  // chunks this search found not built (see Cached.deferred)
	jst      JPSStats
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

// fSlack is how far past the expanding node's f a ray may run before it
// stops at a node (see scanCheckpoint).
const fSlack = 1e-9

// Free runs: how far a straight ray runs, and how many steps a diagonal
// one takes, before the f limit applies, under the octile cost and under
// the uniform cost. Under the uniform cost moving across the goal's
// direction leaves f unchanged over wide areas, so its diagonal rays are
// held shorter, and so are its straight rays off the flat layer (16-cell
// segment scans). On the flat layer a uniform straight ray gets the
// octile's wide scan (64 cells from where it starts in one read) with a
// free run of 128 cells: a diagonal ray's sub-ray past its free run makes
// a node (most parked above the final f, never expanded), and at 32 cells
// almost every sub-ray in open country made one (long traverse 427,512 ->
// 396,672 instructions per search; Moving AI maps searched under the
// uniform cost, AR0011SR 455,130 -> 260,589 per query).
const (
	freeRunOctile       = 256
	freeDiagOctile      = 16
	freeRunUniform      = 32
	freeRunUniformLayer = 128
	freeDiagUniform     = 4
)

// Ray caps (see straight): long enough that rays between obstacles on the
// benchmark maps seldom reach them, short enough that a ray across open
// country does not scan it all.
const (
	defaultRayCap  = 1024
	defaultDiagCap = 1024
)

// JPSStats counts how the jump search answered since the finder was made
// (or ResetStats).
type JPSStats struct {
	Searches    int
	JumpNodes   int // expansions of regular nodes into their jump directions
	FullNodes   int // expansions in full (one lookup, or the live rules)
	Rays        int // rays followed
	LiveNodes   int // full expansions whose 8 directions ran the live rules
	LineHits    int // searches answered by the straight-line fast path
	ScanWork    int // scan work (see scanPerNode)
	Anomalies   int // rays that reached a chunk with no map (never, by the proof; a node is made instead)
	dynStats    CachedStats
	DynamicHits int // steps of full expansions re-evaluated live for dynamics
}

// NewJPS returns a jump-point search over cache and the live rules (whose
// map the cache must serve). It keeps scratch state: use one per
// goroutine, on the goroutine that owns the cache.
func NewJPS(cache *stepcache.Cache, live *movement.Rules) *JPS {
	s := &JPS{src: newCacheSource(cache), live: live, line: true, rayCap: defaultRayCap, diagCap: defaultDiagCap, slack: fSlack}
	s.setCaps(0) // what Find finds set for the caps it is asked
	s.dyn.bind(live)
	return s
}

// Stats returns the counters since creation or the last ResetStats.
func (s *JPS) Stats() JPSStats { return s.jst }

// ResetStats zeroes the counters.
func (s *JPS) ResetStats() { s.jst = JPSStats{} }

// UseLineProbe switches the straight-line fast path on or off (on by
// default); see Cached.UseLineProbe.
func (s *JPS) UseLineProbe(on bool) { s.line = on }

// Find searches for req and writes the outcome into res: it resets res
// and the finder for req, makes the chunk views and the flat layer serve
// it, and searches (search) when the line probe (tryLine) does not answer.
func (s *JPS) Find(req *Request, res *Result) {
	res.Lookups = [len(res.Lookups)]int{} // the rest of res: tryLine's answer, or search's
	req.Mover.Goal = req.Goal
	req.Mover.HasGoal = true
	s.st.octile = req.Cost == Octile
	s.deferred.reset()
	s.jst.Searches++
	if caps := req.Mover.Caps; caps != s.caps {
		s.setCaps(caps)
	}
	if s.live.Dyn != nil || s.dyn.dyn != nil {
		s.dyn.refresh(s.live)
	} // else refresh would find it inactive, as it is (its dyn is nil)
	m := s.live.Map
	if epoch := s.src.canonEpoch(m.ID); epoch != s.held.epoch || m != s.held.m || s.set != s.held.set || s.views.gen != s.held.gen {
		s.resyncViews(epoch)
	}
	if s.dyn.active {
		s.dynt.reset(len(s.views.index))
	}
	s.useLayer = s.jumps && !s.dyn.active && !s.layerOff && s.layerFits
	budget := DefaultMaxNodes
	if req.MaxNodes > 0 {
		budget = req.MaxNodes
	}
	if s.line && s.tryLine(req, res, budget) {
		return
	}
	s.search(req, res, budget)
}

// search is Find past the line probe: the jump search proper, within
// budget expansions (scan work included).
func (s *JPS) search(req *Request, res *Result, budget int) {
	res.Found, res.Dirs, res.Zs, res.Cost = false, res.Dirs[:0], res.Zs[:0], 0
	s.goal, s.rng = req.Goal, max(req.Range, 0)
	s.beginSearch()
	s.visitor(req)
	s.beginLookups()
	s.mv = req.Mover
	s.st.reset(req.Cost == Octile)
	s.park.reset()
	sx, sy := req.Start.X, req.Start.Y
	sz := req.StartZ
	if s.jumps && s.regular(sx, sy) && sz == s.recordZ(sx, sy) {
		sz = canonZ
	}
	s.st.relax(sx, sy, sz, arrival{parent: -1, full: true}, s.heuristic(sx, sy))
	for s.expansions+s.work/scanPerNode < budget {
		idx, ok := s.pop()
		if !ok {
			break
		}
		n := &s.st.nodes[idx]
		if s.isGoal(int(n.x), int(n.y)) {
			s.finish(idx, res)
			break
		}
		s.expansions++
		s.expand(idx, res)
	}
	res.Expansions = s.expansions
	s.jst.ScanWork += s.work
}

// resyncViews keeps the chunk views and the flat layer while the cache's
// canon epoch (epoch), the map and the rule set are those they hold, and
// resets them otherwise; Find calls it only when what the finder holds
// differs from those.
func (s *JPS) resyncViews(epoch uint64) {
	m := s.live.Map
	t := &s.views
	if t.gen == 0 || epoch != t.epoch || m.ID != t.m || s.set != t.set || m.Width != t.mapW || m.Height != t.mapH || s.layerFits && t.gen != s.layer.gen {
		t.reset(epoch, m.ID, s.set, m.Width, m.Height)
		s.layerFits = s.layer.prepare(t.gen, m.Width, m.Height)
	}
	s.held = heldViews{epoch: epoch, m: m, set: s.set, gen: t.gen}
}

// setCaps makes the search's capabilities caps, and the rule set and
// diagonal rule they imply (Find calls it only when they change).
func (s *JPS) setCaps(caps movement.Caps) {
	s.caps = caps
	s.set, s.jumps = chunk.RuleSetOf(caps)
	s.and = caps.AndRule()
}

// beginSearch sets what the search reads and the line probe does not
// (the rest of Find's: most short searches end at the line probe).
func (s *JPS) beginSearch() {
	s.goalSquare()
	s.freeRun, s.freeDiag, s.goalFrom = freeRunUniform, freeDiagUniform, goalFromUniform
	if s.useLayer {
		s.freeRun = freeRunUniformLayer
	}
	if s.st.octile {
		s.freeRun, s.freeDiag, s.goalFrom = freeRunOctile, freeDiagOctile, goalFromOctile
	}
	s.expansions, s.work = 0, 0
	s.subsSet = false
	s.rule = b2i(s.and)
}

// goalSquare sets the goal square from the goal and its radius.
func (s *JPS) goalSquare() {
	s.gx0, s.gx1, s.gy0, s.gy1 = s.goal.X-s.rng, s.goal.X+s.rng, s.goal.Y-s.rng, s.goal.Y+s.rng
}

// heuristic is the admissible, consistent distance from (x, y) to the goal
// square under the cost model.
func (s *JPS) heuristic(x, y int) float64 {
	dx := max(s.gx0-x, x-s.gx1, 0)
	dy := max(s.gy0-y, y-s.gy1, 0)
	if !s.st.octile {
		return float64(max(dx, dy))
	}
	lo, hi := min(dx, dy), max(dx, dy)
	return float64(hi-lo) + sqrt2*float64(lo)
}

// isGoal reports whether (x, y) is within the goal square.
func (s *JPS) isGoal(x, y int) bool {
	return x >= s.gx0 && x <= s.gx1 && y >= s.gy0 && y <= s.gy1
}
