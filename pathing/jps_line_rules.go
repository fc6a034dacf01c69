package pathing

import "github.com/shardcore/shardcore/movement"

// The line probe's tables: its directions and its step rules.

// lineToward is dirToward padded to 4×4, for indexes that need no bounds
// check.
var lineToward = [4][4]movement.Dir{
	{dirToward[0][0], dirToward[0][1], dirToward[0][2]},
	{dirToward[1][0], dirToward[1][1], dirToward[1][2]},
	{dirToward[2][0], dirToward[2][1], dirToward[2][2]},
}

// lineOK[and][d][m] says whether a record's raw mask m (or a regular
// cell's block bits, Lemma 1) allows a step in d under the diagonal rule
// (and: the player's): lineRule's need and flank, one load.
var lineOK = func() (t [2][8][256]bool) {
	for a := range 2 {
		for d := movement.Dir(0); d < 8; d++ {
			need, flank := lineRule(d, a == 1)
			for m := range 256 {
				t[a][d][m] = uint8(m)&need == need && uint8(m)&flank != 0
			}
		}
	}
	return t
}()

// lineRule returns what a record's raw mask must hold for a step in d
// under the diagonal rule (and: the player's), as
// chunk.ApplyDiagonalRule decides: every bit of need and one of flank
// (a creature's diagonal: its flanks; 0xFF otherwise).
func lineRule(d movement.Dir, and bool) (need, flank uint8) {
	need, flank = 1<<d, 0xFF
	if d.Diagonal() {
		l, r := d.Flanks()
		if and {
			need |= 1<<l | 1<<r
		} else {
			flank = 1<<l | 1<<r
		}
	}
	return need, flank
}
