package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/shardcore/shardcore/server/savefile"
)

// TestScenarioRunExitCodes: the repository's scenarios pass (exit 0, last
// line `scenarios N passed N failed 0`); one with a broken expectation
// exits 1 and its FAIL line names it; a malformed one names file, line
// and key.
func TestScenarioRunExitCodes(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "tests", "scenarios", "*.toml"))
	if len(files) == 0 {
		t.Fatal("no scenario files")
	}
	work := t.TempDir()
	code, out, errs := shardCmd(append([]string{"scenario", "run", "--work", work}, files...)...)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	want := "scenarios " + strconv.Itoa(len(files)) + " passed " + strconv.Itoa(len(files)) + " failed 0"
	if code != 0 || lines[len(lines)-1] != want {
		t.Fatalf("exit %d, last line %q (want %q)\n%s%s", code, lines[len(lines)-1], want, out, errs)
	}
	src, _ := os.ReadFile(filepath.Join("..", "..", "tests", "scenarios", "move-to.toml"))
	broken := filepath.Join(t.TempDir(), "broken.toml")
	os.WriteFile(broken, []byte(strings.Replace(string(src), "byTick = 6500", "byTick = 10", 1)), 0o644)
	code, out, _ = shardCmd("scenario", "run", "--work", work, broken)
	if code != exitError || !strings.Contains(out, "FAIL move-to: arrives guard: arrived at tick") || !strings.HasSuffix(strings.TrimSpace(out), "scenarios 1 passed 0 failed 1") {
		t.Fatalf("broken expectation: exit %d\n%s", code, out)
	}
	malformed := filepath.Join(t.TempDir(), "malformed.toml")
	os.WriteFile(malformed, []byte(strings.Replace(string(src), "speedMs = 250", "sped = 250", 1)), 0o644)
	code, out, _ = shardCmd("scenario", "run", "--work", work, malformed)
	if code != exitError || !strings.Contains(out, "malformed.toml:17: mobile.sped: unknown key") {
		t.Fatalf("malformed: exit %d\n%s", code, out)
	}
}

// TestSaveInfo: shard save info reads a save whole and ends with its
// counts; a file that is not a save is refused.
func TestSaveInfo(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "s.toml")
	save := filepath.Join(dir, "shard.save")
	os.WriteFile(cfg, []byte("[world]\nsize = \"512x512\"\n[pathfinding]\ncacheDir = \""+filepath.Join(dir, "cache")+
		"\"\n[shard]\nsaveFile = \""+save+"\"\n[shard.population]\npets = 3\npatrols = 2\nswimmers = 1\n"), 0o644)
	if code, out, errs := shardCmd("run", "--config", cfg, "--ticks", "40"); code != 0 {
		t.Fatalf("run: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs := shardCmd("save", "info", save)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || lines[len(lines)-1] != "maps 1 mobiles 9 items 16 tick 40" {
		t.Fatalf("save info: exit %d\n%s%s", code, out, errs)
	}
	if _, err := savefile.ReadFile(save); err != nil {
		t.Fatal(err)
	}
	code, _, errs = shardCmd("save", "info", cfg)
	if code != exitError || !strings.Contains(errs, "not a shardcore save") {
		t.Fatalf("a toml file as a save: exit %d %s", code, errs)
	}
}
