package pathbench_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/pathing/pathbench"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/gen"
	"github.com/shardcore/shardcore/world/gen/britannia"
)

// lookupSample is how many cells BenchmarkLookupWorld cycles over.
const lookupSample = 4096

// BenchmarkLookupWorld times a walker's step-cache lookup with every chunk
// resident, cycling over lookupSample cells a walker stands on, drawn at
// random (fixed seed) over the whole map: the default world (1024x1024)
// and Britannia map 0 (7168x4096, generated and baked first: ~10 s). Each
// lookup lands in another chunk, so the map's size and its share of full
// chunks show; hits is the share answered by the cache (the rest fall
// through to the live rules: near a multi, a Z the chunk does not hold).
// It also reports the resident bytes per chunk (shared chunks once) and the
// distinct chunk objects.
func BenchmarkLookupWorld(b *testing.B) {
	ctx := context.Background()
	for _, w := range []struct {
		name string
		load func() (*movement.Rules, error)
	}{
		{"default", func() (*movement.Rules, error) {
			w, err := gen.Default(ctx)
			if err != nil {
				return nil, err
			}
			return movement.NewRules(w.Map, w.Tiles, nil), nil
		}},
		{"britannia-map0", func() (*movement.Rules, error) {
			w, err := britannia.Generate(ctx, britannia.Options{Seed: 1, Map: world.Felucca})
			if err != nil {
				return nil, err
			}
			return movement.NewRules(w.Map, w.Tiles, nil), nil
		}},
	} {
		b.Run(w.name, func(b *testing.B) {
			live, err := w.load()
			if err != nil {
				b.Fatal(err)
			}
			env, err := pathbench.NewEnvRules(ctx, live, b.TempDir())
			if err != nil {
				b.Fatal(err)
			}
			defer env.Close()
			s, err := env.Searcher(pathbench.WarmNoFile)
			if err != nil {
				b.Fatal(err)
			}
			benchLookups(b, s.Cache.Search(0, 0), live.Map.ID, standCells(live, lookupSample))
			st := s.Cache.Stats()
			b.ReportMetric(float64(st.Bytes)/float64(st.Resident), "B/resident-chunk")
			b.ReportMetric(float64(st.Distinct), "distinct")
		})
	}
}

// standCells draws n cells a walker stands on (from above: its highest
// surface), at random with a fixed seed.
func standCells(live *movement.Rules, n int) [][3]int {
	rng := rand.New(rand.NewPCG(1, 2))
	m := live.Map
	out := make([][3]int, 0, n)
	for len(out) < n {
		x, y := rng.IntN(m.Width), rng.IntN(m.Height)
		if z, ok := live.Enter(movement.Mover{}, x, y, 127, 127, 127); ok {
			out = append(out, [3]int{x, y, z})
		}
	}
	return out
}

// benchLookups times look's lookups of cells on map id, round robin, and reports the
// share of hits.
func benchLookups(b *testing.B, look stepcache.Search, id world.MapID, cells [][3]int) {
	hits := 0
	for _, c := range cells {
		if look.Lookup(id, c[0], c[1], c[2], 0).Kind == chunk.Hit {
			hits++
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	i := 0
	for b.Loop() {
		c := cells[i]
		look.Lookup(id, c[0], c[1], c[2], 0)
		if i++; i == len(cells) {
			i = 0
		}
	}
	b.ReportMetric(float64(hits)/float64(len(cells)), "hits")
}
