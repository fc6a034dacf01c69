package pathing_test

import (
	"context"
	"sync"
	"testing"

	"github.com/shardcore/shardcore/pathing"
	"github.com/shardcore/shardcore/pathing/pathbench"
	"github.com/shardcore/shardcore/world/gen"
)

var benchEnv = sync.OnceValues(func() (*pathbench.Env, error) {
	w, err := gen.Default(context.Background())
	if err != nil {
		return nil, err
	}
	return pathbench.NewEnv(context.Background(), w, benchDir())
})

// BenchmarkPaths runs seed 003's scenarios on the default world in every
// mode: Classic (reference), Cold (empty cache, default gate, cleared before
// each search), WarmNoFile (all chunks resident), LazyFirst (.swb reader,
// cleared before each search) and LazyWarm (.swb reader, chunks kept).
func BenchmarkPaths(b *testing.B) {
	env, err := benchEnv()
	if err != nil {
		b.Fatal(err)
	}
	scs, err := pathbench.Scenarios(env)
	if err != nil {
		b.Fatal(err)
	}
	for _, sc := range scs {
		for m := pathbench.Classic; m < pathbench.NumModes; m++ {
			b.Run(sc.Name+"/"+m.String(), func(b *testing.B) {
				s, err := env.Searcher(m)
				if err != nil {
					b.Fatal(err)
				}
				var res pathing.Result
				req := sc.Req
				s.Finder.Find(&req, &res)
				if !res.Found {
					b.Fatal("no path")
				}
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					if s.Prepare != nil {
						b.StopTimer()
						s.Prepare()
						b.StartTimer()
					}
					req = sc.Req
					s.Finder.Find(&req, &res)
				}
				b.ReportMetric(float64(res.Expansions), "expansions")
			})
		}
	}
}

// BenchmarkCachedVariants measures each cache A* optimisation on the warm
// cache: the heap or the bucket queue, with the straight-line probe off or
// on (the default is bucket+line).
func BenchmarkCachedVariants(b *testing.B) {
	env, err := benchEnv()
	if err != nil {
		b.Fatal(err)
	}
	scs, err := pathbench.Scenarios(env)
	if err != nil {
		b.Fatal(err)
	}
	for _, sc := range scs {
		if sc.LiveByDesign {
			continue
		}
		for _, v := range []struct {
			name         string
			bucket, line bool
		}{{"heap", false, false}, {"bucket", true, false}, {"heap+line", false, true}, {"bucket+line", true, true}} {
			b.Run(sc.Name+"/"+v.name, func(b *testing.B) {
				s, err := env.Searcher(pathbench.WarmNoFile)
				if err != nil {
					b.Fatal(err)
				}
				cf := s.Finder.(*pathing.Cached)
				cf.UseBucketQueue(v.bucket)
				cf.UseLineProbe(v.line)
				var res pathing.Result
				req := sc.Req
				cf.Find(&req, &res)
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					req = sc.Req
					cf.Find(&req, &res)
				}
			})
		}
	}
}
