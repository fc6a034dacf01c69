package tests

import (
	"os/exec"
	"strings"
	"testing"

	"shardcore/internal/repo"
)

// layers ranks the module's packages, lowest first: a package may import
// packages of its own rank or below, never one above it. A package is
// ranked by the longest prefix that names it ("shardcore/world" ranks
// world/uo, world/gen, ...).
var layers = []struct {
	prefix string
	rank   int
}{
	{"shardcore/internal/", 0},
	{"shardcore/internal/swbcodec", 3}, // the .swb codec, beside stepcache/swb
	{"shardcore/internal/swblab", 3},   // .swb measurements over stepcache/swb
	{"shardcore/internal/swbtest", 3},  // .swb test chunks
	{"shardcore/config", 0},
	{"shardcore/world", 1},
	{"shardcore/movement", 2},
	{"shardcore/stepcache", 3},
	{"shardcore/pathing", 4},
	{"shardcore/components", 5},
	{"shardcore/systems", 6},
	{"shardcore/population", 7},
	{"shardcore/metrics", 7}, // Prometheus series and endpoint: reads stepcache's kinds, published by server
	{"shardcore/server", 8},
	{"shardcore/cmd/", 9},
	{"shardcore/tests", 10},
}

// forbidden are edges the ranks allow that still point the wrong way: a
// package under from must not import one under to.
var forbidden = []struct{ from, to, why string }{
	{"shardcore/pathing", "shardcore/world/movingai", "search does not read benchmark files (tests and cmd/shard do)"},
	{"shardcore/systems", "shardcore/world/gen", "the simulation does not know the generator (package population places mobiles)"},
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
		if !under(from, "shardcore") {
			continue
		}
		pkgs++
		rf := rankOf(from)
		if rf < 0 {
			t.Errorf("%s is in no layer: rank it in tests/layers_test.go", from)
			continue
		}
		for _, to := range f[1:] {
			if !under(to, "shardcore") {
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
		"shardcore/world": 1, "shardcore/world/gen": 1, "shardcore/worldly": -1, "shardcore/stepcache/swb": 3,
		"shardcore/cmd/shard": 9, "shardcore/internal/repo": 0, "shardcore/population": 7,
	} {
		if got := rankOf(p); got != want {
			t.Errorf("rankOf(%s) = %d, want %d", p, got, want)
		}
	}
}
