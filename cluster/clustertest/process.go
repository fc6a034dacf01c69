package clustertest

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/pprof"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/rs/zerolog"

	"github.com/shardcore/shardcore/cluster"
	"github.com/shardcore/shardcore/config"
	"github.com/shardcore/shardcore/shard"
)

// Environment variables a child process reads.
const (
	envChild  = "SHARDCORE_CLUSTERTEST_CHILD"  // its config file
	envDriver = "SHARDCORE_CLUSTERTEST_DRIVER" // leaders,pets,seed
	// envProfile, when set, is where each process writes a CPU profile of
	// its run: a path with %s for the process's name.
	envProfile = "SHARDCORE_CLUSTERTEST_CPUPROFILE"
	// envUnpaced, when it names a process, has that process tick back to
	// back (each tick shard.tickMs of game time), as `shard run --ticks`
	// does: its tick durations are then its ticks' own cost.
	envUnpaced = "SHARDCORE_CLUSTERTEST_UNPACED"
	// envRate, when set, bounds the leaders each process's driver sends
	// per second.
	envRate = "SHARDCORE_CLUSTERTEST_RATE"
	// envSpin, when it names a process, has that process spin between its
	// paced ticks (shard.idle = "spin").
	envSpin = "SHARDCORE_CLUSTERTEST_SPIN"
	// envTimeline, when set, is where each process writes its timeline
	// (shard.Options.Timeline): a path with %s for the process's name.
	envTimeline = "SHARDCORE_CLUSTERTEST_TIMELINE"
)

// cpuProfile starts a CPU profile into path; stop ends it.
func cpuProfile(path string) (stop func(), err error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}

// IsChild reports whether this test binary runs as a shard process of a
// test (call ChildMain from TestMain then).
func IsChild() bool { return os.Getenv(envChild) != "" }

// Process is a shard process a test started: a child of the test binary
// running one process of a plan with a Driver. It prints its Driver's
// Status every 100 ms; it reads `stop` (the driver stops sending) and
// `quit` (the shard stops gracefully, saving) from its standard input.
type Process struct {
	Name    string
	cmd     *exec.Cmd
	in      io.WriteCloser
	mu      sync.Mutex
	last    Status
	start   Opening
	summary string
	done    chan struct{}
	err     error
}

// Opening is what a process printed before its first tick: the mobiles on
// its maps (its population, or what its save and journal restored) and how
// many its Driver spawns at its first tick.
type Opening struct {
	Mobiles, Spawn int64
	Seen           bool
}

// Status is a process's last status line.
type Status struct {
	Ticks, Mobiles, In, Out, InFlight, Crossed, Spawned int64
	At                                                  time.Time
}

// Start starts the process of config path as a child of this test binary
// (which must call ChildMain from TestMain when IsChild): leaders with pets
// each spawned on each station (0: none, a restart), its log to logPath.
func Start(path string, leaders, pets int, seed uint64, logPath string) (*Process, error) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), envChild+"="+path, fmt.Sprintf("%s=%d,%d,%d", envDriver, leaders, pets, seed))
	logf, err := os.OpenFile(logPath, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	cmd.Stderr = logf
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	p := &Process{Name: strings.TrimSuffix(filepath.Base(path), ".toml"), cmd: cmd, in: in, done: make(chan struct{})}
	go p.read(out, logf)
	return p, nil
}

// read keeps the last status line until the child's output ends, then
// waits for it.
func (p *Process) read(out io.Reader, logf *os.File) {
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		line := sc.Text()
		if st, ok := parseStatus(line); ok {
			p.mu.Lock()
			p.last = st
			p.mu.Unlock()
		}
		if rest, ok := strings.CutPrefix(line, "summary "); ok {
			p.mu.Lock()
			p.summary = rest
			p.mu.Unlock()
		}
		var start Opening
		if _, err := fmt.Sscanf(line, "start mobiles %d spawn %d", &start.Mobiles, &start.Spawn); err == nil {
			start.Seen = true
			p.mu.Lock()
			p.start = start
			p.mu.Unlock()
		}
	}
	p.err = p.cmd.Wait()
	logf.Close()
	close(p.done)
}

func parseStatus(line string) (Status, bool) {
	f := strings.Fields(line)
	if len(f) != 15 || f[0] != "status" {
		return Status{}, false
	}
	st := Status{At: time.Now()}
	for i, v := range []*int64{&st.Ticks, &st.Mobiles, &st.In, &st.Out, &st.InFlight, &st.Crossed, &st.Spawned} {
		n, err := strconv.ParseInt(f[2+2*i], 10, 64)
		if err != nil {
			return Status{}, false
		}
		*v = n
	}
	return st, true
}

// Last returns the last status the process printed (zero before any).
func (p *Process) Last() Status {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.last
}

// Started returns what the process printed before its first tick (Seen
// false before it did).
func (p *Process) Started() Opening {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.start
}

// Summary returns the summary line the process printed when its shard
// stopped ("" before).
func (p *Process) Summary() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.summary
}

// Send writes a command line to the process.
func (p *Process) Send(cmd string) error {
	_, err := io.WriteString(p.in, cmd+"\n")
	return err
}

// Kill kills the process with SIGKILL and waits for it.
func (p *Process) Kill() {
	_ = p.cmd.Process.Kill()
	<-p.done
}

// Wait waits up to d for the process to exit and returns how it ended.
func (p *Process) Wait(d time.Duration) error {
	select {
	case <-p.done:
		return p.err
	case <-time.After(d):
		return fmt.Errorf("clustertest: %s did not exit in %v", p.Name, d)
	}
}

// Exited reports whether the process has exited.
func (p *Process) Exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// ChildMain runs this test binary as a shard process (IsChild): it opens
// the shard of its config with [cluster], runs it paced with a Driver and
// returns the exit code.
func ChildMain() int {
	if err := child(); err != nil {
		fmt.Fprintln(os.Stderr, "child:", err)
		return 1
	}
	return 0
}

func child() error {
	cfg, err := config.Load(os.Getenv(envChild))
	if err != nil {
		return err
	}
	if os.Getenv(envSpin) == cfg.Cluster.Self {
		cfg.Shard.Idle = config.IdleSpin
	}
	d, err := childDriver(cfg)
	if err != nil {
		return err
	}
	log := zerolog.New(os.Stderr).With().Timestamp().Logger()
	ctx := context.Background()
	opts := shard.Options{Log: &log, Events: shard.MaskOf(shard.EventTeleported), EventCap: 1 << 20,
		Cluster: cluster.Options{AckWait: 2 * time.Second}, Unpaced: os.Getenv(envUnpaced) == cfg.Cluster.Self}
	if path := os.Getenv(envTimeline); path != "" {
		f, err := os.Create(fmt.Sprintf(path, cfg.Cluster.Self))
		if err != nil {
			return err
		}
		defer f.Close()
		w := bufio.NewWriterSize(f, 1<<16)
		defer w.Flush()
		opts.Timeline = w
	}
	sh, err := shard.Open(ctx, cfg, opts)
	if err != nil {
		return err
	}
	if prof := os.Getenv(envProfile); prof != "" {
		stop, err := cpuProfile(fmt.Sprintf(prof, cfg.Cluster.Self))
		if err != nil {
			return err
		}
		defer stop()
	}
	out := bufio.NewWriter(os.Stdout)
	fmt.Fprintf(out, "start mobiles %d spawn %d\n", mobilesOf(sh), d.ToSpawn())
	if err := out.Flush(); err != nil {
		return err
	}
	err = sh.Run(ctx, childHook(d, out))
	if err != nil && !errors.Is(err, shard.ErrStop) {
		return err
	}
	fmt.Fprintln(out, "summary", sh.Server().Summary().Line())
	return out.Flush()
}

// childDriver is the driver the environment describes.
func childDriver(cfg config.Config) (*Driver, error) {
	var leaders, pets int
	var seed uint64
	if _, err := fmt.Sscanf(os.Getenv(envDriver), "%d,%d,%d", &leaders, &pets, &seed); err != nil {
		return nil, fmt.Errorf("%s: %w", envDriver, err)
	}
	d := NewDriver(cfg, leaders, pets, seed)
	if v := os.Getenv(envRate); v != "" && v != "0" {
		rate, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", envRate, err)
		}
		d.Limit(rate)
	}
	return d, nil
}

// childHook runs the commands read from stdin (stop, quit), the driver,
// and prints the status every 100 ms.
func childHook(d *Driver, out *bufio.Writer) func(*shard.Shard) error {
	cmds := make(chan string, 4)
	go func() {
		sc := bufio.NewScanner(os.Stdin)
		for sc.Scan() {
			cmds <- sc.Text()
		}
	}()
	next := time.Now()
	return func(sh *shard.Shard) error {
		select {
		case c := <-cmds:
			switch c {
			case "stop":
				d.Stop()
			case "quit":
				return shard.ErrStop
			}
		default:
		}
		if err := d.Hook(sh); err != nil {
			return err
		}
		if now := time.Now(); now.After(next) {
			next = now.Add(100 * time.Millisecond)
			fmt.Fprintln(out, d.Status(sh))
			return out.Flush()
		}
		return nil
	}
}
