package server

import "time"

// gameClock is the shard's game time: the server's clock plus base, the
// game time the shard started at (0, or a restored save's), so a restored
// shard's clock goes on from where its save left it. In unpaced runs the
// maps count game time by their ticks instead (systems.Sim.Step).
type gameClock struct{ base time.Duration }

// at returns the game time at clock reading t.
func (g gameClock) at(t time.Duration) time.Duration { return g.base + t }
