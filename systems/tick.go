package systems

import "time"

// Tick runs every system once, in the fixed order AI intents → path
// requests → pathfinding (budgeted) → movement and doors → eviction hook →
// stats. now is the game time of the tick (monotonic; the movement pace
// and repath intervals read it in milliseconds).
func (s *Sim) Tick(now time.Duration) {
	t0 := s.opts.Clock()
	s.now = now.Milliseconds()
	s.st.tickMaxWait = 0
	s.aiSystem()
	s.requestSystem()
	s.pathfindSystem()
	s.moveSystem()
	if s.opts.Evictor != nil {
		s.opts.Evictor.Enforce()
	}
	s.tick++
	s.statsSystem(s.opts.Clock() - t0)
}

// Step runs one tick at the next multiple of the tick period.
func (s *Sim) Step() {
	s.Tick(time.Duration(s.tick+1) * time.Duration(s.opts.TickMs) * time.Millisecond)
}

// Now returns the game time of the last tick, in milliseconds.
func (s *Sim) Now() int64 { return s.now }
