package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"

	"golang.org/x/term"

	"shardcore/config"
	"shardcore/server"
)

// cmdRun runs the shard: `shard run [--config server.toml] [--ticks N]
// [--population pets=N,patrols=N,swimmers=N] [--cpuprofile FILE]`.
func cmdRun(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	cfgPath := fs.String("config", "", "server.toml to use (default: ./server.toml if present, else the defaults)")
	ticks := fs.Uint64("ticks", 0, "run N ticks back to back, as fast as possible (no sleeping between ticks), measuring each tick's duration;\n0 runs paced at shard.tickMs until interrupted (Ctrl-C)")
	popFlag := fs.String("population", "", "override the population: pets=N,patrols=N,swimmers=N (pets are player+pet pairs)")
	cpuprof := fs.String("cpuprofile", "", "write a CPU profile of the run to FILE")
	progress := fs.Duration("progress", 5*time.Second, "print a progress line this often (0: never)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: shard run [--config server.toml] [--ticks N] [--population pets=N,patrols=N,swimmers=N]")
		fmt.Fprintln(fs.Output(), "Admin commands are read from stdin (type help). The last line printed is:")
		fmt.Fprintln(fs.Output(), "  ticks N p50_ms X p99_ms X paths N hit_ratio X resident N max_wait_ticks N")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	cfg, err := loadRunConfig(*cfgPath)
	if err != nil {
		return err
	}
	if *popFlag != "" {
		if err := parsePopulation(*popFlag, &cfg.Shard.Population); err != nil {
			return err
		}
	}
	log, err := server.NewLogger(cfg.Log, os.Stderr)
	if err != nil {
		return err
	}
	opts := server.Options{MaxTicks: *ticks, Unpaced: *ticks > 0, Out: os.Stdout, ProgressEvery: *progress}
	if stdinInteractive() {
		opts.Stdin = os.Stdin
	}
	srv, err := server.NewWithOptions(ctx, cfg, log, opts)
	if err != nil {
		return err
	}
	if *cpuprof != "" {
		f, err := os.Create(*cpuprof)
		if err != nil {
			return fmt.Errorf("run: cpuprofile: %w", err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return fmt.Errorf("run: cpuprofile: %w", err)
		}
		defer pprof.StopCPUProfile()
	}
	if err := srv.Run(ctx); err != nil {
		return err
	}
	sum := srv.Summary()
	fmt.Println(sum.Details())
	fmt.Println(sum.Line())
	return nil
}

// loadRunConfig reads path, or ./server.toml when present, else the defaults.
func loadRunConfig(path string) (config.Config, error) {
	if path != "" {
		return config.Load(path)
	}
	cfg, _, err := config.LoadOptional("server.toml")
	return cfg, err
}

// parsePopulation applies "pets=N,patrols=N,swimmers=N" (any subset) to p.
func parsePopulation(s string, p *config.Population) error {
	for _, kv := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
		n, err := strconv.Atoi(v)
		if !ok || err != nil || n < 0 {
			return fmt.Errorf("run: --population %q: want pets=N,patrols=N,swimmers=N with N ≥ 0", s)
		}
		switch k {
		case "pets":
			p.Pets = n
		case "patrols":
			p.Patrols = n
		case "swimmers":
			p.Swimmers = n
		default:
			return fmt.Errorf("run: --population: unknown kind %q (want pets, patrols, swimmers)", k)
		}
	}
	return nil
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
