package server

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"time"
)

// Run starts the pending bakes and the stdin reader and runs the tick loop
// until ctx ends or Options.MaxTicks ticks have run; then it shuts down
// gracefully (the running tick finishes, bakes are cancelled, the recorder
// is flushed, .swb readers are closed, a summary is logged). A tick that
// overruns shard.tickMs is counted, and the ticker drops the ticks it
// missed rather than queueing them. Run returns nil on a graceful stop.
func (s *Server) Run(ctx context.Context) error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return errors.New("server: run: server already shut down")
	}
	if !s.running.CompareAndSwap(false, true) {
		s.mu.Unlock()
		return errors.New("server: run: already running")
	}
	defer s.readers.Wait() // deferred first, so it runs after close(s.done): readCommands ends with Run
	defer close(s.done)
	// Setting up (world files, routes, spawning) leaves hundreds of MB of
	// garbage: collect it now, so the collector's next cycle is paced from
	// the live heap and does not run during the first ticks.
	runtime.GC()
	for _, id := range s.pending {
		s.startBake(id)
	}
	s.pending = nil
	s.startLoops()
	s.mu.Unlock()
	if s.opts.Stdin != nil {
		s.readers.Add(1)
		go s.readCommands(s.opts.Stdin)
	}
	stopHuge := s.hugePages(ctx)
	defer stopHuge()
	s.nextProg = s.clock() + s.opts.ProgressEvery
	period := s.cfg.Shard.Tick()
	s.log.Info().Dur("tick", period).Bool("unpaced", s.opts.Unpaced).Uint64("maxTicks", s.opts.MaxTicks).Msg("shard running")
	var tc <-chan time.Time
	if !s.opts.Unpaced {
		t := time.NewTicker(period)
		defer t.Stop()
		tc = t.C
	}
	for s.opts.MaxTicks == 0 || s.ticks.n < s.opts.MaxTicks {
		if tc != nil {
			select {
			case <-ctx.Done():
				return s.shutdown()
			case <-tc:
			}
		} else if ctx.Err() != nil {
			return s.shutdown()
		}
		s.tick(period)
		if tc != nil {
			// A tick that fired while this one overran is dropped, not run late.
			select {
			case <-tc:
				s.ticks.dropped++
			default:
			}
		}
	}
	return s.shutdown()
}

// tick runs one tick: hand finished bakes to their maps, run the admin
// commands, then every map's part (tickMap) on the map's goroutine, all at
// once; the tick is done when every map's part is. Then the maps' recorded
// searches are written, and the whole tick measured and reported.
func (s *Server) tick(period time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t0 := s.clock()
	s.collectBakes()
	s.drainCommands()
	s.cur = tickArgs{now: t0, period: period, recording: s.rec.Enabled()}
	if s.tickJob == nil {
		s.tickJob = func(me *mapEntry) { s.tickMap(me, s.cur.now, s.cur.period, s.cur.recording) }
	}
	s.onMaps(s.tickJob)         // made once: a tick's hand-over allocates nothing
	for _, me := range s.maps { // map by map in world.maps order
		s.rec.Drain(me.rec)
	}
	if s.testHook != nil {
		s.testHook()
	}
	d := s.clock() - t0
	s.ticks.add(d, period)
	if s.met != nil {
		s.met.Tick(d, d > period)
	}
	if s.opts.ProgressEvery > 0 && t0 >= s.nextProg {
		s.nextProg = t0 + s.opts.ProgressEvery
		fmt.Fprintln(s.out, "progress", s.Snapshot().Line())
	}
}

// tickArgs are the running tick's, for its maps' parts (tickJob).
type tickArgs struct {
	now, period time.Duration
	recording   bool
}

// readCommands sends r's lines to the tick goroutine until r ends or Run
// does: Run waits for it. The lines are read on a goroutine of their own,
// since a Read cannot be interrupted; when Run ends while it waits in a
// Read, that goroutine ends at r's next line or EOF, without delivering.
func (s *Server) readCommands(r io.Reader) {
	defer s.readers.Done()
	lines := make(chan string)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			case <-s.done:
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
			case <-s.done:
				return
			}
		case <-s.done:
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

// shutdown stops bakes, takes the summary, stops the maps' goroutines,
// flushes the recorder, closes readers and logs the summary.
func (s *Server) shutdown() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.drainCommands()
	s.waitBakes()
	s.summary = s.Snapshot()
	s.stopLoops()
	err := s.close()
	for _, m := range s.summary.Maps {
		s.log.Info().Int("map", int(m.Map)).Int("mobiles", m.Mobiles).Uint64("paths", m.Paths).Float64("hit_ratio", m.HitRatio).
			Int("resident", m.Resident).Int("budget", m.Budget).Uint64("max_wait_ticks", m.MaxWaitTicks).
			Float64("p50_ms", m.P50ms).Float64("p99_ms", m.P99ms).Msg("map stopped")
	}
	ev := s.log.Info()
	if err != nil {
		ev = s.log.Error().Err(err)
	}
	ev.Uint64("ticks", s.summary.Ticks).Float64("p50_ms", s.summary.P50ms).Float64("p99_ms", s.summary.P99ms).
		Uint64("overruns", s.summary.Overruns).Uint64("paths", s.summary.Paths).Float64("hit_ratio", s.summary.HitRatio).
		Int("resident", s.summary.Resident).Uint64("max_wait_ticks", s.summary.MaxWaitTicks).
		Int("maps", len(s.summary.Maps)).Int("mobiles", s.summary.Mobiles).
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
	s.bakeCancel()
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

// Close releases a server that was built but never Run (Run closes itself).
func (s *Server) Close() error {
	if s.running.Load() {
		return errors.New("server: close: running (cancel Run's context instead)")
	}
	s.bakeWG.Wait()
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.close()
}
