package tests

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/shardcore/shardcore/testkit/repo"
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
	{"github.com/shardcore/shardcore/testkit/", 0},         // the repository locator and the counting helper, for tests and tools
	{"github.com/shardcore/shardcore/testkit/stations", 3}, // open cells for moongates, by the movement rules
	{"github.com/shardcore/shardcore/config", 0},
	{"github.com/shardcore/shardcore/world", 1},
	{"github.com/shardcore/shardcore/movement", 2},
	{"github.com/shardcore/shardcore/stepcache/chunk", 3},       // the chunk model: the leaf every step-cache package reads
	{"github.com/shardcore/shardcore/stepcache/bake", 4},        // the probes that build chunks
	{"github.com/shardcore/shardcore/stepcache/canon", 4},       // canonical maps of chunks
	{"github.com/shardcore/shardcore/stepcache/swb/codec", 4},   // the .swb record codec
	{"github.com/shardcore/shardcore/stepcache/steptest", 4},    // the worlds the step cache's tests run on
	{"github.com/shardcore/shardcore/stepcache", 5},             // the resident cache
	{"github.com/shardcore/shardcore/stepcache/swb", 6},         // the .swb file: a source of the cache
	{"github.com/shardcore/shardcore/stepcache/swb/lab", 6},     // .swb measurements
	{"github.com/shardcore/shardcore/stepcache/swb/swbtest", 6}, // .swb test chunks
	{"github.com/shardcore/shardcore/stepcache/parity", 6},      // the cache proven against the live rules
	{"github.com/shardcore/shardcore/pathing", 7},
	{"github.com/shardcore/shardcore/components", 8},
	{"github.com/shardcore/shardcore/systems", 9},
	{"github.com/shardcore/shardcore/population", 10},
	{"github.com/shardcore/shardcore/metrics", 10}, // Prometheus series and endpoint: reads the chunk model's hit kinds, published by server
	{"github.com/shardcore/shardcore/server", 11},
	{"github.com/shardcore/shardcore/server/recorder", 10},     // the search recording: format, writer, tap; below the server that wires it
	{"github.com/shardcore/shardcore/server/replay", 10},       // re-runs a recording; imports recorder
	{"github.com/shardcore/shardcore/server/render", 10},       // the PNG of a map the server hands it
	{"github.com/shardcore/shardcore/server/savefile", 10},     // the save file's layout: systems' state, below the server that saves
	{"github.com/shardcore/shardcore/cluster", 12},             // a shard over several processes: the server's Transit over NATS JetStream
	{"github.com/shardcore/shardcore/cluster/clustertest", 13}, // the cluster's test harness: shard processes, NATS, a driver
	{"github.com/shardcore/shardcore/shard", 12},               // the embedding API over the server (and, with [cluster], package cluster)
	{"github.com/shardcore/shardcore/scenario", 12},            // scenario files run over the simulation
	{"github.com/shardcore/shardcore/cmd/", 13},
	{"github.com/shardcore/shardcore/examples/", 13},
	{"github.com/shardcore/shardcore/tests", 14},
}

// forbidden are edges the ranks allow that still point the wrong way: a
// package under from must not import one under to (exactly to, when exact).
var forbidden = []struct {
	from, to, why string
	exact         bool
}{
	{"github.com/shardcore/shardcore/pathing", "github.com/shardcore/shardcore/world/movingai", "search does not read benchmark files (tests and cmd/shard do)", false},
	{"github.com/shardcore/shardcore/systems", "github.com/shardcore/shardcore/world/gen", "the simulation does not know the generator (package population places mobiles)", false},
	{"github.com/shardcore/shardcore/server", "github.com/shardcore/shardcore/stepcache/swb/lab", "the running shard does not measure the .swb format (cmd/shard's offline commands do)", false},
	{"github.com/shardcore/shardcore/stepcache/swb/codec", "github.com/shardcore/shardcore/stepcache", "the codec reads the chunk model alone (stepcache/chunk), not the cache", true},
	{"github.com/shardcore/shardcore/metrics", "github.com/shardcore/shardcore/stepcache", "metrics reads the chunk model alone (stepcache/chunk), not the cache", true},
	{"github.com/shardcore/shardcore/server/render", "github.com/shardcore/shardcore/systems", "render draws the scene the server hands it; it does not run the simulation", false},
}

// testOnly are the packages for tests and tools, not the running shard:
// outside tests, only one another and cmd/ import them.
var testOnly = []string{
	"github.com/shardcore/shardcore/testkit",
	"github.com/shardcore/shardcore/stepcache/steptest",
	"github.com/shardcore/shardcore/stepcache/swb/swbtest",
	"github.com/shardcore/shardcore/cluster/clustertest",
}

// isTestOnly reports whether package p is under testOnly.
func isTestOnly(p string) bool {
	for _, t := range testOnly {
		if under(p, t) {
			return true
		}
	}
	return false
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
				if under(from, fb.from) && (to == fb.to || !fb.exact && under(to, fb.to)) {
					t.Errorf("forbidden edge: %s: %s", edge, fb.why)
				}
			}
			if isTestOnly(to) && !isTestOnly(from) && !under(from, modulePath+"/cmd") {
				t.Errorf("forbidden edge: %s: %s is for tests and tools", edge, to)
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
		"github.com/shardcore/shardcore/world": 1, "github.com/shardcore/shardcore/world/gen": 1, "github.com/shardcore/shardcore/worldly": -1, "github.com/shardcore/shardcore/stepcache/swb": 6,
		"github.com/shardcore/shardcore/stepcache": 5, "github.com/shardcore/shardcore/stepcache/chunk": 3, "github.com/shardcore/shardcore/stepcache/swb/codec": 4,
		"github.com/shardcore/shardcore/cmd/shard": 13, "github.com/shardcore/shardcore/internal/hugepages": 0, "github.com/shardcore/shardcore/testkit/repo": 0, "github.com/shardcore/shardcore/population": 10,
		"github.com/shardcore/shardcore/server": 11, "github.com/shardcore/shardcore/server/recorder": 10, "github.com/shardcore/shardcore/server/render": 10,
	} {
		if got := rankOf(p); got != want {
			t.Errorf("rankOf(%s) = %d, want %d", p, got, want)
		}
	}
}
