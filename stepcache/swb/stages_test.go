package swb

import (
	"math/rand/v2"
	"testing"

	"shardcore/stepcache"
)

// TestStagesSynthetic logs the stage table on synthetic land and checks the
// final row is the size Write really produces.
func TestStagesSynthetic(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	var chunks []*stepcache.Chunk
	for i := range 200 {
		switch {
		case i%3 == 0:
			chunks = append(chunks, uniformChunk(rng, 0))
		case i%7 == 0:
			chunks = append(chunks, hillChunk(rng, true))
		default:
			chunks = append(chunks, hillChunk(rng, false))
		}
	}
	st, err := Stages(chunks)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range st {
		t.Logf("%-70s %10d", s.Name, s.Bytes)
	}
}
