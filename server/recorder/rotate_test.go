//go:build unix

package recorder

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// readLines reads the recording at path (none: nil), failing the test on
// an error or a cut line.
func readLines(t *testing.T, path string) []Record {
	t.Helper()
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	rd, err := Read(bytes.NewReader(data))
	if err != nil || rd.CutLine != 0 {
		t.Fatalf("%s: %v, cut line %d", path, err, rd.CutLine)
	}
	return rd.Records
}

// TestRecorderRotates: the file is rotated before it would pass maxBytes,
// keeping keep files (PATH.1 the newest), every file whole lines under the
// cap, and no line lost but those of files past keep; lines drained from a
// map's buffer rotate between two lines too.
func TestRecorderRotates(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "r.jsonl")
	const maxBytes, keep = 8 << 10, 2
	r := New(Options{Path: path, MaxBytes: maxBytes, Keep: keep, MaxNodes: 100, Log: testLogger(&syncBuf{})})
	if err := r.Start(); err != nil {
		t.Fatal(err)
	}
	rec := sampleRecord()
	buf := NewBuffer(1, 100)
	buf.SetOn(true)
	for i := range 400 {
		rec.Tick = uint64(i)
		if i%2 == 0 {
			r.RecordPath(rec)
			continue
		}
		buf.put(appendRecord(nil, rec, buf.meta()))
		r.Drain(buf)
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	if r.Rotations() < 4 {
		t.Fatalf("%d rotations of %d lines into %d-byte files", r.Rotations(), r.Lines(), maxBytes)
	}
	var ticks []uint64
	for i := keep; i >= 0; i-- {
		p := path
		if i > 0 {
			p = fmt.Sprintf("%s.%d", path, i)
		}
		if fi, err := os.Stat(p); err != nil || fi.Size() > maxBytes {
			t.Fatalf("%s: %v (size over %d?)", p, err, maxBytes)
		}
		for _, rc := range readLines(t, p) {
			ticks = append(ticks, rc.Tick)
		}
	}
	if _, err := os.Stat(fmt.Sprintf("%s.%d", path, keep+1)); !os.IsNotExist(err) {
		t.Errorf("more than %d rotated files kept: %v", keep, err)
	}
	for i := 1; i < len(ticks); i++ {
		if ticks[i] != ticks[i-1]+1 {
			t.Fatalf("the kept files do not hold consecutive lines: tick %d after %d", ticks[i], ticks[i-1])
		}
	}
	if ticks[len(ticks)-1] != 399 || len(ticks) < 2*maxBytes/400 {
		t.Errorf("kept ticks %d..%d (%d lines)", ticks[0], ticks[len(ticks)-1], len(ticks))
	}
}

// fullFS is the real file system whose disk is full once room bytes have
// been written: a write then writes what fits and fails with ENOSPC.
type fullFS struct {
	OSFS
	room *int
}

type fullFile struct {
	File
	room *int
}

func (f fullFS) OpenAppend(path string) (File, int64, error) {
	file, size, err := f.OSFS.OpenAppend(path)
	if err != nil {
		return nil, 0, err
	}
	return fullFile{file, f.room}, size, nil
}

func (f fullFile) Write(p []byte) (int, error) {
	if len(p) <= *f.room {
		*f.room -= len(p)
		return f.File.Write(p)
	}
	n, err := f.File.Write(p[:*f.room])
	*f.room = 0
	if err == nil {
		err = &os.PathError{Op: "write", Path: "r.jsonl", Err: syscall.ENOSPC}
	}
	return n, err
}

// TestRecorderSurvivesAFullDisk: the disk fills mid-line: recording stops
// with one warning, the file is cut back to its last whole line (it used
// to end in half a line that replay refused), the lost lines are counted,
// and Close reports the error without losing what was written.
func TestRecorderSurvivesAFullDisk(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	room := 100_000
	var logs syncBuf
	r := New(Options{Path: path, MaxNodes: 100, Log: testLogger(&logs), FS: fullFS{room: &room}})
	if err := r.Start(); err != nil {
		t.Fatal(err)
	}
	rec := sampleRecord()
	for range 5000 {
		r.RecordPath(rec)
	}
	if r.Enabled() || r.Err() == nil || !errors.Is(r.Err(), syscall.ENOSPC) {
		t.Fatalf("after the disk filled: enabled %v, err %v", r.Enabled(), r.Err())
	}
	if n := logs.count(`"level":"warn"`); n != 1 || logs.count("recorder: write failed") != 1 {
		t.Errorf("%d warnings:\n%s", n, logs.String())
	}
	_ = r.Close()
	got := readLines(t, path)
	if uint64(len(got)) != r.Lines() || len(got) == 0 || r.Dropped() == 0 || r.Lines()+r.Dropped() > 5000 {
		t.Errorf("%d whole lines in the file, %d recorded, %d dropped", len(got), r.Lines(), r.Dropped())
	}
}

// TestRecorderCutsACutLineAtStart: a file whose last line was cut (its
// writer killed) is cut back to its last whole line when recording starts
// again, with a warning, so the new lines do not glue onto the cut one.
func TestRecorderCutsACutLineAtStart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	whole := `{"v":2,"tick":1,"map":0,"fp":"1","mobile":1,"start":[1,1],"startZ":0,"goal":[2,2],"range":0,"caps":0,"maxNodes":9,"found":false,"steps":0,"cost":0}` + "\n"
	if err := os.WriteFile(path, []byte(whole+whole[:40]), 0o644); err != nil {
		t.Fatal(err)
	}
	var logs syncBuf
	r := New(Options{Path: path, MaxNodes: 100, Log: testLogger(&logs)})
	if err := r.Start(); err != nil {
		t.Fatal(err)
	}
	r.RecordPath(sampleRecord())
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	if got := readLines(t, path); len(got) != 2 || got[0].Tick != 1 || got[1].Tick != 7 {
		t.Fatalf("%+v", got)
	}
	if logs.count("cut back to its last whole line") != 1 {
		t.Errorf("no warning:\n%s", logs.String())
	}
}

// TestReadCutLastLine: a recording whose last line is cut reads, the cut
// line counted (CutLine) and not among the records; a cut line elsewhere,
// or a whole bad last line, is still an error; an over-long line is an
// error naming its line.
func TestReadCutLastLine(t *testing.T) {
	whole := `{"v":2,"tick":1,"map":0,"fp":"1","mobile":1,"start":[1,1],"startZ":0,"goal":[2,2],"range":0,"caps":0,"maxNodes":9,"found":false,"steps":0,"cost":0}`
	rd, err := Read(strings.NewReader(whole + "\n" + whole + "\n" + whole[:50]))
	if err != nil || len(rd.Records) != 2 || rd.CutLine != 3 {
		t.Fatalf("cut last line: %d records, cut line %d, %v", len(rd.Records), rd.CutLine, err)
	}
	if rd, err := Read(strings.NewReader(whole + "\n" + whole)); err != nil || len(rd.Records) != 2 || rd.CutLine != 0 {
		t.Errorf("a whole last line without its newline: %d records, cut %d, %v", len(rd.Records), rd.CutLine, err)
	}
	if _, err := Read(strings.NewReader(whole[:50] + "\n" + whole + "\n")); err == nil || !strings.Contains(err.Error(), "line 1") {
		t.Errorf("a cut line before the last: %v", err)
	}
	if _, err := Read(strings.NewReader(whole + "\n" + whole[:50] + "\n")); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("a bad last line ending in a newline: %v", err)
	}
	long := whole + "\n" + `{"v":2,"x":"` + strings.Repeat("a", MaxLineBytes) + `"}` + "\n"
	if _, err := Read(strings.NewReader(long)); err == nil || !strings.Contains(err.Error(), "line 2: longer than") {
		t.Errorf("a line over %d bytes: %v", MaxLineBytes, err)
	}
}

// TestRecorderRefusesANamedPipe: a named pipe at the recording's path is
// refused at Start instead of blocking the shard on opening it.
func TestRecorderRefusesANamedPipe(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skip(err)
	}
	r := New(Options{Path: path, Log: testLogger(&syncBuf{})})
	if err := r.Start(); err == nil || !strings.Contains(err.Error(), "named pipe") {
		t.Errorf("Start on a named pipe: %v", err)
	}
}
