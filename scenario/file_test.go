package scenario

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const okScenario = `name = "ok"
[world]
profile = "default"
size = "512x512"
[run]
ticks = 1000
[[mobile]]
name = "walker"
at = [223, 256]
  [mobile.order]
  kind = "move_to"
  goal = [233, 256]
[[expect]]
kind = "arrives"
mobile = "walker"
byTick = 900
`

// TestParseErrorsNameFileLineKey: a malformed scenario is an error naming
// the file, the line and the key; several problems are all reported.
func TestParseErrorsNameFileLineKey(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"syntax", "name = \"x\"\n[world\n", []string{"s.toml:3"}},
		{"type", "name = 3\n", []string{"s.toml:1", "name"}},
		{"unknown key", strings.Replace(okScenario, "byTick = 900", "byTick = 900\nbytick = 3", 1), []string{"s.toml:17", "expect.bytick", "unknown key"}},
		{"three problems", strings.NewReplacer(`size = "512x512"`, `size = "5x5"`, "ticks = 1000", "ticks = -1", `kind = "arrives"`, `kind = "arrive"`).Replace(okScenario),
			[]string{"s.toml:4: world.size", "s.toml:6: run.ticks", "expect.kind", `"arrive" is not one of`}},
		{"follow of nobody", strings.Replace(okScenario, `kind = "move_to"`, `kind = "follow"`+"\n  target = \"ghost\"", 1), []string{"mobile.order.target", `"ghost" names no mobile`}},
		{"order kind", strings.Replace(okScenario, `kind = "move_to"`, `kind = "fly_away"`, 1), []string{"s.toml:11: mobile.order.kind"}},
		{"no expectations", okScenario[:strings.Index(okScenario, "[[expect]]")], []string{"expect: a scenario expects something"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse([]byte(tc.src), "s.toml")
			if err == nil {
				t.Fatal("accepted")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Errorf("not an *Error: %T", err)
			}
		})
	}
	if _, err := Parse([]byte(okScenario), "s.toml"); err != nil {
		t.Fatal(err)
	}
}

// TestRunReportsBrokenExpectation: an expectation that does not hold is a
// FAIL line naming it, and the report did not pass; the same scenario
// with a reachable bar passes.
func TestRunReportsBrokenExpectation(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.toml")
	bad := filepath.Join(dir, "bad.toml")
	os.WriteFile(good, []byte(okScenario), 0o644)
	os.WriteFile(bad, []byte(strings.Replace(okScenario, "byTick = 900", "byTick = 2", 1)), 0o644)
	rep, err := RunFile(t.Context(), good, Options{WorkDir: dir})
	if err != nil || !rep.Passed() {
		t.Fatalf("good: %v %v", err, rep.Lines())
	}
	rep, err = RunFile(t.Context(), bad, Options{WorkDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Passed() || len(rep.Lines()) != 1 || !strings.HasPrefix(rep.Lines()[0], "FAIL ok: arrives walker: arrived at tick") {
		t.Fatalf("bad: %v", rep.Lines())
	}
	if s := Summary([]*Report{rep}, 1); s != "scenarios 2 passed 0 failed 2" {
		t.Fatalf("summary %q", s)
	}
}

// FuzzParse: no input panics the reader.
func FuzzParse(f *testing.F) {
	f.Add([]byte(okScenario))
	f.Add([]byte("[[mobile]]\nat = []\n[mobile.order]\nkind = \"steps\"\ndirs = [\"Q\"]\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		_, _ = Parse(b, "fuzz.toml")
	})
}
