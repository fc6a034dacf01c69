package tests

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/shardcore/shardcore/internal/repo"
)

// layers ranks the module's packages, lowest first: a package may import
// packages of its own rank or below, never one above it. A package is
// ranked by the longest prefix that names it ("github.com/shardcore/shardcore/world" ranks
// world/uo, world/gen, ...).
// modulePath is the module every ranked package is under.
const modulePath = "github.com/shardcore/shardcore"

var layers = []struct {
	prefix string
	rank   int
}{
	{"github.com/shardcore/shardcore/internal/", 0},
	{"github.com/shardcore/shardcore/internal/swbcodec", 3}, // the .swb codec, beside stepcache/swb
	{"github.com/shardcore/shardcore/internal/swblab", 3},   // .swb measurements over stepcache/swb
	{"github.com/shardcore/shardcore/internal/swbtest", 3},  // .swb test chunks
	{"github.com/shardcore/shardcore/config", 0},
	{"github.com/shardcore/shardcore/world", 1},
	{"github.com/shardcore/shardcore/movement", 2},
	{"github.com/shardcore/shardcore/stepcache", 3},
	{"github.com/shardcore/shardcore/pathing", 4},
	{"github.com/shardcore/shardcore/components", 5},
	{"github.com/shardcore/shardcore/systems", 6},
	{"github.com/shardcore/shardcore/population", 7},
	{"github.com/shardcore/shardcore/metrics", 7}, // Prometheus series and endpoint: reads stepcache's kinds, published by server
	{"github.com/shardcore/shardcore/server", 8},
	{"github.com/shardcore/shardcore/server/recorder", 7}, // the search recording: format, writer, tap; below the server that wires it
	{"github.com/shardcore/shardcore/server/replay", 7},   // re-runs a recording; imports recorder
	{"github.com/shardcore/shardcore/server/render", 7},   // the PNG of a map the server hands it
	{"github.com/shardcore/shardcore/cmd/", 9},
	{"github.com/shardcore/shardcore/tests", 10},
}

// forbidden are edges the ranks allow that still point the wrong way: a
// package under from must not import one under to.
var forbidden = []struct{ from, to, why string }{
	{"github.com/shardcore/shardcore/pathing", "github.com/shardcore/shardcore/world/movingai", "search does not read benchmark files (tests and cmd/shard do)"},
	{"github.com/shardcore/shardcore/systems", "github.com/shardcore/shardcore/world/gen", "the simulation does not know the generator (package population places mobiles)"},
	{"github.com/shardcore/shardcore/server/render", "github.com/shardcore/shardcore/systems", "render draws the scene the server hands it; it does not run the simulation"},
}

// backEdgeAllowlist are back edges the test tolerates for now, each with
// when it goes.
var backEdgeAllowlist = map[string]string{}

// rankOf returns the rank of package p, or -1 when no layer names it.
func rankOf(p string) int {
	best, rank := -1, -1
	for _, l := range layers {
		name := strings.TrimSuffix(l.prefix, "/")
		if (p == name || strings.HasPrefix(p, name+"/")) && len(l.prefix) > best {
			best, rank = len(l.prefix), l.rank
		}
	}
	return rank
}

// under reports whether package p is prefix or below it.
func under(p, prefix string) bool { return p == prefix || strings.HasPrefix(p, prefix+"/") }

// TestNoBackEdges walks `go list -deps` over the module and fails on an
// import of a package ranked above the importer, on a forbidden edge, and
// on a package no layer ranks (rank it in layers).
func TestNoBackEdges(t *testing.T) {
	root, err := repo.Root()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", "./...")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	edges, pkgs := 0, 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		from := f[0]
		if !under(from, modulePath) {
			continue
		}
		pkgs++
		rf := rankOf(from)
		if rf < 0 {
			t.Errorf("%s is in no layer: rank it in tests/layers_test.go", from)
			continue
		}
		for _, to := range f[1:] {
			if !under(to, modulePath) {
				continue
			}
			edges++
			edge := from + " -> " + to
			if why, ok := backEdgeAllowlist[edge]; ok {
				t.Logf("allowed for now: %s (%s)", edge, why)
				continue
			}
			if rt := rankOf(to); rt > rf {
				t.Errorf("back edge: %s (rank %d imports rank %d)", edge, rf, rt)
			}
			for _, fb := range forbidden {
				if under(from, fb.from) && under(to, fb.to) {
					t.Errorf("forbidden edge: %s: %s", edge, fb.why)
				}
			}
		}
	}
	if pkgs < 10 || edges < 20 {
		t.Fatalf("go list saw only %d packages and %d edges:\n%s", pkgs, edges, out)
	}
}

// TestRankOf: the ranking the layer test relies on.
func TestRankOf(t *testing.T) {
	for p, want := range map[string]int{
		"github.com/shardcore/shardcore/world": 1, "github.com/shardcore/shardcore/world/gen": 1, "github.com/shardcore/shardcore/worldly": -1, "github.com/shardcore/shardcore/stepcache/swb": 3,
		"github.com/shardcore/shardcore/cmd/shard": 9, "github.com/shardcore/shardcore/internal/repo": 0, "github.com/shardcore/shardcore/population": 7,
		"github.com/shardcore/shardcore/server": 8, "github.com/shardcore/shardcore/server/recorder": 7, "github.com/shardcore/shardcore/server/render": 7,
	} {
		if got := rankOf(p); got != want {
			t.Errorf("rankOf(%s) = %d, want %d", p, got, want)
		}
	}
}
