package systems

import "time"

// Tick runs every system once, in the fixed order AI intents (follow,
// patrol, walk, wander) → path requests queued → pathfinding (budgeted) →
// movement and doors → cache upkeep (Options.Evictor) → stats. now is the
// game time of the tick (monotonic; the movement pace, repath intervals and
// the step cache's admission window read it in milliseconds).
func (s *Sim) Tick(now time.Duration) {
	t0 := s.opts.Clock()
	s.now = now.Milliseconds()
	s.st.tickMaxWait = 0
	s.follow.update(s)
	s.patrol.update(s)
	s.walk.update(s)
	s.wander.update(s)
	s.paths.enqueue(s)
	s.paths.update(s)
	s.move.update(s)
	if s.opts.Evictor != nil {
		s.opts.Evictor.Enforce()
	}
	s.tick++
	s.durs.add(s.opts.Clock()-t0, &s.st)
}

// Step runs one tick at the next multiple of the tick period.
func (s *Sim) Step() {
	s.Tick(time.Duration(s.tick+1) * time.Duration(s.opts.TickMs) * time.Millisecond)
}

// Now returns the game time of the last tick, in milliseconds.
func (s *Sim) Now() int64 { return s.now }
