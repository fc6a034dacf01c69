package main

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestBenchHostReports: bench host spins its threads for the time asked
// and ends with the summed report, every figure in range.
func TestBenchHostReports(t *testing.T) {
	code, out, errs := shardCmd("bench", "host", "--seconds", "0.2", "--threads", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "thread 0 ") || !strings.HasPrefix(lines[1], "thread 1 ") {
		t.Fatalf("want a line per thread and a summary:\n%s", out)
	}
	f := strings.Fields(lines[2])
	if len(f) != 19 || f[0] != "host" || f[1] != "threads" || f[2] != "2" || f[3] != "seconds" || f[4] != "0.2" {
		t.Fatalf("summary line %q", lines[2])
	}
	val := map[string]float64{}
	for i := 5; i+1 < len(f); i += 2 {
		v, err := strconv.ParseFloat(f[i+1], 64)
		if err != nil {
			t.Fatalf("summary line %q: %s: %v", lines[2], f[i], err)
		}
		val[f[i]] = v
	}
	if val["stalls"] < val["over_0.3ms"] || val["over_0.3ms"] < val["over_1ms"] || val["over_1ms"] < val["over_4ms"] ||
		val["lost_pct"] < 0 || val["lost_pct"] > 100 || val["lost_ms"] > 400 || val["longest_ms"] > val["lost_ms"] {
		t.Errorf("figures out of range: %v", val)
	}
	if code, _, errs := shardCmd("bench", "host", "--threads", "0"); code != 2 || !strings.Contains(errs, "--threads") {
		t.Errorf("--threads 0: exit %d, %q", code, errs)
	}
}

// TestStallReportCounts: each stall is counted under every threshold it
// reaches, and merged reports add up.
func TestStallReportCounts(t *testing.T) {
	var a, b stallReport
	for _, g := range []time.Duration{150 * time.Microsecond, 300 * time.Microsecond, time.Millisecond, 5 * time.Millisecond} {
		a.add(g)
	}
	b.add(2 * time.Millisecond)
	a.spun, b.spun = time.Second, time.Second
	a.merge(b)
	if a.count != 5 || a.over != [3]int{4, 3, 1} || a.longest != 5*time.Millisecond || a.lost != 8450*time.Microsecond || a.spun != 2*time.Second {
		t.Errorf("merged report %+v", a)
	}
	if got := a.line(); got != "stalls 5 over_0.3ms 4 over_1ms 3 over_4ms 1 lost_ms 8.4 lost_pct 0.42 longest_ms 5.00" {
		t.Errorf("line %q", got)
	}
}
