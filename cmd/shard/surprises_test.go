package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/shardcore/shardcore/testkit/repo"
	"github.com/shardcore/shardcore/world/gen"
)

// benchRowKeys are the rows of a bench paths table without their timings:
// scenario, mode, cost and expansions.
func benchRowKeys(out string) []string {
	row := regexp.MustCompile(`^(.+?)\s+(Classic|Cold|WarmNoFile|LazyFirst|LazyWarm|WarmJPS)\s+(\S+)\s+(\d+)\s`)
	var keys []string
	for _, l := range strings.Split(out, "\n") {
		if m := row.FindStringSubmatch(l); m != nil {
			keys = append(keys, strings.Join(m[1:], "|"))
		}
	}
	return keys
}

// TestBenchPathsAnyDirectory: `shard bench paths` prints the same rows,
// Moving AI ones included, from the repository, from an empty directory
// and from inside another Go module.
func TestBenchPathsAnyDirectory(t *testing.T) {
	if testing.Short() {
		t.Skip("runs bench paths three times")
	}
	root, err := repo.Root()
	if err != nil {
		t.Fatal(err)
	}
	other := t.TempDir()
	if err := os.WriteFile(filepath.Join(other, "go.mod"), []byte("module example.com/other\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var want []string
	for i, dir := range []string{root, t.TempDir(), other} {
		t.Chdir(dir)
		code, out, errs := shardCmd("bench", "paths", "--iters", "1")
		if code != 0 {
			t.Fatalf("from %s: exit %d\n%s", dir, code, errs)
		}
		keys := benchRowKeys(out)
		if !slices.ContainsFunc(keys, func(k string) bool { return strings.HasPrefix(k, builtinMovingAIMap+" ") }) {
			t.Errorf("from %s: no %s rows:\n%s", dir, builtinMovingAIMap, out)
		}
		if i == 0 {
			want = keys
		} else if !slices.Equal(keys, want) {
			t.Errorf("from %s: rows\n%v\nwant (from the repository)\n%v", dir, keys, want)
		}
	}
	code, _, errs := shardCmd("bench", "paths", "--movingai-map", "dao/arena")
	if code != exitUsage || !strings.Contains(errs, "holds only "+builtinMovingAIMap) {
		t.Errorf("--movingai-map dao/arena without --movingai DIR: exit %d, %q", code, errs)
	}
}

// TestBuiltinMovingAIIsTestdata: the Moving AI files built into the binary
// are the repository's testdata, byte for byte.
func TestBuiltinMovingAIIsTestdata(t *testing.T) {
	dir, err := repo.MovingAIDir()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []struct{ name, path string }{
		{"brc202d.map", "maps/" + builtinMovingAIMap + ".map"},
		{"brc202d.map.scen", "scenarios/" + builtinMovingAIMap + ".map.scen"},
	} {
		got, err := builtinFile(f.name)
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(filepath.Join(dir, f.path))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("built-in %s (%d bytes) differs from testdata/movingai/%s (%d bytes): go generate ./cmd/shard", f.name, len(got), f.path, len(want))
		}
	}
}

// TestBakeReferenceIsOptIn: shard bake prints no reference sizing unless
// --reference asks for it.
func TestBakeReferenceIsOptIn(t *testing.T) {
	out := t.TempDir()
	code, plain, errs := shardCmd("bake", "--size", "512x512", "--out", out)
	if code != 0 {
		t.Fatalf("bake: exit %d\n%s", code, errs)
	}
	if strings.Contains(plain, "reference") || strings.Contains(plain, "ratio") {
		t.Errorf("bake without --reference sized the reference:\n%s", plain)
	}
	code, ref, errs := shardCmd("bake", "--size", "512x512", "--out", out, "--reference")
	if code != 0 {
		t.Fatalf("bake --reference: exit %d\n%s", code, errs)
	}
	for _, want := range []string{"reference v9 bytes", "ratio", "reference sizing"} {
		if !strings.Contains(ref, want) {
			t.Errorf("bake --reference lacks %q:\n%s", want, ref)
		}
	}
}

// TestBakeFolderTakesItsMaps: bake --world DIR of a folder gen-world wrote
// with one map bakes that map without --map; --map naming a map the folder
// lacks is an error naming the missing file.
func TestBakeFolderTakesItsMaps(t *testing.T) {
	if testing.Short() {
		t.Skip("generates and bakes a britannia map")
	}
	dir := filepath.Join(t.TempDir(), "tokuno")
	o := genWorldOptions{profile: gen.ProfileBritannia, out: dir, mapID: 4, seed: 1, size: "520x392"}
	if err := genBritannia(context.Background(), io.Discard, o); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	code, stdout, errs := shardCmd("bake", "--world", dir, "--out", out)
	if code != 0 || !strings.Contains(stdout, "map4.swb") {
		t.Fatalf("bake of a one-map folder: exit %d\n%s\n%s", code, stdout, errs)
	}
	if _, err := os.Stat(filepath.Join(out, "map4.swb")); err != nil {
		t.Fatal(err)
	}
	code, _, errs = shardCmd("bake", "--world", dir, "--map", "0", "--out", out)
	if code != exitError || !strings.Contains(errs, "map0") {
		t.Errorf("--map 0 of a map-4 folder: exit %d, %q", code, errs)
	}
}

// TestMovingAICPUTimeOnSmallMaps: with one worker, a map whose queries
// take a few milliseconds in all still reads a CPU time per query.
func TestMovingAICPUTimeOnSmallMaps(t *testing.T) {
	if clockName != "thread CPU time" {
		t.Skip("no per-thread CPU clock on this platform")
	}
	src, err := repo.MovingAIDir()
	if err != nil {
		t.Fatal(err)
	}
	maps, scen := t.TempDir(), t.TempDir()
	for _, f := range []struct{ from, to string }{
		{"maps/dao/arena.map", filepath.Join(maps, "arena.map")},
		{"scenarios/dao/arena.map.scen", filepath.Join(scen, "arena.map.scen")},
	} {
		b, err := os.ReadFile(filepath.Join(src, f.from))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f.to, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, search := range []string{"jps", "cache"} {
		code, out, errs := shardCmd("movingai", "--maps", maps, "--scen", scen, "--workers", "1", "--search", search)
		if code != 0 {
			t.Fatalf("exit %d\n%s", code, errs)
		}
		m := regexp.MustCompile(`(?m)^arena\.map .* cpu_us_per_query (\S+)$`).FindStringSubmatch(out)
		if m == nil {
			t.Fatalf("no arena line:\n%s", out)
		}
		if cpu, err := strconv.ParseFloat(m[1], 64); err != nil || cpu <= 0 {
			t.Errorf("--search %s: cpu_us_per_query %s, want > 0:\n%s", search, m[1], out)
		}
	}
}

// TestConfigCheckPrintsEveryProblem: a file with a key of the wrong type,
// an unknown key and an out-of-range value prints all three, each with its
// line, and exits 1.
func TestConfigCheckPrintsEveryProblem(t *testing.T) {
	path := filepath.Join(t.TempDir(), "server.toml")
	src := "[world]\nseed = \"one\"\n[pathfinding]\nmaxNode = 5\n[shard]\nsleepRadius = 99\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs := shardCmd("config", "check", path)
	if code != exitError {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	for _, want := range []string{
		path + ": 3 problems:",
		path + `:2:1: world.seed: wrong type: got string, want integer`,
		path + `:4:1: unknown key "pathfinding.maxNode" (did you mean "pathfinding.maxNodes"?)`,
		path + `:6:1: shard.sleepRadius = 99: out of range, want 0..64`,
	} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errs)
		}
	}
}

// TestErrorsSayEachPrefixOnce: a failing command's error names the command
// once, and no package's prefix twice.
func TestErrorsSayEachPrefixOnce(t *testing.T) {
	dir := t.TempDir()
	notSWB := filepath.Join(dir, "map0.mul")
	if err := os.WriteFile(notSWB, []byte("not a step-cache file, long enough to hold a header of one"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		args []string
		cmd  string // the command's name in the message
		want string // how the message goes on
	}{
		{[]string{"swb", "info", notSWB}, "swb info", "open " + notSWB + ": bad magic"},
		{[]string{"bench", "paths", "--movingai", filepath.Join(dir, "none")}, "bench paths", "--movingai "},
		{[]string{"bake", "--world", filepath.Join(dir, "none"), "--out", dir}, "bake", ""},
		{[]string{"replay", filepath.Join(dir, "none.jsonl")}, "replay", "open "},
		{[]string{"verify", "--world", dir}, "verify", ""},
		{[]string{"config", "check", filepath.Join(dir, "none.toml")}, "config check", ""},
		{[]string{"bench", "bake", "--world", dir}, "bench bake", ""},
	}
	for _, c := range cases {
		code, _, errs := shardCmd(c.args...)
		line, _, _ := strings.Cut(errs, "\n")
		head := "shard " + c.cmd + ": "
		if code != exitError || !strings.HasPrefix(line, head+c.want) {
			t.Errorf("shard %s: exit %d, %q; want exit 1 and a line starting %q", strings.Join(c.args, " "), code, line, head+c.want)
			continue
		}
		seen := map[string]bool{}
		for _, w := range strings.Fields(c.cmd) {
			seen[w] = true
		}
		for _, part := range strings.Split(strings.TrimPrefix(line, head), ": ") {
			if isPrefixWord(part) {
				if seen[part] {
					t.Errorf("shard %s: %q says %q twice", strings.Join(c.args, " "), line, part)
				}
				seen[part] = true
			}
		}
	}
	for name, want := range map[string]string{
		"swb: open f: swb: bad magic":           "open f: bad magic",
		"bench paths: x: y":                     "x: y",
		"replay: map 2: uo: lacks: uo: a":       "replay: map 2: uo: lacks: a",
		"3 problems:\nf:1:1: a: b\nf:2:1: a: b": "3 problems:\nf:1:1: a: b\nf:2:1: a: b",
	} {
		cmd := "swb"
		if strings.HasPrefix(name, "bench") {
			cmd = "bench paths"
		}
		if got := errorText(cmd, errString(name)); got != want {
			t.Errorf("errorText(%q, %q) = %q, want %q", cmd, name, got, want)
		}
	}
}

// errString is an error whose message is itself.
type errString string

func (e errString) Error() string { return string(e) }

// TestRunLinesLabelledAndLogUnits: every line shard run prints starts with
// its label, and the log's durations say their unit in their key.
func TestRunLinesLabelledAndLogUnits(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "server.toml")
	toml := "[world]\nsize = \"512x512\"\n[pathfinding]\ncacheDir = " + strconv.Quote(filepath.Join(dir, "cache")) +
		"\n[shard.population]\npets = 5\npatrols = 5\nswimmers = 0\n[log]\nformat = \"json\"\n"
	if err := os.WriteFile(cfg, []byte(toml), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := shardCmd("run", "--config", cfg, "--ticks", "30", "--progress", "0")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	labels := []string{"totals ", "map ", "ticks "}
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		if !slices.ContainsFunc(labels, func(p string) bool { return strings.HasPrefix(l, p) }) {
			t.Errorf("unlabelled line %q", l)
		}
	}
	if !strings.HasPrefix(out, "totals steps ") {
		t.Errorf("summary does not start with its totals:\n%s", out)
	}
	sc := bufio.NewScanner(strings.NewReader(errs))
	events := 0
	for sc.Scan() {
		var ev map[string]any
		if err := json.Unmarshal(sc.Bytes(), &ev); err != nil {
			t.Fatalf("log line %q: %v", sc.Text(), err)
		}
		events++
		for _, k := range []string{"took", "elapsed", "tick"} {
			if _, ok := ev[k].(float64); ok {
				t.Errorf("%q: duration %q without its unit", ev["message"], k)
			}
		}
		if ev["message"] == "world loaded" {
			if _, ok := ev["took_ms"].(float64); !ok {
				t.Errorf("world loaded: no took_ms: %v", ev)
			}
		}
	}
	if events == 0 {
		t.Fatal("no log events")
	}
}

// TestHelpListsEverySubcommand: shard help names every command with its
// subcommands.
func TestHelpListsEverySubcommand(t *testing.T) {
	_, out, _ := shardCmd("help")
	for name, c := range commands() {
		if !strings.Contains(out, "  "+name+" ") {
			t.Errorf("help lacks %s", name)
		}
		for _, sub := range c.subs {
			if !strings.Contains(out, name+" "+sub+"\n") {
				t.Errorf("help lacks %s %s:\n%s", name, sub, out)
			}
		}
	}
}
