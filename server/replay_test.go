package server

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/shardcore/shardcore/server/recorder"
	"github.com/shardcore/shardcore/server/replay"
)

// recordRun runs a test shard (doors in the town, pets, patrols and
// swimmers) for ticks with the recorder on and returns the server and its
// recording.
func recordRun(t *testing.T, ticks uint64) (*Server, []recorder.Record) {
	t.Helper()
	cfg := testConfig(t.TempDir())
	cfg.Pathfinding.Recorder.Enable = true
	cfg.Shard.Population.Pets, cfg.Shard.Population.Patrols = 30, 60 // pets chase their owners: patrols make most searches
	s, _ := newTestServer(t, cfg, Options{MaxTicks: ticks, Unpaced: true})
	if err := s.Run(t.Context()); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(cfg.Pathfinding.Recorder.Path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rd, err := recorder.Read(f)
	recs := rd.Records
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) < 100 {
		t.Fatalf("only %d searches recorded", len(recs))
	}
	return s, recs
}

func worldsOf(s *Server) []replay.World {
	w := s.World()
	return []replay.World{{Map: w.Map, Tiles: w.Tiles, Fingerprint: w.Fingerprint}}
}

// TestReplayReproducesRecording records a shard run whose searches saw
// doors and mobiles and replays it: every search reproduces (found, steps,
// cost, and with its own finder the expansions too), with the cache A*
// as well; with classic A* and the jump search (the searches are optimal,
// so equal costs) only a search that ran out of its node budget may differ. Before the
// recording carried dynamics, the replay ran on the static world and
// searches differed (see TestReplayTamperedRecording).
func TestReplayReproducesRecording(t *testing.T) {
	s, recs := recordRun(t, 1000)
	var cells, items, mobs, static int
	for _, r := range recs {
		if !r.HasDynamics() || r.Search != "cache" || r.MaxNodes <= 0 {
			static++
		}
		for _, c := range r.Dyn {
			cells++
			items += len(c.Items)
			mobs += len(c.Mobs)
		}
	}
	t.Logf("%d searches saw %d cells: %d items, %d mobiles", len(recs), cells, items, mobs)
	if static != 0 || items == 0 || mobs <= len(recs) {
		t.Fatalf("%d records without dynamics, search or budget; %d items and %d mobiles seen: want doors and other mobiles", static, items, mobs)
	}
	for _, search := range []string{"recorded", "cache", "classic", "jps"} {
		rep, err := replay.Run(t.Context(), worldsOf(s), recs, replay.Options{Search: search})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: recorded %v\nreplayed %v\nmismatches %d", search, rep.Recorded, rep.Replayed, rep.Mismatches)
		if rep.Replayed.Searches != len(recs) || rep.Static != 0 || rep.FingerprintMismatches != 0 {
			t.Fatalf("%s: %d of %d searches replayed, %d static, %d other fingerprints", search, rep.Replayed.Searches, len(recs), rep.Static, rep.FingerprintMismatches)
		}
		if (search == "recorded" || search == "cache") && (!rep.Reproduced() || rep.Err() != nil) {
			t.Errorf("%s: %d mismatches, first %v", search, rep.Mismatches, rep.First)
		}
		budget := 0
		for _, o := range rep.Outcomes {
			r := &recs[o.Record]
			switch {
			case search == "recorded" && o.Expansions != r.Expansions:
				t.Errorf("line %d: %d expansions replayed with its own finder, %d recorded", r.Line, o.Expansions, r.Expansions)
			case search == "classic" && !sameOutcome(o, r):
				if o.Found || o.Expansions < r.MaxNodes {
					t.Errorf("line %d: classic found %v in %d steps within its budget of %d nodes, recorded %v in %d",
						r.Line, o.Found, o.Steps, r.MaxNodes, r.Found, r.Steps)
				}
				budget++
			case search == "jps" && !sameOutcome(o, r):
				// The jump search's budget counts scan work too: only a
				// search one of the two gave up on may differ.
				if o.Found && r.Found {
					t.Errorf("line %d: jump search found %d steps cost %g, recorded %d cost %g", r.Line, o.Steps, o.Cost, r.Steps, r.Cost)
				}
				budget++
			}
		}
		if budget != rep.Mismatches {
			t.Errorf("%s: %d mismatches, %d of them a budget run out", search, rep.Mismatches, budget)
		}
	}
	if _, err := replay.Run(t.Context(), worldsOf(s), recs, replay.Options{Search: "bogus"}); err == nil {
		t.Error("unknown search: want an error")
	}
}

// TestReplayTamperedRecording: a record whose outcome was changed, or
// whose search lost a mobile it saw, does not reproduce, and the report
// names the first such line.
func TestReplayTamperedRecording(t *testing.T) {
	s, recs := recordRun(t, 500)
	k := -1
	for i, r := range recs {
		if r.Found && r.Steps > 1 {
			k = i
			break
		}
	}
	if k < 0 {
		t.Fatal("no found path to tamper with")
	}
	recs[k].Steps++
	recs[k].Cost++
	rep, err := replay.Run(t.Context(), worldsOf(s), recs, replay.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Mismatches != 1 || rep.First == nil || rep.First.Record.Line != recs[k].Line || rep.Err() == nil {
		t.Fatalf("tampered line %d: %d mismatches, first %v", recs[k].Line, rep.Mismatches, rep.First)
	}
	if msg := rep.Err().Error(); !strings.Contains(msg, "line "+strconv.Itoa(recs[k].Line)+" ") || !strings.Contains(msg, "1 of ") {
		t.Errorf("error does not name the line: %s", msg)
	}
	recs[k].Steps--
	recs[k].Cost--
	// Drop what the searches saw: some must change (the static world).
	for i := range recs {
		recs[i].Dyn = []recorder.DynCell{}
	}
	rep, err = replay.Run(t.Context(), worldsOf(s), recs, replay.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("without dynamics: %d of %d mismatches, first %v", rep.Mismatches, len(recs), rep.First)
	if rep.Mismatches == 0 {
		t.Error("replayed without the mobiles and doors the searches saw, every search still reproduced: the test run sees no dynamics")
	}
}

// sameOutcome reports whether o found what r recorded (found, steps,
// cost).
func sameOutcome(o replay.Outcome, r *recorder.Record) bool {
	return o.Found == r.Found && o.Steps == r.Steps && o.Cost == r.Cost
}
