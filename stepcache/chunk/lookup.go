package chunk

import "github.com/shardcore/shardcore/movement"

// HitKind says how a lookup was answered: Hit, or why it fell through to the
// live rules.
type HitKind uint8

// Lookup outcomes. Everything but Hit is a fallthrough: the caller runs the
// live rules for that cell.
const (
	Hit           HitKind = iota
	FallOffMap            // the cell is off the map (or the map is unknown)
	FallMulti             // a multi stands in the cell's sector or its halo
	FallZMismatch         // no record of the cell answers for the request Z
	FallNotBuilt          // the chunk is not resident (admission deferred it)
	FallFlyer             // flyers always take the live rules
	FallDisabled          // the cache is switched off
	FallCaps              // a capability set the cache does not serve (cantWalk without canSwim)
	FallAmphibian         // an amphibian on a record where composition is inexact
	FallCorrupt           // the chunk's file record failed its checksum (rebuilt live)
	NumHitKinds
)

// String names the kind as stats and recordings print it.
func (k HitKind) String() string {
	names := [...]string{"hit", "off_map", "multi", "z_mismatch", "not_built", "flyer", "disabled", "caps", "amphibian", "corrupt"}
	if int(k) < len(names) {
		return names[k]
	}
	return "unknown"
}

// StepMask is a lookup's answer: for a Hit, the directions the mover may step
// in (composition and its diagonal rule applied) and the Z it arrives at.
type StepMask struct {
	Kind HitKind
	Mask uint8   // bit d set: the step in direction d is allowed
	Z    [8]int8 // arrival Z for each allowed direction
}

// IsHit reports whether the mask answers the query.
func (s StepMask) IsHit() bool { return s.Kind == Hit }

// ApplyDiagonalRule turns raw Enter bits into allowed steps: a diagonal needs
// its own bit and one cardinal flank (creatures, staff) or both (andRule:
// non-staff players). Cardinal bits pass unchanged.
func ApplyDiagonalRule(raw uint8, andRule bool) uint8 {
	left := raw<<1 | raw>>7  // bit d-1 moved to d
	right := raw>>1 | raw<<7 // bit d+1 moved to d
	var flank uint8
	if andRule {
		flank = left & right
	} else {
		flank = left | right
	}
	return raw&0x55 | raw&flank&0xAA
}

// Compose is the capability overlay: effective = (walk &^ cantWalk) |
// (wet & canSwim), walk Z preferred, then the diagonal rule of the caps.
func Compose(c *Cell, caps movement.Caps) (mask uint8, z [8]int8) {
	var walk, wet uint8
	if caps&movement.CantWalk == 0 {
		walk = c.Walk
	}
	if caps&movement.CanSwim != 0 {
		wet = c.Wet
	}
	raw := walk | wet
	for d := 0; d < 8; d++ {
		if walk&(1<<d) != 0 {
			z[d] = c.WalkZ[d]
		} else if wet&(1<<d) != 0 {
			z[d] = c.SwimZ[d]
		}
	}
	return ApplyDiagonalRule(raw, caps.AndRule()), z
}
