package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/pprof"
	"time"

	"github.com/rs/zerolog"
	"golang.org/x/term"

	"github.com/shardcore/shardcore/server"
	"github.com/shardcore/shardcore/shard"
)

// runSynopsis is run's usage line.
const runSynopsis = "shard run [--config server.toml] [--ticks N] [--population pets=N,patrols=N,swimmers=N] [--progress D] [--cpuprofile FILE] [--memprofile FILE] [--timeline FILE]"

// cmdRun runs the shard (runSynopsis) and prints its summary.
func cmdRun(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	f := newFlags("run", stdout, stderr, runSynopsis,
		"Admin commands are read from stdin (type help). One simulation runs per map of world.maps, each on its",
		"own goroutine; a tick is done when every map's is. The summary, when the run ends:",
		"  totals steps N found N expansions N queue N max_ms X overruns N dropped N",
		"  map N mobiles N paths N hit_ratio X resident N budget N max_wait_ticks N p50_ms X p99_ms X late N prefetched N unused N   (one per map)",
		"  ticks N p50_ms X p99_ms X paths N hit_ratio X resident N max_wait_ticks N maps N mobiles N late N prefetched N unused N   (last;",
		"  with [cluster] it goes on: transfers_in N transfers_out N in_flight N)")
	load := f.shardConfig()
	ticks := f.Uint64("ticks", 0, "run N ticks back to back, as fast as possible (no sleeping between ticks), measuring each tick's duration;\n0 runs paced at shard.tickMs until interrupted (Ctrl-C)")
	cpuprof := f.String("cpuprofile", "", "write a CPU profile of the run to FILE")
	memprof := f.String("memprofile", "", "write a heap profile (live and allocated since start) to FILE when the run ends")
	timeline := f.String("timeline", "", "write a CSV line per map per tick to FILE: tick,map,shard_us,map_us,think_us,pathfind_us,move_us,lookahead_us,upkeep_us,steps,searches,expansions")
	progress := f.Duration("progress", 5*time.Second, "print a progress line (progress ticks N p50_ms X ..., the summary so far) this often, e.g. 10s (0: never)")
	if err := f.parse(args); err != nil {
		return err
	}
	if f.NArg() > 0 {
		return f.usageErr("unexpected argument %q", f.Arg(0))
	}
	cfg, err := load()
	if err != nil {
		return err
	}
	log, err := server.NewLogger(cfg.Log, stderr)
	if err != nil {
		return err
	}
	opts := shard.Options{MaxTicks: *ticks, Unpaced: *ticks > 0, Out: stdout, ProgressEvery: *progress, Log: &log}
	tl, closeTimeline, err := openTimeline(*timeline, &log)
	if err != nil {
		return err
	}
	defer closeTimeline()
	opts.Timeline = tl
	if stdinInteractive() {
		opts.Console = os.Stdin
	}
	sh, err := shard.Open(ctx, cfg, opts)
	if err != nil {
		return err
	}
	stopCPU, writeHeap, err := startProfiles(*cpuprof, *memprof)
	if err != nil {
		sh.Close()
		return err
	}
	defer stopCPU()
	if err := sh.Run(ctx, nil); err != nil {
		return err
	}
	if err := writeHeap(); err != nil {
		return err
	}
	printRunSummary(stdout, sh.Server().Summary())
	return nil
}

// printRunSummary prints run's summary: totals, a line per map, the last line.
func printRunSummary(stdout io.Writer, sum server.Summary) {
	fmt.Fprintln(stdout, "totals "+sum.Details())
	for _, m := range sum.Maps {
		fmt.Fprintln(stdout, m.Line())
	}
	fmt.Fprintln(stdout, sum.Line())
}

// openTimeline opens --timeline's file (path "": none, a nil writer)
// behind a buffer; closeTimeline flushes and closes it, logging a failure.
func openTimeline(path string, log *zerolog.Logger) (w io.Writer, closeTimeline func(), err error) {
	if path == "" {
		return nil, func() {}, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, nil, fmt.Errorf("timeline: %w", err)
	}
	bw := bufio.NewWriterSize(f, 1<<16)
	return bw, func() {
		if err := bw.Flush(); err != nil {
			log.Warn().Err(err).Str("file", path).Msg("timeline: writing the file failed")
		}
		f.Close()
	}, nil
}

// startProfiles starts the CPU profile (cpu non-empty) and opens the heap
// profile's file (mem non-empty); stopCPU ends the first, writeHeap fills
// the second (each a no-op when not asked for).
func startProfiles(cpu, mem string) (stopCPU func(), writeHeap func() error, err error) {
	stopCPU, writeHeap = func() {}, func() error { return nil }
	if cpu != "" {
		if stopCPU, err = startCPUProfile(cpu); err != nil {
			return nil, nil, err
		}
	}
	if mem != "" {
		if writeHeap, err = openHeapProfile(mem); err != nil {
			stopCPU()
			return nil, nil, err
		}
	}
	return stopCPU, writeHeap, nil
}

// startCPUProfile writes a CPU profile to path until stop is called.
func startCPUProfile(path string) (stop func(), err error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("cpuprofile: %w", err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("cpuprofile: %w", err)
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}, nil
}

// openHeapProfile creates path now, so a bad path fails before the run,
// and returns a write that fills it when the run ends: in-use memory and
// all allocated since the process started (pprof -sample_index=alloc_space
// shows the garbage a run made).
func openHeapProfile(path string) (write func() error, err error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("memprofile: %w", err)
	}
	return func() error {
		runtime.GC() // the profile is as of the last collection: make it now
		err := pprof.Lookup("heap").WriteTo(f, 0)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return fmt.Errorf("memprofile: %w", err)
		}
		return nil
	}, nil
}

// stdinInteractive reports whether stdin is a terminal or a pipe (admin
// commands are read from it); /dev/null and regular files are not read.
func stdinInteractive() bool {
	if term.IsTerminal(int(os.Stdin.Fd())) {
		return true
	}
	fi, err := os.Stdin.Stat()
	return err == nil && fi.Mode()&os.ModeNamedPipe != 0
}
