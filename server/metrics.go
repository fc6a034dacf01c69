package server

import (
	"context"
	"time"

	"github.com/shardcore/shardcore/metrics"
	"github.com/shardcore/shardcore/systems"
)

// metricsCloseTimeout bounds how long shutdown waits for scrapes and
// profiles under way on the metrics endpoint.
const metricsCloseTimeout = 5 * time.Second

// startMetrics listens on metrics.listen (when set) and serves the shard's
// series and pprof there from now until the shard closes; a port in use is
// an error before anything is loaded.
func (s *Server) startMetrics() error {
	addr := s.cfg.Metrics.Listen
	if addr == "" {
		return nil
	}
	s.mon.met = metrics.New()
	ep, err := metrics.Listen(addr, s.mon.met.Handler(), s.cfg.Metrics.AllowRemote)
	if err != nil {
		s.mon.met = nil
		return err
	}
	s.mon.endpoint = ep
	if !ep.Loopback() {
		s.log.Warn().Str("addr", ep.Addr()).Msg("metrics listening beyond loopback (metrics.allowRemote): /metrics and /debug/pprof/ (memory, command line) are open to the network")
		return nil
	}
	s.log.Info().Str("addr", ep.Addr()).Msg("metrics listening: /metrics, /debug/pprof/")
	return nil
}

// stopMetrics closes the endpoint (idempotent).
func (s *Server) stopMetrics() error {
	if s.mon.endpoint == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), metricsCloseTimeout)
	defer cancel()
	err := s.mon.endpoint.Close(ctx)
	s.mon.endpoint = nil
	return err
}

// MetricsAddr is the address the metrics endpoint listens on ("" when
// metrics.listen is off or the shard has closed).
func (s *Server) MetricsAddr() string {
	if s.mon.endpoint == nil {
		return ""
	}
	return s.mon.endpoint.Addr()
}

// bindMetrics makes each map's series and publishes its figures once (the
// spawned population shows before the first tick).
func (s *Server) bindMetrics() {
	if s.mon.met == nil {
		return
	}
	for _, me := range s.maps {
		me.met = s.mon.met.Map(int(me.id), me.budget)
		me.foldMetrics()
	}
	if t := s.opts.Transit; t != nil {
		s.mon.met.Transfers(func() (in, out, inFlight uint64) {
			c := t.Counts()
			return c.In, c.Out, c.InFlight
		})
	}
}

// foldMetrics publishes map me's figures after a tick, on its goroutine:
// the counts its cache, simulation and path counts keep, read without a
// walk or an allocation.
func (me *mapEntry) foldMetrics() {
	cs := me.cache.Stats()
	f := &me.figs
	f.Mobiles, _ = me.sim.Spatial().Counts()
	f.QueueLen = me.sim.QueueLen()
	f.Resident = cs.Resident
	if me.paths != nil {
		f.Found, f.Failed, f.Unreachable, f.Waits = me.paths.found, me.paths.failed, me.paths.unreachable, me.paths.waits
	}
	f.Lookups = cs.Kinds
	f.Builds, f.Evictions = cs.Built, cs.Evicted
	f.Late, f.Prefetched, f.Unused = cs.Late, cs.Prefetched, cs.Unused
	f.Steps, f.Refused, f.StepsTrusted, f.StepsLive = me.sim.StepCounts()
	// The cache's only chunk source is the map's .swb: a record read is
	// a chunk loaded from it or a bad record (rebuilt live).
	f.SWBReads, f.SWBBad = cs.Loaded+cs.Corrupt, cs.Corrupt
	me.met.Update(f)
}

// pathCounts counts a map's served searches for the metrics (found,
// failed, their waits) as the simulation reports each to its recorder,
// then passes the record on: plain counts on the map's goroutine,
// published by foldMetrics once a tick.
type pathCounts struct {
	inner         systems.Recorder
	found, failed uint64
	unreachable   uint64 // of failed, those answered without a search
	waits         metrics.Waits
}

// RecordPath implements systems.Recorder.
func (p *pathCounts) RecordPath(r *systems.PathRecord) {
	if r.Found {
		p.found++
	} else {
		p.failed++
	}
	if r.Unreachable {
		p.unreachable++
	}
	p.waits.Observe(r.WaitTicks)
	if p.inner != nil {
		p.inner.RecordPath(r)
	}
}
