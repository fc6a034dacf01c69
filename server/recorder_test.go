package server

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"shardcore/movement"
	"shardcore/stepcache"
	"shardcore/systems"
)

func sampleRecord() *systems.PathRecord {
	r := &systems.PathRecord{Tick: 7, MobileID: 42, Party: 41, Start: movement.Point{X: 10, Y: 11}, StartZ: -3,
		Goal: movement.Point{X: 20, Y: 21}, Range: 1, Caps: movement.CanOpenDoors, Found: true, Steps: 12,
		Cost: 12, Expansions: 40, Duration: 1500 * time.Nanosecond, WaitTicks: 2}
	r.Lookups[stepcache.Hit] = 30
	r.Lookups[stepcache.FallNotBuilt] = 2
	return r
}

// TestRecorderOffCostsNothing: disabled recording is a bool check with no
// allocation and no output; enabled recording does not allocate either.
func TestRecorderOffCostsNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	var logs syncBuf
	r := NewRecorder(path, 100, 0xabc, testLogger(&logs))
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
	recs, err := ReadRecords(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if uint64(len(recs)) != r.Lines() || len(recs) != 1001 {
		t.Fatalf("%d records read, %d written", len(recs), r.Lines())
	}
	got := recs[0]
	want := Record{Tick: 7, Fingerprint: "abc", Mobile: 42, Party: 41, Start: [2]int{10, 11}, StartZ: -3, Goal: [2]int{20, 21}, Range: 1,
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
	r := NewRecorder(filepath.Join(t.TempDir(), "r.jsonl"), 100, 1, testLogger(&logs))
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
