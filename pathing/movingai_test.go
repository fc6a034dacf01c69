package pathing

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/testkit/repo"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/world/movingai"
)

// benchMap is one Moving AI map ready to search, with its scenarios.
type benchMap struct {
	name   string
	rules  *movement.Rules
	w, h   int
	scens  []movingai.Scenario
	chunks func() ([]*chunk.Chunk, error) // baked once, on first use
}

// dataDir is the repository's testdata/movingai.
func dataDir(tb testing.TB) string {
	tb.Helper()
	dir, err := repo.MovingAIDir()
	if err != nil {
		tb.Fatal(err)
	}
	return dir
}

// bakedMaps holds each Moving AI map's chunks, baked once per test binary
// (by folder and map name) however often the map is loaded.
var bakedMaps sync.Map

// loadBench loads every map and scenario file of the repository's subset,
// in scenario-file order.
func loadBench(tb testing.TB) []benchMap {
	tb.Helper()
	return loadBenchFrom(tb, dataDir(tb))
}

// benchMapNamed loads the repository's subset and returns the map called
// name (like "den312d.map") with its scenarios; it fails tb without one.
func benchMapNamed(tb testing.TB, name string) *benchMap {
	tb.Helper()
	maps := loadBench(tb)
	for i := range maps {
		if maps[i].name == name {
			return &maps[i]
		}
	}
	tb.Fatalf("no %s in the benchmark data", name)
	return nil
}

// loadBenchFrom loads every map and scenario file under root (maps/ and
// scenarios/), in scenario-file order.
func loadBenchFrom(tb testing.TB, root string) []benchMap {
	tb.Helper()
	grids, err := movingai.LoadMaps(filepath.Join(root, "maps"))
	if err != nil {
		tb.Fatal(err)
	}
	files, err := movingai.LoadScens(filepath.Join(root, "scenarios"))
	if err != nil {
		tb.Fatal(err)
	}
	if len(files) == 0 {
		tb.Fatal("no scenario files")
	}
	var out []benchMap
	for _, f := range files {
		if len(f.Scenarios) == 0 {
			continue
		}
		g := grids[f.Scenarios[0].Map]
		if g == nil {
			tb.Fatalf("%s: map %s not found", f.Path, f.Scenarios[0].Map)
		}
		m, td, err := g.World()
		if err != nil {
			tb.Fatal(err)
		}
		r := movement.NewRules(m, td, nil)
		key := root + "/" + g.Name
		bake, _ := bakedMaps.LoadOrStore(key, sync.OnceValues(func() ([]*chunk.Chunk, error) {
			return bake.BuildMap(context.Background(), r.Clone(), 0, nil)
		}))
		out = append(out, benchMap{name: g.Name, rules: r, w: m.Width, h: m.Height, scens: f.Scenarios,
			chunks: bake.(func() ([]*chunk.Chunk, error))})
	}
	return out
}

// pick returns a deterministic stratified sample of maps' scenarios: about
// perMap evenly spaced ones per map (offset by the map's index; all of them
// when perMap is 0) plus each map's last, longest one, so every map and the
// whole range of buckets is covered.
func pick(maps []benchMap, perMap int) []benchPick {
	var out []benchPick
	for mi := range maps {
		n := len(maps[mi].scens)
		stride := 1
		if perMap > 0 {
			stride = max(n/perMap, 1)
		}
		for i := mi % stride; i < n; i += stride {
			out = append(out, benchPick{&maps[mi], maps[mi].scens[i]})
		}
		if (n-1)%stride != mi%stride {
			out = append(out, benchPick{&maps[mi], maps[mi].scens[n-1]})
		}
	}
	return out
}

// finderMaker makes a worker's finder for a map over that worker's rules clone.
type finderMaker func(t *testing.T, bm *benchMap, rules *movement.Rules) Finder

// classicMaker makes classic finders.
func classicMaker(_ *testing.T, _ *benchMap, rules *movement.Rules) Finder { return NewClassic(rules) }

// solveAll runs picks on GOMAXPROCS workers (a rules clone and a Classic per
// worker and map) and fails on any scenario that is not optimal or whose path
// the live rules refuse; it returns the number run and their expansions.
func solveAll(t *testing.T, picks []benchPick) (n int, expansions int64) {
	return solveAllWith(t, picks, Octile, classicMaker)
}

// solveAllWith is solveAll with finders from mk under the cost model.
func solveAllWith(t *testing.T, picks []benchPick, cost Cost, mk finderMaker) (n int, expansions int64) {
	var next, exp atomic.Int64
	var wg sync.WaitGroup
	var mu sync.Mutex
	fail := func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		t.Errorf(format, args...)
	}
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			type worker struct {
				f     Finder
				rules *movement.Rules
			}
			finders := make(map[*benchMap]worker)
			var res Result
			for {
				i := int(next.Add(1) - 1)
				if i >= len(picks) {
					return
				}
				p := picks[i]
				s, ok := finders[p.bm]
				if !ok {
					r := p.bm.rules.Clone()
					s = worker{mk(t, p.bm, r), r}
					finders[p.bm] = s
				}
				req := ScenarioRequest(p.sc, cost, p.bm.w, p.bm.h)
				s.f.Find(&req, &res)
				exp.Add(int64(res.Expansions))
				if !res.Found {
					fail("%s line %d: no path (expansions %d)", p.bm.name, p.sc.Line, res.Expansions)
					continue
				}
				if cost == Octile && !p.sc.IsOptimal(res.Cost) {
					fail("%s line %d: length %.6f, optimal %.6f", p.bm.name, p.sc.Line, res.Cost, p.sc.Optimal)
				}
				if msg := livePathError(s.rules, &req, &res); msg != "" {
					fail("%s line %d: %s", p.bm.name, p.sc.Line, msg)
				}
			}
		}()
	}
	wg.Wait()
	return len(picks), exp.Load()
}

// livePathError replays res under the live rules and checks it ends on the goal
// with the cost it claims; it returns what is wrong, or "".
func livePathError(r *movement.Rules, req *Request, res *Result) string {
	x, y, z := req.Start.X, req.Start.Y, req.StartZ
	cost := 0.0
	for i, d := range res.Dirs {
		nz, ok := r.CheckMovement(req.Mover, x, y, z, d)
		if !ok || nz != int(res.Zs[i]) {
			return fmt.Sprintf("step %d (%v from %d,%d,%d) refused or at another Z", i, d, x, y, z)
		}
		dx, dy := d.Offset()
		x, y, z = x+dx, y+dy, nz
		cost += 1
		if d.Diagonal() && req.Cost == Octile {
			cost += math.Sqrt2 - 1
		}
	}
	if x != req.Goal.X || y != req.Goal.Y {
		return fmt.Sprintf("path ends at (%d,%d)", x, y)
	}
	if math.Abs(cost-res.Cost) > 1e-6 {
		return fmt.Sprintf("path costs %v, result says %v", cost, res.Cost)
	}
	return ""
}

// TestClassicMovingAISample solves a stratified sample of the real
// scenarios (every map, the whole bucket range) and asserts each optimal.
func TestClassicMovingAISample(t *testing.T) {
	picks := pick(loadBench(t), samplePerMap)
	n, exp := solveAll(t, picks)
	t.Logf("%d scenarios optimal (about %d per map and each map's last), %d expansions", n, samplePerMap, exp)
}

// TestClassicMovingAIAll solves every scenario (set SHARDCORE_MOVINGAI_ALL=1;
// about 10 CPU-minutes).
func TestClassicMovingAIAll(t *testing.T) {
	if os.Getenv("SHARDCORE_MOVINGAI_ALL") == "" {
		t.Skip("set SHARDCORE_MOVINGAI_ALL=1 to solve every scenario")
	}
	n, exp := solveAll(t, pick(loadBench(t), 0))
	t.Logf("%d scenarios optimal, %d expansions", n, exp)
}

// TestClassicMovingAIExtra solves a stratified sample (every scenario with
// SHARDCORE_MOVINGAI_ALL=1) of a larger Moving AI set kept outside the
// repository, in the folder SHARDCORE_MOVINGAI_DIR names.
func TestClassicMovingAIExtra(t *testing.T) {
	dir := repo.ExtraMovingAIDir()
	if dir == "" {
		t.Skip("set " + repo.ExtraMovingAIEnv + " to a folder with maps/ and scenarios/ to solve a larger Moving AI set")
	}
	per := samplePerMap
	if os.Getenv("SHARDCORE_MOVINGAI_ALL") != "" {
		per = 0
	}
	n, exp := solveAll(t, pick(loadBenchFrom(t, dir), per))
	t.Logf("%s: %d scenarios optimal, %d expansions", dir, n, exp)
}

// TestClassicMovingAIZeroAllocs: warm finders search real maps without
// allocating.
func TestClassicMovingAIZeroAllocs(t *testing.T) {
	maps := loadBench(t)
	bm := &maps[0]
	s := NewClassic(bm.rules)
	var res Result
	reqs := make([]Request, 0, 8)
	for i := 0; i < len(bm.scens) && len(reqs) < cap(reqs); i += len(bm.scens) / 8 {
		reqs = append(reqs, ScenarioRequest(bm.scens[i], Octile, bm.w, bm.h))
	}
	for i := range reqs {
		s.Find(&reqs[i], &res)
	}
	k := 0
	allocs := testing.AllocsPerRun(20, func() {
		s.Find(&reqs[k%len(reqs)], &res)
		k++
	})
	if allocs != 0 {
		t.Errorf("%s: %v allocs per warm search, want 0", bm.name, allocs)
	}
}

// benchPick is one scenario of the benchmark sample.
type benchPick struct {
	bm *benchMap
	sc movingai.Scenario
}

// benchSample is a fixed sample of scenarios: every 200th of each map.
func benchSample(maps []benchMap) []benchPick {
	var out []benchPick
	for mi := range maps {
		for i := 0; i < len(maps[mi].scens); i += 200 {
			out = append(out, benchPick{&maps[mi], maps[mi].scens[i]})
		}
	}
	return out
}

// BenchmarkClassicMovingAI measures one classic search on a fixed sample of
// the benchmark's scenarios (every 200th of each map, octile cost, warm
// finders); ns/op is per search.
func BenchmarkClassicMovingAI(b *testing.B) {
	maps := loadBench(b)
	sample := benchSample(maps)
	finders := make(map[*benchMap]*Classic)
	var res Result
	for _, s := range sample { // warm up: grow every finder to its size
		if finders[s.bm] == nil {
			finders[s.bm] = NewClassic(s.bm.rules)
		}
		req := ScenarioRequest(s.sc, Octile, s.bm.w, s.bm.h)
		finders[s.bm].Find(&req, &res)
	}
	exp := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := sample[i%len(sample)]
		req := ScenarioRequest(s.sc, Octile, s.bm.w, s.bm.h)
		finders[s.bm].Find(&req, &res)
		exp += res.Expansions
	}
	b.ReportMetric(float64(exp)/float64(b.N), "expansions/op")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(max(exp, 1)), "ns/expansion")
}

// BenchmarkCheckMovement measures one live step on the benchmark's worlds:
// a player in every direction from every 7th passable cell of each map.
func BenchmarkCheckMovement(b *testing.B) {
	type q struct {
		r    *movement.Rules
		x, y int
		d    movement.Dir
	}
	var qs []q
	for _, bm := range loadBench(b) {
		for y := 0; y < bm.h; y += 7 {
			for x := 0; x < bm.w; x += 7 {
				if _, ok := bm.rules.Enter(movement.Mover{}, x, y, 0, 0, 0); !ok {
					continue // not a walkable cell
				}
				for d := movement.Dir(0); d < 8; d++ {
					qs = append(qs, q{bm.rules, x, y, d})
				}
			}
		}
	}
	mv := movement.Mover{Caps: movement.Player}
	open := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c := qs[i%len(qs)]
		if _, ok := c.r.CheckMovement(mv, c.x, c.y, 0, c.d); ok {
			open++
		}
	}
	b.ReportMetric(float64(open)/float64(b.N), "open/op")
}

// jpsPair returns two jump-search finders over bm's map, each with a warm
// cache over its own rules, to compare one switch between them.
func jpsPair(tb testing.TB, bm *benchMap) (*JPS, *JPS) {
	tb.Helper()
	rules := bm.rules.Clone()
	return NewJPS(warmCache(tb, bm, bm.rules), bm.rules), NewJPS(warmCache(tb, bm, rules), rules)
}

// sameCosts fails unless a and b find every scenario of bm (octile) alike,
// found or not and at the same cost; what names a's side, against b's.
func sameCosts(t *testing.T, bm *benchMap, a, b *JPS, what string) {
	t.Helper()
	var ra, rb Result
	for i, sc := range bm.scens {
		req := ScenarioRequest(sc, Octile, bm.w, bm.h)
		breq := req
		a.Find(&req, &ra)
		b.Find(&breq, &rb)
		if ra.Found != rb.Found || ra.Cost != rb.Cost {
			t.Fatalf("%s scenario %d: %s %v %.4f %d expansions, against %v %.4f %d", bm.name, i, what, ra.Found, ra.Cost, ra.Expansions, rb.Found, rb.Cost, rb.Expansions)
		}
	}
}
