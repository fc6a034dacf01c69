package replay

import (
	"strings"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/pathing"
	"github.com/shardcore/shardcore/server/recorder"
	"github.com/shardcore/shardcore/world/gen"
)

// testWorlds is the generator's world at 512×512 as the one map a replay
// runs on.
func testWorlds(t *testing.T) []World {
	t.Helper()
	w, err := gen.Generate(t.Context(), gen.Options{Seed: 1, Width: 512, Height: 512})
	if err != nil {
		t.Fatal(err)
	}
	return []World{{Map: w.Map, Tiles: w.Tiles, Fingerprint: 0xabc}}
}

// classicRecord is a record of a classic search from start to goal on w,
// with the outcome the search gives.
func classicRecord(t *testing.T, w World, start, goal [2]int) recorder.Record {
	t.Helper()
	r := recorder.Record{Version: recorder.Version, Fingerprint: "abc", Search: "classic", Mobile: 1,
		Start: start, Goal: goal, MaxNodes: 4000, Dyn: []recorder.DynCell{}}
	req := request(&r, 8)
	var res pathing.Result
	pathing.NewClassic(movement.NewRules(w.Map, w.Tiles, nil)).Find(&req, &res)
	r.Found, r.Steps, r.Cost = res.Found, len(res.Dirs), res.Cost
	return r
}

// TestRunReproducesAndCounts: records of classic searches reproduce with
// every finder; a tampered one is the first mismatch, a record of another
// map is skipped and one of other client files counted.
func TestRunReproducesAndCounts(t *testing.T) {
	ws := testWorlds(t)
	recs := []recorder.Record{
		classicRecord(t, ws[0], [2]int{100, 100}, [2]int{110, 100}),
		classicRecord(t, ws[0], [2]int{100, 100}, [2]int{105, 108}),
	}
	if !recs[0].Found || !recs[1].Found {
		t.Fatalf("the test searches found no path: %+v", recs)
	}
	for _, search := range []string{"recorded", "classic", "cache", "jps"} {
		rep, err := Run(t.Context(), ws, recs, Options{Search: search})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Err() != nil || rep.Replayed.Searches != 2 || rep.Replayed.Found != 2 {
			t.Errorf("%s: %v, %+v", search, rep.Err(), rep.Replayed)
		}
	}
	tampered := append([]recorder.Record{}, recs...)
	tampered[1].Steps++
	other := recs[0]
	other.Map, other.Line = 1, 3
	tampered = append(tampered, other)
	tampered[0].Fingerprint = "def"
	rep, err := Run(t.Context(), ws, tampered, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Mismatches != 1 || rep.First == nil || rep.First.Record.Steps != recs[1].Steps+1 || rep.SkippedMaps != 1 || rep.FingerprintMismatches != 1 {
		t.Errorf("tampered: %d mismatches (first %v), %d skipped, %d other fingerprints", rep.Mismatches, rep.First, rep.SkippedMaps, rep.FingerprintMismatches)
	}
}

// TestFiguresQuantiles: nearest-rank quantiles of the searches' times.
func TestFiguresQuantiles(t *testing.T) {
	us := make([]float64, 100)
	for i := range us {
		us[i] = float64(100 - i)
	}
	f := figures(us, 3, 7, [len(pathing.Result{}.Lookups)]int64{})
	if f.Searches != 100 || f.P50US != 50 || f.P99US != 99 || f.MeanUS != 50.5 || f.Found != 3 {
		t.Errorf("%+v", f)
	}
}

// TestRunRefusesRequestsOffTheMap: a record whose start or goal is off its
// map, or whose Z, range or node budget no shard makes, is refused naming
// its line before any search (a start at x = 99999999999 once ran the
// cache A* out of memory).
func TestRunRefusesRequestsOffTheMap(t *testing.T) {
	ws := testWorlds(t)
	good := classicRecord(t, ws[0], [2]int{100, 100}, [2]int{110, 100})
	for what, edit := range map[string]func(r *recorder.Record){
		"start (99999999999,5) is off the map": func(r *recorder.Record) { r.Start = [2]int{99999999999, 5} },
		"goal (3000000,5) is off the map":      func(r *recorder.Record) { r.Goal = [2]int{3000000, 5} },
		"goal (-1,5) is off the map":           func(r *recorder.Record) { r.Goal = [2]int{-1, 5} },
		"startZ 300":                           func(r *recorder.Record) { r.StartZ = 300 },
		"range -2":                             func(r *recorder.Record) { r.Range = -2 },
		"maxNodes 99999999999":                 func(r *recorder.Record) { r.MaxNodes = 99999999999 },
	} {
		bad := good
		bad.Line = 7
		edit(&bad)
		for _, search := range []string{"cache", "classic", "jps"} {
			rep, err := Run(t.Context(), ws, []recorder.Record{good, bad}, Options{Search: search})
			if err == nil || !strings.Contains(err.Error(), "line 7: "+what) || rep.Replayed.Searches != 0 {
				t.Errorf("%s, %s: %v (%d searches run)", what, search, err, rep.Replayed.Searches)
			}
		}
	}
}
