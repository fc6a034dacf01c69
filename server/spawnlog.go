package server

import (
	"time"

	"github.com/shardcore/shardcore/world"
)

// defaultSpawnLogEvery is how often a long population set-up logs its
// progress by default.
const defaultSpawnLogEvery = 2 * time.Second

// spawnProgress returns the population set-up's progress callback: a log
// line every Options.SpawnLogEvery (by the wall clock) naming the stage and
// how far it got, so a large population's spawning is visible while it
// runs.
func (s *Server) spawnProgress(id world.MapID, mobiles int) func(stage string, done, total int) {
	every := s.opts.SpawnLogEvery
	if every <= 0 {
		every = defaultSpawnLogEvery
	}
	start := time.Now()
	next := start.Add(every)
	return func(stage string, done, total int) {
		now := time.Now()
		if now.Before(next) {
			return
		}
		next = now.Add(every)
		s.log.Info().Int("map", int(id)).Str("stage", stage).Int("done", done).Int("of", total).Int("mobiles", mobiles).
			Float64("elapsed_ms", ms(now.Sub(start).Round(time.Millisecond))).Msg("spawning population")
	}
}
