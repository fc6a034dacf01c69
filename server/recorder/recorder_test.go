package recorder

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/pathing"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/systems"
	"github.com/shardcore/shardcore/world"
)

func sampleRecord() *systems.PathRecord {
	r := &systems.PathRecord{Tick: 7, MobileID: 42, Party: 41, Start: world.Point{X: 10, Y: 11}, StartZ: -3,
		Goal: world.Point{X: 20, Y: 21}, Range: 1, Caps: movement.CanOpenDoors, Found: true, Steps: 12,
		Cost: 12, Expansions: 40, Duration: 1500 * time.Nanosecond, WaitTicks: 2}
	r.Lookups[chunk.Hit] = 30
	r.Lookups[chunk.FallNotBuilt] = 2
	return r
}

// TestRecorderOffCostsNothing: disabled recording is a bool check with no
// allocation and no output; enabled recording does not allocate either.
func TestRecorderOffCostsNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	var logs syncBuf
	r := New(Options{Path: path, MaxNodes: 100, Fingerprint: 0xabc, Log: testLogger(&logs)})
	rec := sampleRecord()
	if n := testing.AllocsPerRun(1000, func() { r.RecordPath(rec) }); n != 0 {
		t.Errorf("disabled RecordPath: %v allocs, want 0", n)
	}
	if r.Lines() != 0 {
		t.Fatalf("disabled recorder wrote %d lines", r.Lines())
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("disabled recorder created its file: %v", err)
	}
	if err := r.Start(); err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(1000, func() { r.RecordPath(rec) }); n != 0 {
		t.Errorf("enabled RecordPath: %v allocs, want 0", n)
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rd, err := Read(bytes.NewReader(data))
	recs := rd.Records
	if err != nil {
		t.Fatal(err)
	}
	if uint64(len(recs)) != r.Lines() || len(recs) != 1001 {
		t.Fatalf("%d records read, %d written", len(recs), r.Lines())
	}
	got := recs[0]
	want := Record{Version: Version, Line: 1, Tick: 7, Fingerprint: "abc", Mobile: 42, Party: 41, Start: [2]int{10, 11}, StartZ: -3, Goal: [2]int{20, 21}, Range: 1,
		Caps: uint16(movement.CanOpenDoors), MaxNodes: 100, Found: true, Steps: 12, Cost: 12, Expansions: 40, Micros: 1.5, WaitTicks: 2}
	if got.Lookups["hit"] != 30 || got.Lookups["not_built"] != 2 || len(got.Lookups) != 2 {
		t.Errorf("lookups %v", got.Lookups)
	}
	got.Lookups = nil
	if !reflect.DeepEqual(got, want) {
		t.Errorf("record\n got %+v\nwant %+v", got, want)
	}
}

// TestRecorderIOErrorDisablesOnce: a write error switches recording off and
// is logged once, however many searches follow.
func TestRecorderIOErrorDisablesOnce(t *testing.T) {
	var logs syncBuf
	r := New(Options{Path: filepath.Join(t.TempDir(), "r.jsonl"), MaxNodes: 100, Fingerprint: 1, Log: testLogger(&logs)})
	if err := r.Start(); err != nil {
		t.Fatal(err)
	}
	_ = r.f.Close() // the disk goes away underneath
	rec := sampleRecord()
	for range 5000 { // > 64 KiB: the buffer must reach the file
		r.RecordPath(rec)
	}
	if r.Enabled() || r.Err() == nil {
		t.Fatalf("after an IO error: enabled %v err %v", r.Enabled(), r.Err())
	}
	if n := logs.count("recorder: write failed"); n != 1 {
		t.Errorf("%d error lines, want 1:\n%s", n, logs.String())
	}
	if err := r.Flush(); err == nil {
		t.Error("Flush after the error: want an error")
	}
	if n := logs.count("recorder: write failed"); n != 1 {
		t.Errorf("%d error lines after Flush, want 1", n)
	}
}

// fakeDyn is a few cells of dynamics: a closed door and two mobiles.
type fakeDyn struct {
	items map[[2]int][]movement.Item
	mobs  map[[2]int][]movement.Mobile
}

func (d *fakeDyn) ItemsAt(_ world.MapID, x, y int, dst []movement.Item) []movement.Item {
	return append(dst, d.items[[2]int{x, y}]...)
}

func (d *fakeDyn) MobilesAt(_ world.MapID, x, y int, dst []movement.Mobile) []movement.Mobile {
	return append(dst, d.mobs[[2]int{x, y}]...)
}

// TestInstrumentedSearchCostsNothing: a search through Instrument's finder
// and its record allocate nothing, recording on or off (after the tap's
// storage has grown once), and the line lists exactly the cells with
// dynamics the search asked about.
func TestInstrumentedSearchCostsNothing(t *testing.T) {
	w := testWorld(t)
	cache, err := stepcache.New(stepcache.DefaultConfig(), bake.Shared, movement.NewRules(w.Map, w.Tiles, nil))
	if err != nil {
		t.Fatal(err)
	}
	// A walker at (100,100) heading 10 cells east; a mobile on its first
	// step east (the cache A*'s straight line stops there) and a door
	// beside it (the first expansion asks about both), a mobile far off.
	dyn := &fakeDyn{
		items: map[[2]int][]movement.Item{{101, 101}: {{ID: 0x6A5, Z: 0}}},
		mobs:  map[[2]int][]movement.Mobile{{101, 100}: {{ID: 9, Z: 0}}, {300, 300}: {{ID: 8}}},
	}
	rules := movement.NewRules(w.Map, w.Tiles, dyn)
	path := filepath.Join(t.TempDir(), "r.jsonl")
	r := New(Options{Path: path, MaxNodes: 100, Fingerprint: 0xabc, Log: testLogger(&syncBuf{})})
	for _, cached := range []bool{false, true} {
		o := systems.Options{}
		if cached {
			o.Backend = systems.NewCacheBackend(cache, systems.SearchCache)
		}
		o = r.Instrument(o)
		f := o.Backend.Finder(rules.Clone())
		req := pathing.Request{Start: world.Point{X: 100, Y: 100}, Goal: world.Point{X: 110, Y: 100}, MaxNodes: 2000,
			Mover: movement.Mover{Caps: movement.CanOpenDoors, Self: 1}}
		var res pathing.Result
		rec := sampleRecord()
		search := func() {
			f.Find(&req, &res)
			o.Recorder.RecordPath(rec)
		}
		search()
		if !res.Found {
			t.Fatal("no path")
		}
		if n := testing.AllocsPerRun(200, search); n != 0 {
			t.Errorf("cached %v, recording off: %v allocs per search, want 0", cached, n)
		}
		if err := r.Start(); err != nil {
			t.Fatal(err)
		}
		search()
		if n := testing.AllocsPerRun(200, search); n != 0 {
			t.Errorf("cached %v, recording on: %v allocs per search, want 0", cached, n)
		}
		if err := r.Stop(); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rd, err := Read(bytes.NewReader(data))
	recs := rd.Records
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 2*202 {
		t.Fatalf("%d lines, want %d", len(recs), 2*202)
	}
	want := []DynCell{{X: 101, Y: 100, Mobs: []DynMobile{{ID: 9}}}, {X: 101, Y: 101, Items: []DynItem{{ID: 0x6A5}}}}
	for i, rc := range []Record{recs[0], recs[len(recs)-1]} {
		got := slices.Clone(rc.Dyn)
		slices.SortFunc(got, func(a, b DynCell) int { return (a.X-b.X)*1000 + a.Y - b.Y })
		if !reflect.DeepEqual(got, want) || !rc.HasDynamics() {
			t.Errorf("line %d (%s): dyn %+v, want %+v", rc.Line, []string{"classic", "cache"}[i], got, want)
		}
	}
	if recs[0].Search != "classic" || recs[len(recs)-1].Search != "cache" {
		t.Errorf("searches %q, %q", recs[0].Search, recs[len(recs)-1].Search)
	}
}

// BenchmarkRecorderTap: a cache-A* search among dynamics, with the finder
// bare, under Instrument with recording off, and on (the line written to
// a file).
func BenchmarkRecorderTap(b *testing.B) {
	w := testWorld(b)
	cache, err := stepcache.New(stepcache.DefaultConfig(), bake.Shared, movement.NewRules(w.Map, w.Tiles, nil))
	if err != nil {
		b.Fatal(err)
	}
	dyn := &fakeDyn{items: map[[2]int][]movement.Item{}, mobs: map[[2]int][]movement.Mobile{}}
	for i := 0; i < 40; i++ { // a crowd along the way
		dyn.mobs[[2]int{100 + i%20, 98 + i/10}] = []movement.Mobile{{ID: uint64(10 + i)}}
	}
	rules := movement.NewRules(w.Map, w.Tiles, dyn)
	r := New(Options{Path: filepath.Join(b.TempDir(), "r.jsonl"), MaxNodes: 100, Fingerprint: 1, Log: testLogger(&syncBuf{})})
	defer r.Close()
	req := pathing.Request{Start: world.Point{X: 95, Y: 100}, Goal: world.Point{X: 125, Y: 101}, MaxNodes: 4000,
		Mover: movement.Mover{Caps: movement.CanOpenDoors, Self: 1}}
	rec := sampleRecord()
	for _, mode := range []string{"bare", "off", "on"} {
		o := systems.Options{Backend: systems.NewCacheBackend(cache, systems.SearchCache)}
		if mode != "bare" {
			o = r.Instrument(o)
		}
		f := o.Backend.Finder(rules.Clone())
		if mode == "on" {
			if err := r.Start(); err != nil {
				b.Fatal(err)
			}
		}
		b.Run(mode, func(b *testing.B) {
			var res pathing.Result
			for b.Loop() {
				f.Find(&req, &res)
				if o.Recorder != nil {
					o.Recorder.RecordPath(rec)
				}
			}
		})
	}
}

// busyBackend is the live rules with background work to report.
type busyBackend struct {
	systems.LiveBackend
	busy bool
}

func (b *busyBackend) BackgroundWork() bool { return b.busy }

// TestInstrumentedBackendReportsBackgroundWork: the recorder's tap keeps
// the inner backend's word on background work (the Sim's helpers rest on
// it, so the cache's builders get the cores), and a backend without
// workers has none.
func TestInstrumentedBackendReportsBackgroundWork(t *testing.T) {
	r := New(Options{Path: filepath.Join(t.TempDir(), "r.jsonl"), MaxNodes: 100, Log: testLogger(&syncBuf{})})
	inner := &busyBackend{}
	o := r.Instrument(systems.Options{Backend: inner})
	bw, ok := o.Backend.(systems.BackgroundWorker)
	if !ok {
		t.Fatalf("instrumented backend %T reports no background work", o.Backend)
	}
	for _, busy := range []bool{false, true} {
		inner.busy = busy
		if bw.BackgroundWork() != busy {
			t.Errorf("inner busy %v: instrumented says %v", busy, bw.BackgroundWork())
		}
	}
	live := r.Instrument(systems.Options{}).Backend.(systems.BackgroundWorker)
	if live.BackgroundWork() {
		t.Error("the live rules, instrumented, report background work")
	}
}
