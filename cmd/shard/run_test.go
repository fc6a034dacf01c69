package main

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/shardcore/shardcore/config"
)

func TestParsePopulation(t *testing.T) {
	p := config.Population{Pets: 1, Patrols: 2, Swimmers: 3, Seed: 9}
	if err := parsePopulation("pets=5000,patrols=4000, swimmers=1000", &p); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(p, config.Population{Pets: 5000, Patrols: 4000, Swimmers: 1000, Seed: 9}) {
		t.Errorf("got %+v", p)
	}
	if err := parsePopulation("patrols=7", &p); err != nil || p.Patrols != 7 || p.Pets != 5000 {
		t.Errorf("subset: %+v, %v", p, err)
	}
	for _, bad := range []string{"pets", "pets=-1", "pets=x", "dragons=3", ""} {
		if err := parsePopulation(bad, &p); err == nil {
			t.Errorf("%q: want an error", bad)
		}
	}
	// A kind given twice was taken silently (the last won).
	if err := parsePopulation("pets=1,pets=2", &p); err == nil || !strings.Contains(err.Error(), "pets given twice") {
		t.Errorf("pets=1,pets=2: %v", err)
	}
}

// smallRunConfig writes a server.toml in dir for a short run: the default
// world at 512x512, ten mobiles, its cache in dir, warnings only.
func smallRunConfig(t *testing.T, dir string) string {
	t.Helper()
	cfg := filepath.Join(dir, "server.toml")
	toml := fmt.Sprintf("[world]\nsize = \"512x512\"\n[pathfinding]\ncacheDir = %q\n[shard.population]\npets = 5\npatrols = 5\nswimmers = 0\n[log]\nlevel = \"warn\"\n", filepath.Join(dir, "cache"))
	if err := os.WriteFile(cfg, []byte(toml), 0o644); err != nil {
		t.Fatal(err)
	}
	return cfg
}

// TestRunWritesProfiles: --cpuprofile and --memprofile leave pprof files
// (gzip) after a short run; a profile path that cannot be created is an
// error naming the flag.
func TestRunWritesProfiles(t *testing.T) {
	dir := t.TempDir()
	cfg := smallRunConfig(t, dir)
	cpu, mem := filepath.Join(dir, "cpu.pb"), filepath.Join(dir, "mem.pb")
	if code, out, errs := shardCmd("run", "--config", cfg, "--ticks", "20", "--progress", "0", "--cpuprofile", cpu, "--memprofile", mem); code != 0 {
		t.Fatalf("shard run: exit %d\n%s\n%s", code, out, errs)
	}
	for _, p := range []string{cpu, mem} {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if len(b) < 2 || b[0] != 0x1f || b[1] != 0x8b {
			t.Errorf("%s: not a gzip pprof file (%d bytes)", p, len(b))
		}
	}
	bad := filepath.Join(dir, "missing", "mem.pb")
	code, _, errs := shardCmd("run", "--config", cfg, "--ticks", "5", "--progress", "0", "--memprofile", bad)
	if code != 1 || !strings.Contains(errs, "memprofile") {
		t.Errorf("unwritable --memprofile: exit %d, stderr %q", code, errs)
	}
}

// TestRunWritesTimeline: --timeline leaves a CSV with a header and a line
// per tick (one map); a path that cannot be created is an error naming the
// flag, before the shard loads.
func TestRunWritesTimeline(t *testing.T) {
	dir := t.TempDir()
	cfg := smallRunConfig(t, dir)
	tl := filepath.Join(dir, "tl.csv")
	if code, out, errs := shardCmd("run", "--config", cfg, "--ticks", "20", "--progress", "0", "--timeline", tl); code != 0 {
		t.Fatalf("shard run: exit %d\n%s\n%s", code, out, errs)
	}
	b, err := os.ReadFile(tl)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	if len(lines) != 21 || !strings.HasPrefix(lines[0], "tick,map,shard_us,map_us,") || !strings.HasPrefix(lines[20], "20,0,") {
		t.Errorf("timeline: %d lines, first %q, last %q", len(lines), lines[0], lines[len(lines)-1])
	}
	code, _, errs := shardCmd("run", "--config", cfg, "--ticks", "5", "--progress", "0", "--timeline", filepath.Join(dir, "missing", "tl.csv"))
	if code != 1 || !strings.Contains(errs, "timeline") {
		t.Errorf("unwritable --timeline: exit %d, stderr %q", code, errs)
	}
}
