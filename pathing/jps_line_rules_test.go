package pathing

import (
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/chunk"
)

// TestLineOKMatchesDiagonalRule: the line probe's one-bit step test agrees
// with the step cache's diagonal rule on every raw mask, direction and
// rule (creature and player).
func TestLineOKMatchesDiagonalRule(t *testing.T) {
	for a, and := range []bool{false, true} {
		for d := movement.Dir(0); d < 8; d++ {
			for m := range 256 {
				want := chunk.ApplyDiagonalRule(uint8(m), and)&(1<<d) != 0
				got := lineOK[a][d][m]
				if got != want {
					t.Fatalf("and %v dir %v mask %08b: lineOK %v, diagonal rule %v", and, d, m, got, want)
				}
			}
		}
	}
}
