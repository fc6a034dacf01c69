package server

import (
	"os"
	"testing"
)

// TestReplayReproducesRecording records a run and replays it with both
// searches on the same world. The replay's world is static: the recording
// shard's mobiles and doors made some searches differ (longer detours: most
// searches are pets pathing to beside their owner, whose body the replay
// lacks), so the recorded comparison allows up to a quarter of mismatches,
// each a path at least as long as the replayed one; the cache replay of the
// classic replay's own outcomes must match exactly.
func TestReplayReproducesRecording(t *testing.T) {
	cfg := testConfig(t.TempDir())
	cfg.Pathfinding.Recorder.Enable = true
	s, _ := newTestServer(t, cfg, Options{MaxTicks: 300, Unpaced: true})
	if err := s.Run(t.Context()); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(cfg.Pathfinding.Recorder.Path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := ReadRecords(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) < 20 {
		t.Fatalf("only %d searches recorded", len(recs))
	}
	w := s.World()
	for _, search := range []string{"cache", "classic"} {
		rep, err := Replay(t.Context(), w.Map, w.Tiles, w.Fingerprint, recs, ReplayOptions{Search: search})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: recorded %v\nreplayed %v\nmismatches %d", search, rep.Recorded, rep.Replayed, rep.Mismatches)
		if rep.Replayed.Searches != len(recs) || rep.Recorded.Found != rep.Replayed.Found {
			t.Errorf("%s: replayed %d searches, found %d; recorded %d found %d", search,
				rep.Replayed.Searches, rep.Replayed.Found, len(recs), rep.Recorded.Found)
		}
		if rep.Mismatches*4 > len(recs) || rep.FingerprintMismatches != 0 || rep.SkippedMaps != 0 {
			t.Errorf("%s: %d mismatches, %d other fingerprints, %d other maps", search, rep.Mismatches, rep.FingerprintMismatches, rep.SkippedMaps)
		}
		for _, o := range rep.Outcomes {
			r := recs[o.Record]
			if o.Found != r.Found || o.Steps > r.Steps {
				t.Errorf("%s: record %d: replay found %v in %d steps, recorded %v in %d: dynamics only lengthen paths",
					search, o.Record, o.Found, o.Steps, r.Found, r.Steps)
			}
		}
	}
	// Rewrite the records with the classic replay's outcomes: a cache replay
	// of them is exact.
	rep, err := Replay(t.Context(), w.Map, w.Tiles, w.Fingerprint, recs, ReplayOptions{Search: "classic"})
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range rep.Outcomes {
		recs[o.Record].Found, recs[o.Record].Steps, recs[o.Record].Cost = o.Found, o.Steps, o.Cost
	}
	rep, err = Replay(t.Context(), w.Map, w.Tiles, w.Fingerprint, recs, ReplayOptions{Search: "cache"})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Mismatches != 0 {
		t.Errorf("cache replay of the static outcomes: %d mismatches, want 0", rep.Mismatches)
	}
	if _, err := Replay(t.Context(), w.Map, w.Tiles, w.Fingerprint, recs, ReplayOptions{Search: "bogus"}); err == nil {
		t.Error("unknown search: want an error")
	}
}
