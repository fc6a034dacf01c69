package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"sync"
	"time"
)

// benchHostSynopsis is bench host's usage line.
const benchHostSynopsis = "shard bench host [--seconds N] [--threads N]"

// A stall is a gap of at least stallMin in a spinning thread's progress:
// time the machine gave the thread's core to someone else (a kernel
// thread, another process, the hypervisor).
const stallMin = 100 * time.Microsecond

// stallReport is one spinning thread's stalls.
type stallReport struct {
	spun    time.Duration // wall time the thread spun
	lost    time.Duration // the stalls' total
	longest time.Duration
	over    [3]int // stalls of at least 0.3 ms, 1 ms and 4 ms
	count   int    // every stall (≥ stallMin)
}

// stallBounds are the thresholds of stallReport.over.
var stallBounds = [3]time.Duration{300 * time.Microsecond, time.Millisecond, 4 * time.Millisecond}

// add counts one stall of length g.
func (r *stallReport) add(g time.Duration) {
	r.count++
	r.lost += g
	r.longest = max(r.longest, g)
	for i, b := range stallBounds {
		if g >= b {
			r.over[i]++
		}
	}
}

// merge adds o's stalls to r.
func (r *stallReport) merge(o stallReport) {
	r.spun += o.spun
	r.lost += o.lost
	r.longest = max(r.longest, o.longest)
	r.count += o.count
	for i := range r.over {
		r.over[i] += o.over[i]
	}
}

// line formats r as bench host prints it.
func (r stallReport) line() string {
	pct := 0.0
	if r.spun > 0 {
		pct = 100 * float64(r.lost) / float64(r.spun)
	}
	return fmt.Sprintf("stalls %d over_0.3ms %d over_1ms %d over_4ms %d lost_ms %.1f lost_pct %.2f longest_ms %.2f",
		r.count, r.over[0], r.over[1], r.over[2], ms(r.lost), pct, ms(r.longest))
}

// ms is d in milliseconds.
func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// spinStalls keeps the calling goroutine on its own thread, reading the
// clock until d has passed or ctx ends, and reports the gaps between reads.
func spinStalls(ctx context.Context, d time.Duration) stallReport {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var r stallReport
	start := time.Now()
	end := start.Add(d)
	last := start
	for n := 0; ; n++ {
		now := time.Now()
		if g := now.Sub(last); g >= stallMin {
			r.add(g)
		}
		last = now
		if now.After(end) || (n%4096 == 0 && ctx.Err() != nil) {
			r.spun = now.Sub(start)
			return r
		}
	}
}

// cmdBenchHost spins one thread per core (--threads) for --seconds and
// prints, per thread and in all, how often and for how long the machine
// took the core away. A tick waits for its slowest worker, so a stall of
// a few ms on any core lands in the tick's p99 once stalls come in more
// than 1% of ticks; the last line is `host threads N seconds S stalls N
// over_0.3ms N over_1ms N over_4ms N lost_ms X lost_pct X longest_ms X`.
// Run it alone: other work on the machine counts as stalls.
func cmdBenchHost(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("bench host", stdout, stderr, benchHostSynopsis,
		"Spins one thread per core and reports the gaps in their progress: time the machine gave the core away.",
		"The last line printed is: host threads N seconds S stalls N over_0.3ms N over_1ms N over_4ms N lost_ms X lost_pct X longest_ms X")
	seconds := fs.Float64("seconds", 10, "how long each thread spins")
	threads := fs.Int("threads", runtime.GOMAXPROCS(0), "spinning threads (default: GOMAXPROCS, the cores a shard ticks on)")
	if err := fs.parse(args); err != nil {
		return err
	}
	if *seconds <= 0 || *seconds > 3600 || *threads < 1 || *threads > 1024 {
		return fs.usageErr("--seconds must be in (0, 3600] and --threads in 1..1024")
	}
	if fs.NArg() > 0 {
		return fs.usageErr("unexpected argument %q", fs.Arg(0))
	}
	d := time.Duration(*seconds * float64(time.Second))
	fmt.Fprintf(stderr, "spinning %d threads for %.1f s\n", *threads, *seconds)
	reports := make([]stallReport, *threads)
	var wg sync.WaitGroup
	for i := range reports {
		wg.Go(func() { reports[i] = spinStalls(ctx, d) })
	}
	wg.Wait()
	var all stallReport
	for i, r := range reports {
		fmt.Fprintf(stdout, "thread %d %s\n", i, r.line())
		all.merge(r)
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("bench host: %w", err)
	}
	fmt.Fprintf(stdout, "host threads %d seconds %.1f %s\n", *threads, *seconds, all.line())
	return nil
}
