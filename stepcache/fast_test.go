package stepcache

import (
	"context"
	"testing"

	"shardcore/movement"
)

// requireSameProbes compares every chunk of r's map built by both probes.
func requireSameProbes(t *testing.T, name string, r *movement.Rules) ProbeReport {
	t.Helper()
	rep, err := CompareProbes(context.Background(), r, nil, 0, 8, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: %v", name, rep)
	for _, d := range rep.Diffs {
		t.Errorf("%s: chunk (%d,%d): fast vs reference: %s", name, d.CX, d.CY, d.Diff)
	}
	if rep.Chunks == 0 || rep.Identical != rep.Chunks {
		t.Fatalf("%s: %d of %d chunks identical", name, rep.Identical, rep.Chunks)
	}
	return rep
}

func TestFastProbeHandWorld(t *testing.T) {
	requireSameProbes(t, "hand-made world", handWorld(t))
}

func TestFastProbeDefaultWorld(t *testing.T) {
	requireSameProbes(t, "default world", defaultRules(t))
}
