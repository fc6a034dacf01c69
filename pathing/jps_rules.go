package pathing

import (
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/chunk"
)

// The jump rules over a regular cell's 3×3 block. nb is the block's open
// bits: bit k set when the neighbour in direction k is open. The rules are
// derived (and proven) in doc.go; rule 0 is the creature diagonal rule (one
// open flank), rule 1 the player's (both flanks).

// allowedDirs[rule][nb] is the set of grid steps out of the block's centre.
var allowedDirs [2][256]uint8

// jumpSucc[rule][d][nb] is the set of directions a node reached by a step
// in d expands into: the natural ones (d; for a diagonal also its two
// cardinal components) and the forced ones, each only if allowed.
var jumpSucc [2][8][256]uint8

// natural[d] is d's natural successor set.
var natural [8]uint8

func init() {
	for d := movement.Dir(0); d < 8; d++ {
		natural[d] = bit(d)
		if d.Diagonal() {
			natural[d] |= bit(d-1) | bit(d+1)
		}
	}
	for rule := 0; rule < 2; rule++ {
		and := rule == 1
		for nb := 0; nb < 256; nb++ {
			allowed := chunk.ApplyDiagonalRule(uint8(nb), and)
			allowedDirs[rule][nb] = allowed
			for d := movement.Dir(0); d < 8; d++ {
				jumpSucc[rule][d][nb] = (natural[d] | forcedDirs(uint8(nb), d, and)) & allowed
			}
		}
	}
}

// bit is the direction set holding only d (taken mod 8).
func bit(d movement.Dir) uint8 { return 1 << (d & 7) }

// open reports whether nb has direction d (mod 8) open.
func open(nb uint8, d movement.Dir) bool { return nb&bit(d) != 0 }

// forcedDirs is the forced part of a step in d's successors (before the
// allowed filter): see doc.go, "Forced neighbours".
func forcedDirs(nb uint8, d movement.Dir, and bool) uint8 {
	var f uint8
	switch {
	case !d.Diagonal() && and:
		// E, player: N and NE when NW is blocked and N open (and mirrored).
		if !open(nb, d-3) && open(nb, d-2) {
			f |= bit(d-2) | bit(d-1)
		}
		if !open(nb, d+3) && open(nb, d+2) {
			f |= bit(d+2) | bit(d+1)
		}
	case !d.Diagonal():
		// E, creature: NE when N is blocked (and mirrored).
		if !open(nb, d-2) {
			f |= bit(d - 1)
		}
		if !open(nb, d+2) {
			f |= bit(d + 1)
		}
	case !and:
		// NE, creature: NW when W is blocked, SE when S is blocked.
		if !open(nb, d-3) {
			f |= bit(d - 2)
		}
		if !open(nb, d+3) {
			f |= bit(d + 2)
		}
	}
	return f
}

// blockBits[i] turns a 3×3 window (bits 0..2: row above, 3..5: the row,
// 6..8: row below; bit 0 of each triple is the west column) into nb.
var blockBits = func() (t [512]uint8) {
	// position of each direction in the 9-bit window
	pos := [8]uint{1, 2, 5, 8, 7, 6, 3, 0}
	for w := 0; w < 512; w++ {
		var nb uint8
		for d, p := range pos {
			if w&(1<<p) != 0 {
				nb |= 1 << d
			}
		}
		t[w] = nb
	}
	return t
}()
