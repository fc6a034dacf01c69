package server

import (
	"bytes"
	"errors"
	"strconv"
	"strings"
	"testing"
)

// TestTimeline: Options.Timeline gets a header and one line per map per
// tick, ticks in order; a map's stages fit in its part of the tick, which
// fits in the shard's; the lines' steps, searches and expansions add up to
// the summary's.
func TestTimeline(t *testing.T) {
	var buf bytes.Buffer
	const ticks = 40
	s, logs := newTestServer(t, testConfig(t.TempDir()), Options{Unpaced: true, MaxTicks: ticks, Timeline: &buf})
	defer s.Close()
	if err := s.Run(t.Context()); err != nil {
		t.Fatalf("Run: %v\n%s", err, logs)
	}
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if lines[0]+"\n" != timelineHeader {
		t.Fatalf("header %q", lines[0])
	}
	if len(lines) != ticks+1 {
		t.Fatalf("%d lines, want a header and %d", len(lines), ticks)
	}
	var steps, searches, expansions uint64
	for i, l := range lines[1:] {
		f := strings.Split(l, ",")
		if len(f) != 12 {
			t.Fatalf("line %d: %d fields: %q", i+1, len(f), l)
		}
		n := make([]uint64, len(f))
		for k, v := range f {
			x, err := strconv.ParseUint(v, 10, 64)
			if err != nil {
				t.Fatalf("line %d field %d: %v", i+1, k, err)
			}
			n[k] = x
		}
		if n[0] != uint64(i+1) || n[1] != 0 {
			t.Errorf("line %d: tick %d map %d", i+1, n[0], n[1])
		}
		if stages := n[4] + n[5] + n[6] + n[7] + n[8]; stages > n[3]+1 || n[3] > n[2]+1 {
			t.Errorf("line %d: stages %d µs, map %d µs, shard %d µs", i+1, stages, n[3], n[2])
		}
		steps, searches, expansions = steps+n[9], searches+n[10], expansions+n[11]
	}
	sum := s.Summary()
	if steps != sum.Steps || searches != sum.Paths || expansions != sum.Expansions {
		t.Errorf("timeline steps %d searches %d expansions %d, summary %d %d %d", steps, searches, expansions, sum.Steps, sum.Paths, sum.Expansions)
	}
}

// failingWriter fails every write.
type failingWriter struct{ n int }

func (w *failingWriter) Write([]byte) (int, error) {
	w.n++
	return 0, errors.New("disk full")
}

// TestTimelineWriteFails: a timeline that cannot be written is given up
// after its first failure, logged once, and the shard runs its ticks.
func TestTimelineWriteFails(t *testing.T) {
	w := &failingWriter{}
	s, logs := newTestServer(t, testConfig(t.TempDir()), Options{Unpaced: true, MaxTicks: 10, Timeline: w})
	defer s.Close()
	if err := s.Run(t.Context()); err != nil {
		t.Fatalf("Run: %v", err)
	}
	if got := s.Summary().Ticks; got != 10 {
		t.Errorf("%d ticks, want 10", got)
	}
	if w.n != 1 || logs.count("timeline: write failed") != 1 {
		t.Errorf("%d writes, %d log lines:\n%s", w.n, logs.count("timeline: write failed"), logs)
	}
}
