package pathing

import (
	"math"
	"os"
	"runtime"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/testkit/repo"
)

// warmCache returns a cache over rules with every chunk of bm installed.
func warmCache(t testing.TB, bm *benchMap, rules *movement.Rules) *stepcache.Cache {
	t.Helper()
	chunks, err := bm.chunks()
	if err != nil {
		t.Fatal(err)
	}
	cfg := stepcache.DefaultConfig()
	cfg.MaxResidentChunks = len(chunks)
	c, err := stepcache.New(cfg, bake.Shared, rules)
	if err != nil {
		t.Fatal(err)
	}
	wide, _ := chunk.Grid(rules.Map.Width, rules.Map.Height)
	for i, ch := range chunks {
		if err := c.Install(rules.Map.ID, i%wide, i/wide, ch); err != nil {
			t.Fatal(err)
		}
	}
	return c
}

// jpsMaker makes jump searches over a warm cache of the map.
func jpsMaker(t *testing.T, bm *benchMap, rules *movement.Rules) Finder {
	s := NewJPS(warmCache(t, bm, rules), rules)
	s.UseLineProbe(false)
	return s
}

// TestJPSMovingAISample solves the stratified sample with the jump search,
// octile: every scenario optimal.
func TestJPSMovingAISample(t *testing.T) {
	n, exp := solveAllWith(t, pick(loadBench(t), samplePerMap), Octile, jpsMaker)
	t.Logf("%d scenarios optimal, %d expansions", n, exp)
}

// TestJPSMovingAIAll solves every scenario with the jump search (set
// SHARDCORE_MOVINGAI_ALL=1).
func TestJPSMovingAIAll(t *testing.T) {
	if os.Getenv("SHARDCORE_MOVINGAI_ALL") == "" {
		t.Skip("set SHARDCORE_MOVINGAI_ALL=1 to solve every scenario")
	}
	n, exp := solveAllWith(t, pick(loadBench(t), 0), Octile, jpsMaker)
	t.Logf("%d scenarios optimal, %d expansions", n, exp)
}

// TestJPSMovingAIExtra is TestClassicMovingAIExtra with the jump search.
func TestJPSMovingAIExtra(t *testing.T) {
	dir := repo.ExtraMovingAIDir()
	if dir == "" {
		t.Skip("set " + repo.ExtraMovingAIEnv + " to a folder with maps/ and scenarios/ to solve a larger Moving AI set")
	}
	per := samplePerMap
	if os.Getenv("SHARDCORE_MOVINGAI_ALL") != "" {
		per = 0
	}
	n, exp := solveAllWith(t, pick(loadBenchFrom(t, dir), per), Octile, jpsMaker)
	t.Logf("%s: %d scenarios optimal, %d expansions", dir, n, exp)
}

// TestJPSMovingAIUniform: under the uniform cost the jump search finds
// the classic A*'s cost on a small sample (two scenarios of each map and
// its longest; shard movingai's tests check a larger one against a
// breadth-first search).
func TestJPSMovingAIUniform(t *testing.T) {
	maps := loadBench(t)
	picks := pick(maps, 2)
	var rc, rj Result
	finders := map[*benchMap][2]Finder{}
	for _, p := range picks {
		f, ok := finders[p.bm]
		if !ok {
			f = [2]Finder{NewClassic(p.bm.rules), jpsMaker(t, p.bm, p.bm.rules)}
			finders[p.bm] = f
		}
		req := ScenarioRequest(p.sc, Uniform, p.bm.w, p.bm.h)
		r1, r2 := req, req
		f[0].Find(&r1, &rc)
		f[1].Find(&r2, &rj)
		if rc.Found != rj.Found || math.Abs(rc.Cost-rj.Cost) > 1e-9 {
			t.Fatalf("%s line %d: classic found=%v cost %v, jps found=%v cost %v", p.bm.name, p.sc.Line, rc.Found, rc.Cost, rj.Found, rj.Cost)
		}
		if msg := livePathError(p.bm.rules, &r2, &rj); msg != "" {
			t.Fatalf("%s line %d: %s", p.bm.name, p.sc.Line, msg)
		}
	}
	t.Logf("%d scenarios, uniform cost equal to classic", len(picks))
}

// BenchmarkJPSMovingAI measures the jump search per map: one op solves
// every scenario of the map (octile, warm cache, canonical maps computed,
// the layer prepared as `shard movingai --search jps` prepares it); us/query
// is the figure `shard movingai --search jps --workers 1` prints, over warm
// passes, with the line probe off unless SHARDCORE_JPS_LINE=1 (the command
// has it on). SHARDCORE_JPS_RUNS_OFF=1 steps diagonal rays cell by cell and
// SHARDCORE_JPS_LAYER_OFF=1 keeps off the layer.
func BenchmarkJPSMovingAI(b *testing.B) {
	benchPerMap(b, func(b *testing.B, bm *benchMap) Finder {
		s := NewJPS(warmCache(b, bm, bm.rules), bm.rules)
		s.UseLineProbe(os.Getenv("SHARDCORE_JPS_LINE") != "")
		s.opt.layerOff = os.Getenv("SHARDCORE_JPS_LAYER_OFF") != ""
		s.opt.runsOff = os.Getenv("SHARDCORE_JPS_RUNS_OFF") != ""
		s.PrepareLayer(ScenarioRequest(bm.scens[0], Octile, bm.w, bm.h).Mover)
		return s
	})
}

// BenchmarkClassicMovingAIMap is BenchmarkJPSMovingAI with the classic A*.
func BenchmarkClassicMovingAIMap(b *testing.B) {
	benchPerMap(b, func(_ *testing.B, bm *benchMap) Finder { return NewClassic(bm.rules) })
}

func benchPerMap(b *testing.B, mk func(*testing.B, *benchMap) Finder) {
	maps := loadBench(b)
	for i := range maps {
		bm := &maps[i]
		b.Run(bm.name, func(b *testing.B) {
			s := mk(b, bm)
			reqs := make([]Request, len(bm.scens))
			var res Result
			for k, sc := range bm.scens {
				reqs[k] = ScenarioRequest(sc, Octile, bm.w, bm.h)
				r := reqs[k]
				s.Find(&r, &res)
			}
			exp := 0
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			cpu0 := threadCPU()
			b.ReportAllocs()
			var r Request // one for every query: Find takes it through an interface, so it lives on the heap
			b.ResetTimer()
			for k := 0; k < b.N; k++ {
				for j := range reqs {
					r = reqs[j]
					s.Find(&r, &res)
					exp += res.Expansions
				}
			}
			q := float64(b.N * len(reqs))
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/1e3/q, "us/query")
			b.ReportMetric(float64((threadCPU()-cpu0).Nanoseconds())/1e3/q, "cpu-us/query")
			b.ReportMetric(float64(exp)/q, "expansions/query")
		})
	}
}
