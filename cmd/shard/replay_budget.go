package main

import (
	"context"
	"fmt"

	"github.com/shardcore/shardcore/server/recorder"
	"github.com/shardcore/shardcore/server/replay"
)

// budgetFactor is how many times its recorded node budget a mismatched
// search gets when it is run again under both finders (budgetMismatches).
const budgetFactor = 16

// maxBudget bounds that larger budget (config's pathfinding.maxNodes limit).
const maxBudget = 1 << 24

// budgetCheck is what budgetMismatches found: the mismatches that only
// the node budget made, and the ones that remain.
type budgetCheck struct {
	budgetOnly int
	real       int
	first      *replay.Mismatch // the first in the file of those that remain
}

// recordedSearch is the finder a record was searched with ("cache" for
// records that do not say).
func recordedSearch(r *recorder.Record) string {
	if r.Search == "" {
		return "cache"
	}
	return r.Search
}

// budgetMismatches sorts rep's mismatches when replayed with another
// finder than the recorded one (--search classic, cache or jps). The
// finders spend their node budget differently (the jump search counts its
// scans, the classic and cache A* expand in another order among equal
// costs), so a search one finder ends at its budget the other may finish.
// Such a search is run again with budgetFactor times its budget: where the
// record found a path and the replay did not, by the replay's finder;
// where the replay found one and the record did not, by the recorded
// finder. When that finds the path the other side found (steps and cost),
// the mismatch was the budget's and is not counted as one; any other
// mismatch is.
func budgetMismatches(ctx context.Context, worlds []replay.World, recs []recorder.Record, rep replay.Report, search string) (budgetCheck, error) {
	var bc budgetCheck
	if search == "" || search == "recorded" || rep.Mismatches == 0 {
		bc.real, bc.first = rep.Mismatches, rep.First
		return bc, nil
	}
	var mine, theirs []recorder.Record // run again by the replay's finder, by the recorded one
	var mineM, theirsM []replay.Mismatch
	for _, o := range rep.Outcomes {
		r := recs[o.Record]
		want := replay.Outcome{Record: o.Record, Found: r.Found, Steps: r.Steps, Cost: r.Cost, Expansions: r.Expansions}
		if sameOutcome(o, want) {
			continue
		}
		m := replay.Mismatch{Record: r, Recorded: want, Replayed: o}
		if recordedSearch(&r) == search || o.Found == r.Found {
			bc.count(&m, false)
			continue
		}
		r.MaxNodes = min(max(r.MaxNodes, 1)*budgetFactor, maxBudget)
		if r.Found {
			mine, mineM = append(mine, r), append(mineM, m)
		} else {
			theirs, theirsM = append(theirs, r), append(theirsM, m)
		}
	}
	for _, again := range []struct {
		recs   []recorder.Record
		ms     []replay.Mismatch
		search string
	}{{mine, mineM, search}, {theirs, theirsM, "recorded"}} {
		if len(again.recs) == 0 {
			continue
		}
		rr, err := replay.Run(ctx, worlds, again.recs, replay.Options{Search: again.search})
		if err != nil {
			return bc, err
		}
		if len(rr.Outcomes) != len(again.recs) {
			return bc, fmt.Errorf("replaying %d searches with a larger budget gave %d outcomes", len(again.recs), len(rr.Outcomes))
		}
		for i, o := range rr.Outcomes {
			m := &again.ms[i]
			other := m.Recorded // the side that found a path
			if !other.Found {
				other = m.Replayed
			}
			bc.count(m, sameOutcome(o, other))
		}
	}
	return bc, nil
}

// sameOutcome reports whether two outcomes agree on found, steps and cost.
func sameOutcome(a, b replay.Outcome) bool {
	return a.Found == b.Found && a.Steps == b.Steps && a.Cost == b.Cost
}

// count adds one mismatch, the budget's alone or a real one.
func (bc *budgetCheck) count(m *replay.Mismatch, budgetOnly bool) {
	if budgetOnly {
		bc.budgetOnly++
		return
	}
	bc.real++
	if bc.first == nil || m.Record.Line < bc.first.Record.Line {
		bc.first = m
	}
}
