package stepcache

import "github.com/shardcore/shardcore/movement"

// Chunk geometry.
const (
	ChunkSize  = 16
	ChunkCells = ChunkSize * ChunkSize
)

// Cell info bits (Cell.Info).
const (
	// InfoValidBelow2 .. InfoValidAbove2: the record's answers also hold for a
	// request at Z-2, Z-1, Z+1, Z+2 (checked at bake time by probing there).
	InfoValidBelow2 uint8 = 1 << iota
	InfoValidBelow1
	InfoValidAbove1
	InfoValidAbove2
	// InfoAmphibianInexact: composing walk and wet for an amphibian (canSwim
	// without cantWalk) differs from the live rule somewhere in this record;
	// such movers fall through here.
	InfoAmphibianInexact
	// InfoLiveOnly: the record's answers do not fit its int8 fields (a Z
	// beyond -128..127); it answers no request, which falls through.
	InfoLiveOnly
)

// InfoWindow is the mask of the four validity-window bits.
const InfoWindow = InfoValidBelow2 | InfoValidBelow1 | InfoValidAbove1 | InfoValidAbove2

// Cell is what a cell answers for a request at one standing Z: raw per-direction
// Enter results (bit d = direction d; diagonal bits ignore flanks, so one byte
// serves both diagonal rules) under the walker rules (no canSwim, no cantWalk)
// and the swimmer rules (canSwim + cantWalk), with the destination Z of each
// enterable direction (0 where not enterable).
type Cell struct {
	Z     int8 // the standing Z this record answers for (SourceZ)
	Walk  uint8
	Wet   uint8
	Info  uint8
	WalkZ [8]int8
	SwimZ [8]int8
}

// Chunk is 16×16 cells of static-world answers. Cells[i] is cell
// (i%16, i/16) of the chunk, answering at its SourceZ; multi-Z cells have extra
// records (strata) for their other standing Zs. A chunk is immutable once
// built, so identical chunks may be one shared object.
type Chunk struct {
	Cells [ChunkCells]Cell
	// StrataStart[c]..StrataStart[c+1] index cell c's extra records in Strata,
	// sorted by Z. Nil when no cell of the chunk has strata.
	StrataStart *[ChunkCells + 1]uint16
	Strata      []Cell
}

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
