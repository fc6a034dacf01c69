package bake

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"strconv"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/canon"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/testkit/counting"
	"github.com/shardcore/shardcore/world"
	worldsource "github.com/shardcore/shardcore/world/source"
)

// TestBuildCount builds a fixed sample of one map's chunks, per kind, for
// scripts/count-build.sh to count each kind's instructions under valgrind
// (a figure a busy machine does not change). SHARDCORE_BUILD_COUNT is a
// folder of client files ("default" for the generated default world),
// SHARDCORE_BUILD_COUNT_MAP the map id (0), SHARDCORE_BUILD_COUNT_N the
// chunks per kind (128). SHARDCORE_BUILD_COUNT_SAMPLE names the sample
// file: when it does not exist the test classifies the map's chunks and
// writes it (a run outside valgrind); when it does, the test warms a
// Builder on the sample's warm-up chunks (other chunks of the same kinds,
// map order) and then builds each kind's chunks once inside
// buildCountLoop, one call per kind in kind order; then, for comparison,
// computes each of those chunks' canonical maps (every rule set, from the
// chunk and its 8 neighbours) inside canonCountLoop, again one call per
// kind. It checks nothing; it is skipped unless SHARDCORE_BUILD_COUNT is
// set.
func TestBuildCount(t *testing.T) {
	dir := os.Getenv("SHARDCORE_BUILD_COUNT")
	if dir == "" {
		t.Skip("set SHARDCORE_BUILD_COUNT to a client-files folder or default (scripts/count-build.sh)")
	}
	path := os.Getenv("SHARDCORE_BUILD_COUNT_SAMPLE")
	if path == "" {
		t.Fatal("SHARDCORE_BUILD_COUNT_SAMPLE must name the sample file")
	}
	r := countRules(t, dir)
	wide, _ := chunk.Grid(r.Map.Width, r.Map.Height)
	if _, err := os.Stat(path); err != nil {
		n := 128
		if v := os.Getenv("SHARDCORE_BUILD_COUNT_N"); v != "" {
			if n, err = strconv.Atoi(v); err != nil || n < 1 {
				t.Fatalf("SHARDCORE_BUILD_COUNT_N=%q: want a positive count", v)
			}
		}
		writeCountSample(t, r, path, n)
		return
	}
	warm, kinds := readCountSample(t, path)
	b := NewBuilder(r)
	quiet := counting.Quiet()
	buildWarmLoop(b, warm, wide)
	for k := range kinds {
		buildCountLoop(b, kinds[k], wide)
	}
	quiet()
	var arounds [NumChunkKinds][]canonJob
	for k, list := range kinds {
		arounds[k] = canonJobs(b, list, wide, r.Map.Width, r.Map.Height)
	}
	quiet = counting.Quiet()
	for k := range arounds {
		canonWarmLoop(arounds[k]) // grows the stack outside the counted call
	}
	for k := range arounds {
		canonCountLoop(arounds[k])
	}
	quiet()
	for k, list := range kinds {
		t.Logf("%s: %d chunks", ChunkKind(k), len(list))
	}
}

// countRules loads map SHARDCORE_BUILD_COUNT_MAP of dir (StaticOnly, as
// builds read it).
func countRules(t *testing.T, dir string) *movement.Rules {
	id := 0
	if v := os.Getenv("SHARDCORE_BUILD_COUNT_MAP"); v != "" {
		var err error
		if id, err = strconv.Atoi(v); err != nil || id < 0 || id > 255 {
			t.Fatalf("SHARDCORE_BUILD_COUNT_MAP=%q: want 0..255", v)
		}
	}
	spec := worldsource.Spec{DataDir: dir, MapID: world.MapID(id)}
	if dir == "default" {
		spec = worldsource.Spec{}
	}
	w, err := worldsource.Load(context.Background(), spec)
	if err != nil {
		t.Fatal(err)
	}
	r := movement.NewRules(w.Map, w.Tiles, nil)
	r.StaticOnly = true
	return r
}

// writeCountSample classifies every chunk of r's map and writes the
// sample: per kind "onmap KIND COUNT", then up to n chunks of the kind
// spread evenly ("count KIND INDEX") and as many between them ("warm KIND
// INDEX").
func writeCountSample(t *testing.T, r *movement.Rules, path string, n int) {
	wide, high := chunk.Grid(r.Map.Width, r.Map.Height)
	var all [NumChunkKinds][]int
	for i := 0; i < wide*high; i++ {
		k := ClassifyChunk(r, i%wide, i/wide)
		all[k] = append(all[k], i)
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	for k, list := range all {
		fmt.Fprintf(w, "onmap %s %d\n", ChunkKind(k), len(list))
		q := min(n, len(list))
		for j := 0; j < q; j++ {
			lo, hi := j*len(list)/q, (j+1)*len(list)/q
			fmt.Fprintf(w, "count %s %d\n", ChunkKind(k), list[lo])
			if mid := (lo + hi) / 2; mid != lo {
				fmt.Fprintf(w, "warm %s %d\n", ChunkKind(k), list[mid])
			}
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// readCountSample reads a sample file: the warm-up chunks in file order
// and each kind's counted chunks.
func readCountSample(t *testing.T, path string) (warm []int, kinds [NumChunkKinds][]int) {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var what, kind string
		var v int
		if _, err := fmt.Sscan(sc.Text(), &what, &kind, &v); err != nil {
			t.Fatalf("%s: %q: %v", path, sc.Text(), err)
		}
		k := 0
		for k < int(NumChunkKinds) && ChunkKind(k).String() != kind {
			k++
		}
		switch {
		case k == int(NumChunkKinds):
			t.Fatalf("%s: unknown kind %q", path, kind)
		case what == "warm":
			warm = append(warm, v)
		case what == "count":
			kinds[k] = append(kinds[k], v)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return warm, kinds
}

// buildCountLoop builds every chunk of list once (not inlined: valgrind
// counts inside it).
//
//go:noinline
func buildCountLoop(b *Builder, list []int, wide int) { buildWarmLoop(b, list, wide) }

// buildWarmLoop builds every chunk of list once (outside buildCountLoop:
// not counted).
//
//go:noinline
func buildWarmLoop(b *Builder, list []int, wide int) {
	for _, i := range list {
		b.Build(i%wide, i/wide)
	}
}

// canonJob is one chunk's canonical-map inputs.
type canonJob struct {
	around       [3][3]*chunk.Chunk
	cx, cy, w, h int
}

// canonJobs builds each chunk of list and its neighbours.
func canonJobs(b *Builder, list []int, wide, w, h int) []canonJob {
	high := (h + chunk.Size - 1) / chunk.Size
	jobs := make([]canonJob, len(list))
	for j, i := range list {
		jb := &jobs[j]
		jb.cx, jb.cy, jb.w, jb.h = i%wide, i/wide, w, h
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				if x, y := jb.cx+dx, jb.cy+dy; x >= 0 && y >= 0 && x < wide && y < high {
					jb.around[dy+1][dx+1] = b.BuildChunk(x, y)
				}
			}
		}
	}
	return jobs
}

// canonCountLoop computes every job's canonical map under every rule set
// (not inlined: valgrind counts inside it).
//
//go:noinline
func canonCountLoop(jobs []canonJob) { canonWarmLoop(jobs) }

// canonWarmLoop computes every job's canonical maps (outside
// canonCountLoop: not counted).
//
//go:noinline
func canonWarmLoop(jobs []canonJob) {
	for j := range jobs {
		jb := &jobs[j]
		for set := chunk.RuleSet(0); set < chunk.NumRuleSets; set++ {
			canon.Build(&jb.around, set, jb.cx, jb.cy, jb.w, jb.h, nil)
		}
	}
}
