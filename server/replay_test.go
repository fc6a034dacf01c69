package server

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/pathing"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/stepcache/bake"
)

// recordRun runs a test shard (doors in the town, pets, patrols and
// swimmers) for ticks with the recorder on and returns the server and its
// recording.
func recordRun(t *testing.T, ticks uint64) (*Server, []Record) {
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
	recs, err := ReadRecords(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) < 100 {
		t.Fatalf("only %d searches recorded", len(recs))
	}
	return s, recs
}

func worldsOf(s *Server) []ReplayWorld {
	w := s.World()
	return []ReplayWorld{{Map: w.Map, Tiles: w.Tiles, Fingerprint: w.Fingerprint}}
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
		rep, err := Replay(t.Context(), worldsOf(s), recs, ReplayOptions{Search: search})
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
			case search == "classic" && !o.same(Outcome{Found: r.Found, Steps: r.Steps, Cost: r.Cost}):
				if o.Found || o.Expansions < r.MaxNodes {
					t.Errorf("line %d: classic found %v in %d steps within its budget of %d nodes, recorded %v in %d",
						r.Line, o.Found, o.Steps, r.MaxNodes, r.Found, r.Steps)
				}
				budget++
			case search == "jps" && !o.same(Outcome{Found: r.Found, Steps: r.Steps, Cost: r.Cost}):
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
	if _, err := Replay(t.Context(), worldsOf(s), recs, ReplayOptions{Search: "bogus"}); err == nil {
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
	rep, err := Replay(t.Context(), worldsOf(s), recs, ReplayOptions{})
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
		recs[i].Dyn = []DynCell{}
	}
	rep, err = Replay(t.Context(), worldsOf(s), recs, ReplayOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("without dynamics: %d of %d mismatches, first %v", rep.Mismatches, len(recs), rep.First)
	if rep.Mismatches == 0 {
		t.Error("replayed without the mobiles and doors the searches saw, every search still reproduced: the test run sees no dynamics")
	}
}

// TestReadRecordsVersions: a format 1 line (no "v", no "dyn") reads and
// replays on the static world, counted; a line of a newer format or with a
// cell listed twice is refused with its line number.
func TestReadRecordsVersions(t *testing.T) {
	v1 := `{"tick":3,"map":0,"fp":"1","mobile":5,"start":[10,10],"startZ":0,"goal":[12,10],"range":0,"caps":0,"maxNodes":100,"found":true,"steps":2,"cost":2}`
	recs, err := ReadRecords(strings.NewReader(v1 + "\n"))
	if err != nil || len(recs) != 1 || recs[0].HasDynamics() || recs[0].Line != 1 {
		t.Fatalf("v1 line: %+v, %v", recs, err)
	}
	for _, c := range []struct{ line, want string }{
		{`{"v":3,"tick":1}`, "line 2: format version 3"},
		{`{"v":2,"dyn":[{"x":1,"y":2},{"x":1,"y":2}]}`, "line 2: dyn: cell (1,2) listed twice"},
		{`{"v":2,"dyn":[{"x":1,"y":2,"mobs":[{"id":1,"z":300}]}]}`, "line 2:"},
	} {
		_, err := ReadRecords(bytes.NewReader([]byte(v1 + "\n" + c.line + "\n")))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.line, err, c.want)
		}
	}
}

// TestFinderName: a record names the finder replay runs for it.
func TestFinderName(t *testing.T) {
	s, _ := newTestServer(t, testConfig(t.TempDir()), Options{MaxTicks: 1, Unpaced: true})
	w := s.World()
	rl := movement.NewRules(w.Map, w.Tiles, nil)
	c, err := stepcache.New(stepcache.DefaultConfig(), bake.Shared, rl)
	if err != nil {
		t.Fatal(err)
	}
	for want, f := range map[string]pathing.Finder{
		"classic": pathing.NewClassic(rl), "cache": pathing.NewCached(c, rl), "jps": pathing.NewJPS(c, rl),
	} {
		if got := finderName(f); got != want {
			t.Errorf("finderName(%T) = %q, want %q", f, got, want)
		}
	}
}
