package systems

import "time"

// Tick runs every system once, in the fixed order AI (the intents of the
// mobiles touched or whose think timer came: follow, patrol, walk, wander;
// their path requests join the queue) → pathfinding (budgeted) → movement
// (the mobiles whose move timer came) and doors → look-ahead (a Predictor
// backend's: lookahead.go) → cache upkeep (Backend.Upkeep) → stats. now is the
// game time of the tick (monotonic; the movement pace, repath intervals and
// the step cache's admission window read it in milliseconds).
func (s *Sim) Tick(now time.Duration) {
	t0 := s.opts.Clock()
	s.now = now.Milliseconds()
	s.st.tickMaxWait = 0
	if bw, ok := s.opts.Backend.(BackgroundWorker); ok {
		s.move.gate.crew.rest.Store(bw.BackgroundWork()) // its workers need the cores the helpers would wait on (the stages share one crew)
	}
	lap := t0
	steps, searches, expansions := s.st.steps, s.st.searches, s.st.expansions
	mark := func(k System) {
		t := s.opts.Clock()
		s.st.sys[k] += t - lap
		s.st.last.Stages[k] = t - lap
		lap = t
	}
	s.ai.think.update(s)
	mark(SysThink)
	s.idx.trustMultis(s.m.MultisVersion())
	s.paths.update(s)
	mark(SysPathfind)
	s.move.update(s)
	mark(SysMove)
	if p, ok := s.opts.Backend.(Predictor); ok {
		if h := p.LookAheadMs(); h > 0 {
			s.st.aheadSteps += uint64(s.lookAhead(p, h))
			if dp, ok := p.(DwellPredictor); ok && len(s.beat.queue) > 0 {
				s.predictBeats(dp)
			}
		}
	}
	mark(SysLookAhead)
	s.opts.Backend.Upkeep()
	mark(SysUpkeep)
	s.tick++
	s.st.last.Steps, s.st.last.Searches, s.st.last.Expansions = s.st.steps-steps, s.st.searches-searches, s.st.expansions-expansions
	s.durs.add(lap-t0, &s.st)
}

// TickTimes is what one tick of a Sim took, system by system (indexed by
// System), and what it did.
type TickTimes struct {
	Stages     [NumSystems]time.Duration
	Steps      uint64 // steps taken
	Searches   uint64 // searches run
	Expansions uint64 // their expansions
}

// LastTick returns what the last tick took and did (zero before the first).
func (s *Sim) LastTick() TickTimes { return s.st.last }

// Step runs one tick a tick period after the last: from a new Sim, at the
// multiples of the period.
func (s *Sim) Step() {
	s.Tick(time.Duration(s.now+int64(s.opts.TickMs)) * time.Millisecond)
}

// Now returns the game time of the last tick, in milliseconds.
func (s *Sim) Now() int64 { return s.now }

// System names one of the tick's systems in Stats.SystemTime.
type System int

// The tick's systems, in the order Tick runs them.
const (
	SysThink System = iota
	SysPathfind
	SysMove
	SysLookAhead
	SysUpkeep
	NumSystems
)

// String names the system as stats print it.
func (k System) String() string {
	names := [...]string{"think", "pathfind", "move", "lookahead", "upkeep"}
	if k >= 0 && int(k) < len(names) {
		return names[k]
	}
	return "unknown"
}
