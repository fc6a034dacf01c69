package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"time"

	"golang.org/x/term"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/swb"
	"github.com/shardcore/shardcore/stepcache/swb/lab"
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/gen"
	"github.com/shardcore/shardcore/world/source"
)

// bakeOptions are the flags of `shard bake`.
type bakeOptions struct {
	mapID     int
	world     string // "default" or a client-files directory
	size      string // WxH for the default world ("" = generator default)
	seed      int64
	out       string
	workers   int
	reference bool // also size the original's v9 layout
}

// bakeSynopsis is bake's usage line.
const bakeSynopsis = "shard bake [--world default|DIR] [--map N] [--size WxH] [--seed N] [--out DIR] [--workers N] [--reference]"

// cmdBake bakes every chunk of a map into <out>/map<N>.swb and prints a
// size table and each stage's time. With --world DIR and no --map it bakes
// every map the folder's manifest lists (map 0 of a client folder).
func cmdBake(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var o bakeOptions
	fs := newFlags("bake", stdout, stderr, bakeSynopsis,
		"Without --map, a folder from shard gen-world bakes each map its manifest lists; a client folder bakes map 0.")
	fs.StringVar(&o.world, "world", "default", `"default" (generated) or a directory of client files`)
	fs.IntVar(&o.mapID, "map", 0, "map id (default: every map of a --world folder's manifest, else 0)")
	fs.StringVar(&o.size, "size", "", "default world size WxH (e.g. 7168x4096)")
	fs.Int64Var(&o.seed, "seed", 1, "default world seed")
	fs.StringVar(&o.out, "out", ".", "output directory for the .swb (and the default world's client files)")
	fs.IntVar(&o.workers, "workers", runtime.NumCPU(), "bake workers")
	fs.BoolVar(&o.reference, "reference", false, "also size the map in the original shard's v9 layout and print the ratio (several times the bake's own time)")
	if err := fs.parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fs.usageErr("unexpected argument %q", fs.Arg(0))
	}
	if o.mapID < 0 || o.mapID > 255 || o.workers < 1 {
		return fs.usageErr("--map must be 0..255 and --workers ≥ 1")
	}
	ids, err := folderMaps(o.world, world.MapID(o.mapID), flagSet(fs, "map"))
	if err != nil {
		return err
	}
	if err := os.MkdirAll(o.out, 0o755); err != nil {
		return err
	}
	for _, id := range ids {
		o.mapID = int(id)
		if err := bakeMap(ctx, o, stdout, stderr); err != nil {
			if len(ids) > 1 {
				return fmt.Errorf("map %d: %w", id, err)
			}
			return err
		}
	}
	return nil
}

// bakeMap bakes map o.mapID into <o.out>/map<N>.swb and prints its table.
func bakeMap(ctx context.Context, o bakeOptions, stdout, stderr io.Writer) error {
	b, err := buildChunks(ctx, o, newProgress(stderr, "bake"))
	if err != nil {
		return err
	}
	path := filepath.Join(o.out, fmt.Sprintf("map%d.swb", o.mapID))
	hdr := swb.Header{MapID: uint32(o.mapID), WidthChunks: b.widthChunks, HeightChunks: b.heightChunks,
		Fingerprint: b.fingerprint, BakeTime: time.Now()}
	wp := newProgress(stderr, "write")
	total := b.widthChunks * b.heightChunks
	var n atomic.Int64
	var encoded atomic.Int64 // when the last chunk was handed to the writer
	src := swb.SliceChunks(b.chunks, b.widthChunks)
	t1 := time.Now()
	st, err := swb.Write(ctx, path, hdr, func(cx, cy int) (*chunk.Chunk, error) {
		wp.update(int(n.Add(1)), total)
		defer func() { encoded.Store(int64(time.Since(t1))) }()
		return src(cx, cy)
	})
	wp.done()
	if err != nil {
		return err
	}
	b.times.encode = time.Duration(encoded.Load())
	b.times.write = time.Since(t1) - b.times.encode
	ref := int64(-1)
	if o.reference {
		t2 := time.Now()
		ref = lab.ReferenceSize(b.chunks)
		b.times.reference = time.Since(t2)
	}
	printBakeTable(stdout, path, st, ref, b.times)
	return nil
}

// bakeTimes are the stages of a bake: load the world, build the chunks,
// encode them (until the writer has the last chunk's record), write the
// file (the Huffman code, records, index, fsync, rename).
type bakeTimes struct {
	load, build, encode, write time.Duration
	reference                  time.Duration // sizing the original's v9 layout, for the table
	chunks                     int
}

// baked is a built map: its chunks row-major and the client-file fingerprint.
type baked struct {
	chunks                    []*chunk.Chunk
	widthChunks, heightChunks int
	fingerprint               uint64
	times                     bakeTimes
}

// buildChunks loads the world (client files from a directory, or the
// generated default world written as client files under <out>/world-files)
// and builds every chunk on o.workers cores with bake.BuildMap. The
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
	t0 := time.Now()
	w, err := source.Load(ctx, spec)
	if err != nil {
		return nil, err
	}
	t1 := time.Now()
	chunks, err := bake.BuildMap(ctx, movement.NewRules(w.Map, w.Tiles, nil), o.workers, p.update)
	if err != nil {
		return nil, err
	}
	wide, high := chunk.Grid(w.Map.Width, w.Map.Height)
	times := bakeTimes{load: t1.Sub(t0), build: time.Since(t1), chunks: len(chunks)}
	return &baked{chunks: chunks, widthChunks: wide, heightChunks: high, fingerprint: w.Fingerprint, times: times}, nil
}

// printBakeTable prints what the bake stored, each stage's time and, when
// ref ≥ 0 (--reference), the size in the original's v9 layout and the
// ratio to it.
func printBakeTable(w io.Writer, path string, st swb.WriteStats, ref int64, t bakeTimes) {
	perSec := 0.0
	if t.build > 0 {
		perSec = float64(t.chunks) / t.build.Seconds()
	}
	fmt.Fprintf(w, "%s\n", path)
	ms := func(d time.Duration) time.Duration { return d.Round(time.Millisecond) }
	type row struct {
		k string
		v any
	}
	rows := []row{
		{"chunks", st.Chunks}, {"distinct records", st.Records},
		{"  uniform", st.Uniform}, {"  full", st.Full},
		{"record bytes", st.RecordBytes}, {"index bytes", st.IndexBytes},
		{"file bytes", st.FileBytes},
	}
	if ref >= 0 {
		ratio := 0.0
		if ref > 0 {
			ratio = float64(st.FileBytes) / float64(ref)
		}
		rows = append(rows, row{"reference v9 bytes", ref}, row{"ratio", fmt.Sprintf("%.3f", ratio)})
	}
	rows = append(rows,
		row{"load", ms(t.load)}, row{"build", ms(t.build)}, row{"chunks/s", fmt.Sprintf("%.0f", perSec)},
		row{"encode", ms(t.encode)}, row{"write", ms(t.write)},
		row{"total", ms(t.load + t.build + t.encode + t.write)})
	if ref >= 0 {
		rows = append(rows, row{"reference sizing", ms(t.reference)})
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

func newProgress(w io.Writer, label string) *progress {
	f, isFile := w.(*os.File)
	p := &progress{w: w, label: label, tty: isFile && term.IsTerminal(int(f.Fd())), start: time.Now()}
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
