package movingai

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shardcore/shardcore/testkit/repo"
)

// dataDir is the repository's testdata/movingai.
func dataDir(t *testing.T) string {
	t.Helper()
	dir, err := repo.MovingAIDir()
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestRealFiles parses the benchmark subset and checks the counts
// PROVENANCE.md gives, and that every scenario resolves to a map of its
// stated size on a passable start and goal.
func TestRealFiles(t *testing.T) {
	root := dataDir(t)
	grids, err := LoadMaps(filepath.Join(root, "maps"))
	if err != nil {
		t.Fatal(err)
	}
	files, err := LoadScens(filepath.Join(root, "scenarios"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"arena.map": 160, "den312d.map": 320, "ht_chantry.map": 470, "lak303d.map": 1060,
		"brc202d.map": 2519, "AR0011SR.map": 1280, "random512-10-0.map": 1670, "64room_000.map": 2030, "maze512-1-0.map": 11960}
	if len(grids) != len(want) || len(files) != len(want) {
		t.Fatalf("%d maps, %d scenario files, want %d each", len(grids), len(files), len(want))
	}
	for _, f := range files {
		if len(f.Scenarios) == 0 {
			t.Fatalf("%s: no scenarios", f.Path)
		}
		name := f.Scenarios[0].Map
		if n := len(f.Scenarios); n != want[name] {
			t.Errorf("%s: %d scenarios, want %d", f.Path, n, want[name])
		}
		g := grids[name]
		if g == nil {
			t.Fatalf("%s: map %s not found", f.Path, name)
		}
		wantDec := 5
		if name == "AR0011SR.map" {
			wantDec = 2
		}
		for _, s := range f.Scenarios {
			if s.Map != name || s.Width != g.Width || s.Height != g.Height {
				t.Fatalf("%s line %d: map %s %dx%d, grid %dx%d", f.Path, s.Line, s.Map, s.Width, s.Height, g.Width, g.Height)
			}
			if !g.Passable(s.StartX, s.StartY) || !g.Passable(s.GoalX, s.GoalY) {
				t.Fatalf("%s line %d: start or goal not passable", f.Path, s.Line)
			}
			if s.Bucket != int(s.Optimal/4) {
				t.Fatalf("%s line %d: bucket %d for length %v", f.Path, s.Line, s.Bucket, s.Optimal)
			}
			if (s.Decimals == 2) != (wantDec == 2) {
				t.Fatalf("%s: precision %d decimals", f.Path, s.Decimals)
			}
		}
	}
}

// TestLoadDirs: maps are found recursively and keyed by file name whatever
// the scenario's path column says; a duplicate name is refused.
func TestLoadDirs(t *testing.T) {
	dir := t.TempDir()
	write := func(p, s string) {
		t.Helper()
		p = filepath.Join(dir, p)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("maps/set/deep/small.map", smallMap)
	write("maps/notes.txt", "not a map")
	write("scen/x/small.map.scen", "version 1\n0\tmaps/elsewhere/small.map\t4\t3\t0\t0\t3\t2\t3.82843\n")
	grids, err := LoadMaps(filepath.Join(dir, "maps"))
	if err != nil {
		t.Fatal(err)
	}
	files, err := LoadScens(filepath.Join(dir, "scen"))
	if err != nil {
		t.Fatal(err)
	}
	if len(grids) != 1 || len(files) != 1 || grids[files[0].Scenarios[0].Map] == nil {
		t.Fatalf("grids %v, files %+v", grids, files)
	}
	write("maps/other/small.map", smallMap)
	if _, err := LoadMaps(filepath.Join(dir, "maps")); err == nil || !strings.Contains(err.Error(), "small.map is both") {
		t.Fatalf("duplicate map name: %v", err)
	}
	write("maps/other/small.map", "type octile\n")
	if _, err := LoadMaps(filepath.Join(dir, "nothere")); err == nil {
		t.Fatal("missing directory gave no error")
	}
}
