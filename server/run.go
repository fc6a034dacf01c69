package server

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"time"

	"github.com/shardcore/shardcore/config"
	"github.com/shardcore/shardcore/systems"
)

// Hook is called on the tick goroutine after every tick Run runs, between
// ticks (the shard's methods may be called from it); an error from it
// ends Run (ErrStop: a graceful stop, Run returns nil).
type Hook func() error

// ErrStop is what a Hook returns to end Run gracefully.
var ErrStop = errors.New("server: stop")

// Run is RunHook without a hook.
func (s *Server) Run(ctx context.Context) error { return s.RunHook(ctx, nil) }

// RunHook starts the pending bakes and the stdin reader and runs the tick
// loop until ctx ends, Options.MaxTicks ticks have run, the admin console's
// quit, or hook (nil: none; called after every tick) returns an error; then
// it shuts down gracefully (the running tick finishes, bakes are cancelled,
// the recorder is flushed, .swb readers are closed, the shard is saved when
// shard.saveFile is set, a summary is logged). A tick that overruns
// shard.tickMs is counted, and the loop drops the ticks it missed rather
// than queueing them. Between paced ticks the loop sleeps or spins, as
// shard.idle says (pace.go). Game time is counted in ticks, paced or not: each
// tick moves the world on by one shard.tickMs (from 0, or a restored
// save's game time), so a paced shard behind the clock slows down while it
// is behind instead of handing its next tick the time it missed (a tick
// covering two periods does twice the work and overruns again), and the
// first tick is not handed the time setup took. It returns nil on a
// graceful stop, else the hook's error or the last save's.
func (s *Server) RunHook(ctx context.Context, hook Hook) error {
	if err := s.begin(ctx, "run"); err != nil {
		return err
	}
	defer s.loop.readers.Wait() // deferred first, so it runs after close(s.loop.done): readCommands ends with Run
	defer close(s.loop.done)
	stopHuge := s.hugePages(ctx)
	defer stopHuge()
	period := s.cfg.Shard.Tick()
	s.log.Info().Float64("tick_ms", ms(period)).Bool("unpaced", s.opts.Unpaced).Str("idle", s.cfg.Shard.Idle).Uint64("maxTicks", s.opts.MaxTicks).Msg("shard running")
	var pace *pacer
	if !s.opts.Unpaced {
		pace = newPacer(period, s.cfg.Shard.Idle == config.IdleSpin)
		defer pace.Stop()
	}
	for s.opts.MaxTicks == 0 || s.ticks.n < s.opts.MaxTicks {
		if pace != nil {
			if !pace.wait(ctx) {
				return s.shutdown(nil)
			}
		} else if ctx.Err() != nil {
			return s.shutdown(nil)
		}
		s.tick(period)
		if s.loop.quit {
			return s.shutdown(nil)
		}
		if hook != nil {
			if err := hook(); err != nil {
				if errors.Is(err, ErrStop) {
					err = nil
				}
				return s.shutdown(err)
			}
		}
		// A tick that came due while this one overran is dropped, not run late.
		if pace != nil && pace.ran() {
			s.ticks.dropped++
		}
	}
	return s.shutdown(nil)
}

// Step runs one tick now, for a caller that owns the loop (instead of Run):
// the first Step starts what Run would (pending bakes, the maps'
// goroutines); Close ends it all. It returns an error when the shard is
// closed or Run runs.
func (s *Server) Step(ctx context.Context) error {
	if !s.loop.stepping.Load() {
		if err := s.begin(ctx, "step"); err != nil {
			return err
		}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	s.tick(s.cfg.Shard.Tick())
	return nil
}

// begin starts the shard's loop for Run (how: "run") or Step: the pending
// bakes, the maps' goroutines and, for Run, the stdin reader.
func (s *Server) begin(ctx context.Context, how string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return fmt.Errorf("server: %s: the shard is closed", how)
	}
	if !s.loop.running.CompareAndSwap(false, true) {
		return fmt.Errorf("server: %s: the shard already runs", how)
	}
	if how == "run" && s.loop.stepping.Load() {
		s.loop.running.Store(false)
		return errors.New("server: run: the shard is being stepped (Step): Close it first")
	}
	// Setting up (world files, routes, spawning) leaves hundreds of MB of
	// garbage: collect it now, so the collector's next cycle is paced from
	// the live heap and does not run during the first ticks.
	runtime.GC()
	for _, id := range s.bakes.pending {
		s.startBake(id)
	}
	s.bakes.pending = nil
	s.loop.stepping.Store(how == "step")
	s.startLoops()
	if how == "run" && s.opts.Stdin != nil {
		s.loop.readers.Add(1)
		go s.readCommands(s.opts.Stdin)
	}
	s.loop.nextProg = s.clock() + s.opts.ProgressEvery
	s.saves.next = s.clock() + s.saves.every
	_ = ctx
	return nil
}

// tick runs one tick: hand finished bakes to their maps, run the admin
// commands, then every map's part (tickMap) on the map's goroutine, as many
// at once as the runtime has processors, longest first; the tick is done
// when every map's part is. Then the maps' recorded searches are written,
// and the whole tick measured and reported.
func (s *Server) tick(period time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t0 := s.clock()
	s.collectBakes()
	s.drainCommands()
	s.loop.cur = tickArgs{period: period, recording: s.rec.Enabled()}
	if s.loop.job == nil {
		s.loop.job = func(me *mapEntry) { s.tickMap(me, s.loop.cur.period, s.loop.cur.recording) }
	}
	s.onMaps(s.loop.job)        // made once: a tick's hand-over allocates nothing
	for _, me := range s.maps { // map by map in world.maps order
		s.rec.Drain(me.rec)
	}
	s.rebalance()
	s.exchange()
	if s.loop.testHook != nil {
		s.loop.testHook()
	}
	d := s.clock() - t0
	s.ticks.add(d, period)
	s.writeTimeline(d)
	if s.mon.met != nil {
		s.mon.met.Tick(d, d > period)
	}
	if s.opts.ProgressEvery > 0 && t0 >= s.loop.nextProg {
		s.loop.nextProg = t0 + s.opts.ProgressEvery
		fmt.Fprintln(s.out, "progress", s.Snapshot().Line())
	}
	if s.saves.every > 0 && t0 >= s.saves.next {
		s.saves.next = t0 + s.saves.every
		s.saveInBackground()
	}
}

// tickArgs are the running tick's, for its maps' parts (tickJob).
type tickArgs struct {
	period    time.Duration
	recording bool
}

// readCommands sends r's lines to the tick goroutine until r ends or Run
// does: Run waits for it. The lines are read on a goroutine of their own,
// since a Read cannot be interrupted; when Run ends while it waits in a
// Read, that goroutine ends at r's next line or EOF, without delivering.
func (s *Server) readCommands(r io.Reader) {
	defer s.loop.readers.Done()
	lines := make(chan string)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			case <-s.loop.done:
				return
			}
		}
	}()
	for {
		select {
		case line, ok := <-lines:
			if !ok {
				return
			}
			select {
			case s.cmdCh <- cmdReq{line: line}:
			case <-s.loop.done:
				return
			}
		case <-s.loop.done:
			return
		}
	}
}

// drainCommands runs every queued admin command on the tick goroutine.
func (s *Server) drainCommands() {
	for {
		select {
		case c := <-s.cmdCh:
			out, err := s.exec(c.line)
			if c.reply != nil {
				c.reply <- cmdReply{out: out, err: err}
				continue
			}
			switch {
			case err != nil:
				fmt.Fprintf(s.out, "error: %v\n", err)
			case out != "":
				fmt.Fprintln(s.out, out)
			}
		default:
			return
		}
	}
}

// shutdown stops bakes, waits for a background save, takes the summary,
// saves the shard (shard.saveFile), stops the maps' goroutines, flushes the
// recorder, closes readers and logs the summary. cause is why it stops
// (nil: a graceful stop); it returns cause joined with what failed.
func (s *Server) shutdown(cause error) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.drainCommands()
	s.waitBakes()
	s.saves.wait()
	s.summary = s.Snapshot()
	var errs []error
	if cause != nil {
		errs = append(errs, cause)
	}
	if s.saves.path != "" {
		if _, err := s.saveNow(); err != nil {
			errs = append(errs, err)
		}
	}
	s.stopLoops()
	errs = append(errs, s.close())
	err := errors.Join(errs...)
	for _, m := range s.summary.Maps {
		s.logMapStopped(m)
	}
	ev := s.log.Info()
	if err != nil {
		ev = s.log.Error().Err(err)
	}
	ev.Uint64("ticks", s.summary.Ticks).Float64("p50_ms", s.summary.P50ms).Float64("p99_ms", s.summary.P99ms).
		Uint64("overruns", s.summary.Overruns).Uint64("paths", s.summary.Paths).Float64("hit_ratio", s.summary.HitRatio).
		Int("resident", s.summary.Resident).Uint64("max_wait_ticks", s.summary.MaxWaitTicks).
		Int("maps", len(s.summary.Maps)).Int("mobiles", s.summary.Mobiles).
		Uint64("late", s.summary.Late).Uint64("prefetched", s.summary.Prefetched).Uint64("unused", s.summary.Unused).
		Uint64("recorded", s.rec.Lines()).Uint64("recorder_dropped", s.rec.Dropped()).Msg("shard stopped")
	return err
}

// close stops the caches' build workers, flushes the recorder, closes
// the .swb readers and the metrics endpoint (idempotent; the maps'
// goroutines have stopped).
func (s *Server) close() error {
	if s.closed {
		return nil
	}
	s.closed = true
	s.bakes.cancel()
	var errs []error
	for _, me := range s.maps {
		if me.cache != nil {
			me.cache.Close()
		}
	}
	if s.rec != nil {
		// A recorder that failed (a full disk) has warned and kept its file
		// whole: the run still ends with its summary.
		if err := s.rec.Close(); err != nil {
			s.log.Warn().Err(err).Uint64("recorded", s.rec.Lines()).Uint64("dropped", s.rec.Dropped()).
				Msg("recorder: lines lost to a write error")
		}
	}
	for _, me := range s.maps {
		if me.reader != nil {
			if err := me.reader.Close(); err != nil {
				errs = append(errs, fmt.Errorf("close %s: %w", me.swbPath, err))
			}
			me.reader = nil
		}
	}
	if err := s.stopMetrics(); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// Close ends a shard that Step ran (as Run's end does: a save when
// shard.saveFile is set, then everything closed), or releases one that
// never ran; closing a closed shard does nothing. It returns an error
// while Run runs (cancel Run's context instead).
func (s *Server) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil // Run's end, or an earlier Close, closed it
	}
	stepping := s.loop.stepping.Swap(false)
	s.mu.Unlock()
	if stepping {
		defer close(s.loop.done)
		return s.shutdown(nil)
	}
	if s.loop.running.Load() {
		return errors.New("server: close: running (cancel Run's context instead)")
	}
	s.bakes.wg.Wait()
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.close()
}

// logMapStopped logs map m's part of the summary at shutdown, with each of
// its tick's systems' mean time per tick.
func (s *Server) logMapStopped(m MapSummary) {
	perTick := func(k systems.System) float64 { return m.SystemMs[k] / float64(max(s.summary.Ticks, 1)) }
	s.log.Info().Int("map", int(m.Map)).Int("mobiles", m.Mobiles).Uint64("paths", m.Paths).Float64("hit_ratio", m.HitRatio).
		Int("resident", m.Resident).Int("budget", m.Budget).Uint64("max_wait_ticks", m.MaxWaitTicks).
		Float64("p50_ms", m.P50ms).Float64("p99_ms", m.P99ms).
		Uint64("late", m.Late).Uint64("prefetched", m.Prefetched).Uint64("unused", m.Unused).
		Int("prefetched_unread", m.Unread).Uint64("steps", m.Steps).Uint64("steps_live", m.StepsLive).
		Uint64("steps_trusted", m.StepsTrusted).Uint64("move_stages", m.MoveStages).Uint64("move_stages_alone", m.MoveStagesAlone).
		Float64("think_ms_per_tick", perTick(systems.SysThink)).
		Float64("pathfinding_ms_per_tick", perTick(systems.SysPathfind)).Float64("movement_ms_per_tick", perTick(systems.SysMove)).
		Float64("lookahead_ms_per_tick", perTick(systems.SysLookAhead)).Float64("upkeep_ms_per_tick", perTick(systems.SysUpkeep)).
		Msg("map stopped")
}
