package pathbench_test

import (
	"context"
	"os"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/pathing"
	"github.com/shardcore/shardcore/pathing/pathbench"
	"github.com/shardcore/shardcore/world/gen/britannia"
	"github.com/shardcore/shardcore/world/source"
)

// BenchmarkJPSTwins times the warm jump search on each Britannia twin: of
// map 0 of the britannia folder SHARDCORE_BENCH_BRITANNIA names (shard
// gen-world --profile britannia), else of the small map 0 the tests use.
func BenchmarkJPSTwins(b *testing.B) { benchTwins(b, pathbench.WarmJPS) }

// BenchmarkCachedTwins is BenchmarkJPSTwins with the warm cache A*, the
// shard's default search (bench paths' WarmNoFile rows).
func BenchmarkCachedTwins(b *testing.B) { benchTwins(b, pathbench.WarmNoFile) }

// benchTwins times mode's finder on each Britannia twin (see
// BenchmarkJPSTwins), its first search outside the clock.
func benchTwins(b *testing.B, mode pathbench.Mode) {
	env, feats := twinEnv(b)
	scs, err := pathbench.BritanniaScenarios(env, feats)
	if err != nil {
		b.Fatal(err)
	}
	for _, sc := range scs {
		b.Run(sc.Name, func(b *testing.B) {
			s, err := env.Searcher(mode)
			if err != nil {
				b.Fatal(err)
			}
			var res pathing.Result
			req := sc.Req
			s.Finder.Find(&req, &res)
			b.ResetTimer()
			for range b.N {
				req := sc.Req
				s.Finder.Find(&req, &res)
			}
			b.ReportMetric(float64(res.Expansions), "expansions")
		})
	}
}

func twinEnv(b testing.TB) (*pathbench.Env, *britannia.Features) {
	dir := os.Getenv("SHARDCORE_BENCH_BRITANNIA")
	if dir == "" {
		s, err := smallBritannia()
		if err != nil {
			b.Fatal(err)
		}
		return s.env, &s.w.Features
	}
	ctx := context.Background()
	w, err := source.Load(ctx, source.Spec{DataDir: dir, MapID: 0})
	if err != nil {
		b.Fatal(err)
	}
	env, err := pathbench.NewEnvRules(ctx, movement.NewRules(w.Map, w.Tiles, nil), b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { env.Close() })
	return env, w.Features
}
