package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"time"

	"golang.org/x/term"

	"shardcore/server"
)

// cmdRun runs the shard: `shard run [--config server.toml] [--ticks N]
// [--population pets=N,patrols=N,swimmers=N] [--cpuprofile FILE]`.
func cmdRun(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	f := newFlags("run", stdout, stderr,
		"shard run [--config server.toml] [--ticks N] [--population pets=N,patrols=N,swimmers=N] [--cpuprofile FILE]",
		"Admin commands are read from stdin (type help). One simulation runs per map of world.maps, each on its",
		"own goroutine; a tick is done when every map's is. The summary is one line per map, then last:",
		"  ticks N p50_ms X p99_ms X paths N hit_ratio X resident N max_wait_ticks N maps N mobiles N")
	load := f.shardConfig()
	ticks := f.Uint64("ticks", 0, "run N ticks back to back, as fast as possible (no sleeping between ticks), measuring each tick's duration;\n0 runs paced at shard.tickMs until interrupted (Ctrl-C)")
	cpuprof := f.String("cpuprofile", "", "write a CPU profile of the run to FILE")
	progress := f.Duration("progress", 5*time.Second, "print a progress line this often (0: never)")
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
	opts := server.Options{MaxTicks: *ticks, Unpaced: *ticks > 0, Out: stdout, ProgressEvery: *progress}
	if stdinInteractive() {
		opts.Stdin = os.Stdin
	}
	srv, err := server.NewWithOptions(ctx, cfg, log, opts)
	if err != nil {
		return err
	}
	if *cpuprof != "" {
		stop, err := startCPUProfile(*cpuprof)
		if err != nil {
			srv.Close()
			return err
		}
		defer stop()
	}
	if err := srv.Run(ctx); err != nil {
		return err
	}
	sum := srv.Summary()
	fmt.Fprintln(stdout, sum.Details())
	for _, m := range sum.Maps {
		fmt.Fprintln(stdout, m.Line())
	}
	fmt.Fprintln(stdout, sum.Line())
	return nil
}

// startCPUProfile writes a CPU profile to path until stop is called.
func startCPUProfile(path string) (stop func(), err error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("run: cpuprofile: %w", err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("run: cpuprofile: %w", err)
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
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
