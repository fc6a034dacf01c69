package systems

import (
	"time"

	"github.com/shardcore/shardcore/pathing"
)

// nodeCeiling is req's own node budget: Options.MaxNodes and, with
// Options.NodesPerTile positive, at most Options.NodesBase + NodesPerTile
// per tile from the start to the goal's range. A goal that many nodes do
// not reach is, in practice, walled off or crowded in (a crowd of mobiles
// plugs the way), while searches that find a path rarely need that many;
// failing searches would otherwise spend most of the shard's expansions.
// The mobile's AI backs off and tries again, as after any failed search
// (docs/performance.md has the measurements behind the defaults).
func nodeCeiling(o *Options, req *pathing.Request) int {
	n := o.MaxNodes
	if o.NodesPerTile > 0 {
		d := max(cheb(req.Start, req.Goal)-req.Range, 0)
		n = min(n, o.NodesBase+o.NodesPerTile*d)
	}
	return n
}

// minCappedNodes is the least node budget worth starting a capped search
// with; below it the rest of the queue waits for the next tick.
const minCappedNodes = 16

// minUncappedNodes is the least node budget an uncapped search gets
// (at most Options.MaxNodes): a coarse clock can make the estimate of
// what the budget allows tiny.
const minUncappedNodes = 4000

// searchBudget is the node budget of the next search under the time budget:
// left of the tick's pathfinding time remains (tick in all), searches cost
// nsPerExp ns an expansion (0: not measured yet), maxNodes caps every
// search, final says the search was postponed once already, and first that
// no search has run yet this tick. ok is false when the tick should start
// no more searches.
//
// A search gets the nodes the rest of the budget allows at the running
// cost, at most maxNodes. One capped below half a tick's worth of nodes is
// capped: if it runs out of them without a path, its request is postponed
// (not failed) to the head of the next tick's queue. A final search gets a
// whole tick's worth (left is taken as tick) and at least the default node
// budget (a coarse clock can make the estimate tiny), and is not capped:
// if it finds no path, it fails. Fewer than minCappedNodes left end the
// tick, except for its first search: an estimate inflated by a stall (one
// search descheduled for milliseconds) would otherwise stop every tick
// before any search, and only searches can correct it. So no request
// starves and no search runs much past the budget.
func searchBudget(left, tick time.Duration, nsPerExp float64, maxNodes int, final, first bool) (nodes int, capped, ok bool) {
	if left <= 0 {
		return 0, false, false
	}
	if nsPerExp <= 0 {
		return maxNodes, false, true
	}
	if final {
		left = tick
	}
	n := int(float64(left) / nsPerExp)
	if n >= maxNodes {
		return maxNodes, false, true
	}
	if n < minCappedNodes && !final && !first {
		return 0, false, false
	}
	full := int(float64(tick) / nsPerExp)
	capped = !final && n < full/2
	nodes = max(n, minCappedNodes)
	if !capped {
		nodes = max(nodes, min(maxNodes, minUncappedNodes))
	}
	return nodes, capped, true
}

// costEstimator is the running search cost per expansion.
type costEstimator struct {
	nsPerExp float64 // 0 until the first sample
}

// sample folds one search's duration per expansion into the running
// average (an exponential moving average over about 32 searches); searches
// of fewer than 16 expansions are too short to time.
func (e *costEstimator) sample(dur time.Duration, expansions int) {
	if expansions < 16 || dur <= 0 {
		return
	}
	v := float64(dur) / float64(expansions)
	if e.nsPerExp == 0 {
		e.nsPerExp = v
		return
	}
	e.nsPerExp += (v - e.nsPerExp) / 32
}
