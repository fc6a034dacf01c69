package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// recordShard runs `shard run` on a small default world with the recorder
// on and returns the recording's path; pathfinding is extra [pathfinding]
// lines.
func recordShard(t *testing.T, pathfinding string) string {
	t.Helper()
	dir := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", dir) // the replay's generated world goes under it (the user's cache dir)
	t.Setenv("HOME", dir)
	rec := filepath.Join(dir, "rec.jsonl")
	toml := fmt.Sprintf(`[world]
size = "512x512"
[pathfinding]
cacheDir = %q
missPromotionThreshold = 1
%s
[pathfinding.recorder]
enable = true
path = %q
[shard.population]
pets = 30
patrols = 30
swimmers = 4
[log]
level = "warn"
format = "json"
`, filepath.Join(dir, "cache"), pathfinding, rec)
	cfg := filepath.Join(dir, "server.toml")
	if err := os.WriteFile(cfg, []byte(toml), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, errs := shardCmd("run", "--config", cfg, "--ticks", "600", "--progress", "0"); code != 0 {
		t.Fatalf("shard run: exit %d\n%s\n%s", code, out, errs)
	}
	return rec
}

// TestReplayExitStatus: a clean recording of a shard run (doors, pets,
// patrols) replays with mismatches 0 and exits 0; the same recording with
// one search's outcome changed exits 1 naming that line; a recording of
// format 1 (no dynamics) replays on the static world with a warning and
// exits 1 where it does not reproduce.
func TestReplayExitStatus(t *testing.T) {
	rec := recordShard(t, "")
	code, out, errs := shardCmd("replay", rec, "--size", "512x512")
	if code != 0 || !regexp.MustCompile(`(?m)^searches \d+ found \d+ mismatches 0 `).MatchString(out) {
		t.Fatalf("clean recording: exit %d\n%s\n%s", code, out, errs)
	}
	data, err := os.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	k := -1
	for i, l := range lines {
		if strings.Contains(l, `"found":true,"steps":`) && !strings.Contains(l, `"steps":0,`) {
			k = i
			break
		}
	}
	if k < 0 {
		t.Fatal("no found path to tamper with")
	}
	steps := regexp.MustCompile(`"steps":(\d+),"cost":(\d+)`)
	lines[k] = steps.ReplaceAllString(lines[k], `"steps":999,"cost":999`)
	tampered := filepath.Join(t.TempDir(), "tampered.jsonl")
	if err := os.WriteFile(tampered, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs = shardCmd("replay", tampered, "--size", "512x512")
	want := fmt.Sprintf("first: line %d (", k+1)
	if code != exitError || !strings.Contains(out, "mismatches 1 ") || !strings.Contains(errs, want) || !strings.Contains(errs, "steps 999") {
		t.Fatalf("tampered line %d: exit %d, want 1 and %q\nstdout:\n%s\nstderr:\n%s", k+1, code, want, out, errs)
	}
	// Format 1: the same lines without "v", "search" and "dyn".
	strip := regexp.MustCompile(`^\{"v":2,|,"search":"[a-z]+"|,"dyn":\[.*\]\}$`)
	for i, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		lines[i] = strip.ReplaceAllStringFunc(l, func(m string) string {
			switch {
			case strings.HasPrefix(m, "{"):
				return "{"
			case strings.HasPrefix(m, `,"dyn"`):
				return "}"
			}
			return ""
		})
	}
	v1 := filepath.Join(t.TempDir(), "v1.jsonl")
	if err := os.WriteFile(v1, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs = shardCmd("replay", v1, "--size", "512x512")
	if code != exitError || !strings.Contains(out, fmt.Sprintf("warning: %d records carry no dynamics", len(lines))) || !strings.Contains(errs, "did not reproduce") {
		t.Fatalf("format 1: exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errs)
	}
}

// TestReplayOtherFinderBudgetOnly: replayed with another finder than the
// recorded one, searches that end at a tight node budget under one finder
// and not the other are counted as budget_only, not mismatches (exit 0);
// a changed outcome is still a mismatch under another finder (exit 1).
func TestReplayOtherFinderBudgetOnly(t *testing.T) {
	if testing.Short() {
		t.Skip("records a 600-tick run and replays it three times")
	}
	rec := recordShard(t, "nodesBase = 8\nnodesPerTile = 2")
	budgetOnly := regexp.MustCompile(`(?m)^budget_only (\d+):`)
	seen := 0
	for _, search := range []string{"classic", "jps"} {
		code, out, errs := shardCmd("replay", rec, "--size", "512x512", "--search", search)
		if code != 0 || !regexp.MustCompile(`(?m)^searches \d+ found \d+ mismatches 0 `).MatchString(out) {
			t.Fatalf("--search %s: exit %d\n%s\n%s", search, code, out, errs)
		}
		if m := budgetOnly.FindStringSubmatch(out); m != nil {
			seen++
		}
	}
	if seen == 0 {
		t.Fatal("no search ended at its budget under one finder and not the other: the test does not exercise the case")
	}
	data, err := os.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	tampered := regexp.MustCompile(`"found":true,"steps":([1-9]\d*),"cost":(\d+)`).ReplaceAllLiteralString(string(data), `"found":true,"steps":999,"cost":999`)
	path := filepath.Join(t.TempDir(), "tampered.jsonl")
	if err := os.WriteFile(path, []byte(tampered), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := shardCmd("replay", path, "--size", "512x512", "--search", "classic")
	if code != exitError || !strings.Contains(errs, "steps 999") {
		t.Fatalf("tampered, --search classic: exit %d\n%s\n%s", code, out, errs)
	}
}
