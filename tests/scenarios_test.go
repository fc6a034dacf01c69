package tests

import (
	"path/filepath"
	"testing"

	"github.com/shardcore/shardcore/scenario"
)

// TestScenarioFiles runs every scenario file in tests/scenarios: the
// pet-follow, patrol and other scenarios users replay with `shard scenario
// run`. Each expectation is a subtest's log line; any failed fails.
func TestScenarioFiles(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("scenarios", "*.toml"))
	if err != nil || len(files) < 4 {
		t.Fatalf("scenario files: %v %v", files, err)
	}
	work := t.TempDir()
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			rep, err := scenario.RunFile(t.Context(), f, scenario.Options{WorkDir: work})
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range rep.Lines() {
				t.Log(l)
			}
			if !rep.Passed() {
				t.Fatalf("%s failed", f)
			}
		})
	}
}
