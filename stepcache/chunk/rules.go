package chunk

import "github.com/shardcore/shardcore/movement"

// RuleSet selects which of a record's two answer sets a canonical map
// describes: the walker's (Walk, WalkZ) or the swimmer's (Wet, SwimZ).
type RuleSet uint8

// Rule sets of a canonical map.
const (
	RuleWalk RuleSet = iota
	RuleWet
	NumRuleSets
)

// RuleSetOf returns the rule set that answers a mover with caps exactly
// (walkers: no canSwim, no cantWalk; swimmers: both), and false for movers
// the cache answers by composition or not at all (amphibians, flyers,
// cantWalk alone).
func RuleSetOf(caps movement.Caps) (RuleSet, bool) {
	if caps&movement.CanFly != 0 {
		return 0, false
	}
	switch caps & (movement.CanSwim | movement.CantWalk) {
	case 0:
		return RuleWalk, true
	case movement.CanSwim | movement.CantWalk:
		return RuleWet, true
	}
	return 0, false
}
