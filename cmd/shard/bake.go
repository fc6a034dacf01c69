package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"time"

	"golang.org/x/term"

	"shardcore/internal/swblab"
	"shardcore/movement"
	"shardcore/stepcache"
	"shardcore/stepcache/swb"
	"shardcore/world"
	"shardcore/world/gen"
	"shardcore/world/source"
)

// bakeOptions are the flags of `shard bake`.
type bakeOptions struct {
	mapID   int
	world   string // "default" or a client-files directory
	size    string // WxH for the default world ("" = generator default)
	seed    int64
	out     string
	workers int
}

// cmdBake bakes every chunk of a map into <out>/map<N>.swb and prints a size
// table: `shard bake [--map N] [--world default|DIR] [--size WxH] [--seed N] [--out DIR]`.
func cmdBake(ctx context.Context, args []string) error {
	var o bakeOptions
	fs := flag.NewFlagSet("bake", flag.ContinueOnError)
	fs.IntVar(&o.mapID, "map", 0, "map id")
	fs.StringVar(&o.world, "world", "default", `"default" (generated) or a directory of client files`)
	fs.StringVar(&o.size, "size", "", "default world size WxH (e.g. 7168x4096)")
	fs.Int64Var(&o.seed, "seed", 1, "default world seed")
	fs.StringVar(&o.out, "out", ".", "output directory for the .swb (and the default world's client files)")
	fs.IntVar(&o.workers, "workers", runtime.NumCPU(), "bake workers")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if o.mapID < 0 || o.mapID > 255 || o.workers < 1 {
		return fmt.Errorf("bake: --map must be 0..255 and --workers ≥ 1")
	}
	if err := os.MkdirAll(o.out, 0o755); err != nil {
		return err
	}
	start := time.Now()
	b, err := buildChunks(ctx, o, newProgress(os.Stderr, "bake"))
	if err != nil {
		return err
	}
	built := time.Since(start)
	path := filepath.Join(o.out, fmt.Sprintf("map%d.swb", o.mapID))
	hdr := swb.Header{MapID: uint32(o.mapID), WidthChunks: b.widthChunks, HeightChunks: b.heightChunks,
		Fingerprint: b.fingerprint, BakeTime: time.Now()}
	wp := newProgress(os.Stderr, "write")
	total := b.widthChunks * b.heightChunks
	var n atomic.Int64
	src := swb.SliceChunks(b.chunks, b.widthChunks)
	t1 := time.Now()
	st, err := swb.Write(ctx, path, hdr, func(cx, cy int) (*stepcache.Chunk, error) {
		wp.update(int(n.Add(1)), total)
		return src(cx, cy)
	})
	wp.done()
	if err != nil {
		return err
	}
	printBakeTable(os.Stdout, path, st, swblab.ReferenceSize(b.chunks), built, time.Since(t1))
	return nil
}

// baked is a built map: its chunks row-major and the client-file fingerprint.
type baked struct {
	chunks                    []*stepcache.Chunk
	widthChunks, heightChunks int
	fingerprint               uint64
}

// buildChunks loads the world (client files from a directory, or the
// generated default world written as client files under <out>/world-files)
// and builds every chunk on o.workers cores with stepcache.BuildMap. The
// fingerprint is over those files on disk.
func buildChunks(ctx context.Context, o bakeOptions, p *progress) (*baked, error) {
	defer p.done()
	spec := source.Spec{MapID: world.MapID(o.mapID), Seed: o.seed}
	if o.size != "" {
		w, h, err := gen.ParseSize(o.size)
		if err != nil {
			return nil, err
		}
		spec.Width, spec.Height = w, h
	}
	if o.world == "default" {
		spec.FilesDir = filepath.Join(o.out, "world-files")
	} else {
		spec.DataDir = o.world
	}
	w, err := source.Load(ctx, spec)
	if err != nil {
		return nil, err
	}
	chunks, err := stepcache.BuildMap(ctx, movement.NewRules(w.Map, w.Tiles, nil), o.workers, p.update)
	if err != nil {
		return nil, err
	}
	wide, high := stepcache.ChunksOf(w.Map.Width, w.Map.Height)
	return &baked{chunks: chunks, widthChunks: wide, heightChunks: high, fingerprint: w.Fingerprint}, nil
}

// printBakeTable prints what the bake stored and how it compares.
func printBakeTable(w io.Writer, path string, st swb.WriteStats, ref int64, build, write time.Duration) {
	ratio := 0.0
	if ref > 0 {
		ratio = float64(st.FileBytes) / float64(ref)
	}
	fmt.Fprintf(w, "%s\n", path)
	rows := []struct {
		k string
		v any
	}{
		{"chunks", st.Chunks}, {"distinct records", st.Records},
		{"  uniform", st.Uniform}, {"  full", st.Full},
		{"record bytes", st.RecordBytes}, {"index bytes", st.IndexBytes},
		{"file bytes", st.FileBytes}, {"reference v9 bytes", ref},
		{"ratio", fmt.Sprintf("%.3f", ratio)},
		{"build", build.Round(time.Millisecond)}, {"write", write.Round(time.Millisecond)},
	}
	for _, r := range rows {
		fmt.Fprintf(w, "  %-20s %v\n", r.k, r.v)
	}
}

// progress reports a long step: a bar redrawn in place on a terminal, plain
// lines every 10% otherwise.
type progress struct {
	w     io.Writer
	label string
	tty   bool
	last  atomic.Int64 // last reported permille (plain) or redraw (tty)
	start time.Time
}

func newProgress(w *os.File, label string) *progress {
	p := &progress{w: w, label: label, tty: term.IsTerminal(int(w.Fd())), start: time.Now()}
	p.last.Store(-1)
	return p
}

// update records done of total; safe from several goroutines.
func (p *progress) update(done, total int) {
	if total <= 0 {
		return
	}
	step := int64(done * 100 / total)
	if !p.tty {
		step = step / 10 * 10
	}
	old := p.last.Load()
	if step <= old || !p.last.CompareAndSwap(old, step) {
		return
	}
	if p.tty {
		const width = 40
		fill := int(step) * width / 100
		fmt.Fprintf(p.w, "\r%-5s [%s%s] %3d%% %d/%d", p.label, strings.Repeat("#", fill), strings.Repeat(".", width-fill), step, done, total)
		return
	}
	fmt.Fprintf(p.w, "%s: %d%% (%d/%d) %s\n", p.label, step, done, total, time.Since(p.start).Round(time.Millisecond))
}

func (p *progress) done() {
	if p.tty && p.last.Load() >= 0 {
		fmt.Fprintln(p.w)
	}
}
