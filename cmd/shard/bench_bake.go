package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/gen"
	"github.com/shardcore/shardcore/world/source"
)

// benchBakeOptions are the flags of `shard bench bake`.
type benchBakeOptions struct {
	world   string
	maiDir  string
	mapID   int
	size    string
	seed    int64
	chunks  int
	all     bool
	workers int
	keep    int
}

// benchBakeSynopsis is bench bake's usage line.
const benchBakeSynopsis = "shard bench bake [--world default|DIR] [--map N] [--movingai DIR] [--size WxH] [--seed N] [--chunks K|--all] [--workers N] [--keep N]"

// cmdBenchBake builds a spread sample of a map's chunks with the fast probe
// and the reference probe, compares every chunk byte for byte and prints
// µs per chunk per kind; the last line is `chunks N fast_us X reference_us
// X speedup Xx identical N`. Any difference is an error.
func cmdBenchBake(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var o benchBakeOptions
	fs := newFlags("bench bake", stdout, stderr, benchBakeSynopsis,
		"The last line printed is: chunks N fast_us X reference_us X speedup Xx identical N")
	fs.StringVar(&o.world, "world", "default", `"default" (generated) or a directory of client files`)
	fs.StringVar(&o.maiDir, "movingai", "", "bench every Moving AI .map under this directory instead (the sample shared among them)")
	fs.IntVar(&o.mapID, "map", 0, "map id (default: the --world folder's only map, else 0)")
	fs.StringVar(&o.size, "size", "", "default world size WxH (e.g. 7168x4096)")
	fs.Int64Var(&o.seed, "seed", 1, "default world seed")
	fs.IntVar(&o.chunks, "chunks", 3000, "chunks to sample, spread over every kind present (0 = every chunk)")
	fs.BoolVar(&o.all, "all", false, "compare every chunk of the map (as --chunks 0)")
	fs.IntVar(&o.workers, "workers", 1, "goroutines building and comparing (each times its own builds)")
	fs.IntVar(&o.keep, "keep", 10, "differences to print")
	if err := fs.parse(args); err != nil {
		return err
	}
	if o.mapID < 0 || o.mapID > 255 || o.chunks < 0 || o.workers < 1 {
		return fs.usageErr("--map must be 0..255, --chunks ≥ 0 and --workers ≥ 1")
	}
	if fs.NArg() > 0 {
		return fs.usageErr("unexpected argument %q", fs.Arg(0))
	}
	if o.all {
		o.chunks = 0
	}
	if o.maiDir == "" {
		id, err := folderMap(o.world, world.MapID(o.mapID), flagSet(fs, "map"))
		if err != nil {
			return err
		}
		o.mapID = int(id)
	}
	worlds, err := benchWorlds(ctx, o)
	if err != nil {
		return err
	}
	var total probeTimes
	var kinds []bake.ChunkKind
	for _, w := range worlds {
		k := classifyChunks(w.r)
		sample := sampleChunks(k, (o.chunks+len(worlds)-1)/len(worlds))
		res, err := timeProbes(ctx, w.r, k, sample, o.workers, o.keep, newProgress(stderr, "bench"))
		if err != nil {
			return fmt.Errorf("%s: %w", w.name, err)
		}
		fmt.Fprintf(stdout, "%s map %d %dx%d: %d chunks, %d sampled, %d identical\n", w.name, o.mapID, w.r.Map.Width, w.r.Map.Height, len(k), len(sample), res.identical)
		total.merge(res, o.keep)
		kinds = append(kinds, k...)
	}
	total.print(stdout, kinds)
	if total.identical != total.chunks {
		for _, d := range total.diffs {
			fmt.Fprintf(stderr, "chunk (%d,%d): fast vs reference: %s\n", d.CX, d.CY, d.Diff)
		}
		return fmt.Errorf("%d of %d chunks differ from the reference probe", total.chunks-total.identical, total.chunks)
	}
	return nil
}

// benchWorlds loads the maps: every Moving AI map under --movingai, the
// generated default world in memory, or a map of client files.
func benchWorlds(ctx context.Context, o benchBakeOptions) ([]namedRules, error) {
	if o.maiDir != "" {
		return movingAIWorlds(o.maiDir)
	}
	if o.world != "default" {
		w, err := source.Load(ctx, source.Spec{DataDir: o.world, MapID: world.MapID(o.mapID)})
		if err != nil {
			return nil, err
		}
		return []namedRules{{o.world, movement.NewRules(w.Map, w.Tiles, nil)}}, nil
	}
	opts := gen.DefaultOptions()
	opts.Seed = o.seed
	if o.size != "" {
		var err error
		if opts.Width, opts.Height, err = gen.ParseSize(o.size); err != nil {
			return nil, err
		}
	}
	w, err := gen.Generate(ctx, opts)
	if err != nil {
		return nil, err
	}
	return []namedRules{{"default world", movement.NewRules(w.Map, w.Tiles, nil)}}, nil
}

// classifyChunks returns the kind of every chunk, row-major, on all cores.
func classifyChunks(r *movement.Rules) []bake.ChunkKind {
	wide, high := chunk.Grid(r.Map.Width, r.Map.Height)
	kinds := make([]bake.ChunkKind, wide*high)
	n := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	for w := 0; w < n; w++ {
		wg.Go(func() {
			for i := w; i < len(kinds); i += n {
				kinds[i] = bake.ClassifyChunk(r, i%wide, i/wide)
			}
		})
	}
	wg.Wait()
	return kinds
}

// sampleChunks picks k chunks (all when k is 0 or the map is smaller),
// sharing k equally among the kinds present (a kind with fewer chunks gives
// its unused share to the others), evenly spread over each kind's chunks,
// returned in map order.
func sampleChunks(kinds []bake.ChunkKind, k int) []int {
	if k <= 0 || k >= len(kinds) {
		all := make([]int, len(kinds))
		for i := range all {
			all[i] = i
		}
		return all
	}
	var by [bake.NumChunkKinds][]int
	for i, kind := range kinds {
		by[kind] = append(by[kind], i)
	}
	order := make([]int, 0, len(by))
	for kind := range by {
		if len(by[kind]) > 0 {
			order = append(order, kind)
		}
	}
	slices.SortFunc(order, func(a, b int) int { return len(by[a]) - len(by[b]) })
	var out []int
	left := k
	for j, kind := range order {
		list := by[kind]
		q := min(len(list), left/(len(order)-j))
		for s := 0; s < q; s++ {
			out = append(out, list[s*len(list)/q])
		}
		left -= q
	}
	slices.Sort(out)
	return out
}

// probeTimes are both probes' build times, chunk counts and the
// comparison's outcome.
type probeTimes struct {
	n         [bake.NumChunkKinds]int
	fast, ref [bake.NumChunkKinds]time.Duration
	chunks    int
	identical int
	diffs     []bake.ProbeDiff
}

// timeProbes builds every sampled chunk with both probes on workers
// goroutines, each timing its own builds, and compares them.
func timeProbes(ctx context.Context, r *movement.Rules, kinds []bake.ChunkKind, sample []int, workers, keep int, p *progress) (*probeTimes, error) {
	defer p.done()
	wide, _ := chunk.Grid(r.Map.Width, r.Map.Height)
	parts := make([]probeTimes, workers)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	for w := range parts {
		fast := bake.NewBuilder(r)
		ref := r.Clone()
		ref.StaticOnly = true
		for j := w; j < len(sample) && j < w+64*workers; j += workers {
			fast.Build(sample[j]%wide, sample[j]/wide) // warm the builder's scratch
		}
		wg.Go(func() {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			t := &parts[w]
			for j := w; j < len(sample) && ctx.Err() == nil; j += workers {
				i := sample[j]
				t.add(kinds[i], i%wide, i/wide, fast, ref, keep)
				mu.Lock()
				done++
				p.update(done, len(sample))
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	out := &parts[0]
	for i := 1; i < len(parts); i++ {
		out.merge(&parts[i], keep)
	}
	return out, nil
}

// add builds chunk (cx, cy) with both probes, timing each, and compares.
func (t *probeTimes) add(kind bake.ChunkKind, cx, cy int, fast *bake.Builder, ref *movement.Rules, keep int) {
	t0 := threadCPU()
	got := fast.Build(cx, cy)
	t1 := threadCPU()
	want := bake.BuildChunkReference(ref, cx, cy)
	t2 := threadCPU()
	t.n[kind]++
	t.fast[kind] += t1 - t0
	t.ref[kind] += t2 - t1
	t.chunks++
	if d := chunk.Diff(got, want); d == "" {
		t.identical++
	} else if len(t.diffs) < keep {
		t.diffs = append(t.diffs, bake.ProbeDiff{CX: cx, CY: cy, Diff: d})
	}
}

// merge adds o's counts and times to t.
func (t *probeTimes) merge(o *probeTimes, keep int) {
	for k := range t.n {
		t.n[k] += o.n[k]
		t.fast[k] += o.fast[k]
		t.ref[k] += o.ref[k]
	}
	t.chunks += o.chunks
	t.identical += o.identical
	for _, d := range o.diffs {
		if len(t.diffs) < keep {
			t.diffs = append(t.diffs, d)
		}
	}
}

// print writes the per-kind table, the map-weighted estimate and the last
// line.
func (t *probeTimes) print(w io.Writer, kinds []bake.ChunkKind) {
	var onMap [bake.NumChunkKinds]int
	for _, k := range kinds {
		onMap[k]++
	}
	us := func(d time.Duration, n int) float64 { return float64(d.Nanoseconds()) / 1e3 / float64(max(n, 1)) }
	fmt.Fprintf(w, "µs per chunk build, %s, one goroutine per build\n", clockName)
	fmt.Fprintf(w, "%-8s %8s %8s %10s %13s %8s\n", "kind", "on map", "sampled", "fast µs", "reference µs", "speedup")
	var fastAll, refAll time.Duration
	var wFast, wRef float64
	for k := range t.n {
		fastAll += t.fast[k]
		refAll += t.ref[k]
		if t.n[k] == 0 {
			continue
		}
		f, r := us(t.fast[k], t.n[k]), us(t.ref[k], t.n[k])
		wFast += f * float64(onMap[k]) / float64(len(kinds))
		wRef += r * float64(onMap[k]) / float64(len(kinds))
		fmt.Fprintf(w, "%-8s %8d %8d %10.1f %13.1f %7.1fx\n", bake.ChunkKind(k), onMap[k], t.n[k], f, r, r/f)
	}
	fmt.Fprintf(w, "map-weighted (each kind by its share of the map): fast_us %.1f reference_us %.1f speedup %.1fx\n", wFast, wRef, wRef/wFast)
	f, r := us(fastAll, t.chunks), us(refAll, t.chunks)
	fmt.Fprintf(w, "chunks %d fast_us %.1f reference_us %.1f speedup %.1fx identical %d\n", t.chunks, f, r, r/f, t.identical)
}
