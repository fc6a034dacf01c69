package pathing

import "time"

// pauseEvery is how many loop turns a pausable search runs between two
// reads of its clock: a read costs about as much as a cached expansion's
// look-up, and 64 expansions take 10–200 µs.
const pauseEvery = 64

// pauseClock is a search's deadline (Request.Clock, Request.Deadline).
type pauseClock struct {
	read func() time.Duration
	at   time.Duration
	left int // loop turns until the next read
}

// set takes req's clock and deadline. The first read comes after
// pauseEvery turns, so every Find or Resume makes progress.
func (p *pauseClock) set(req *Request) {
	p.read, p.at, p.left = req.Clock, req.Deadline, pauseEvery
}

// due reports whether the search should pause now.
func (p *pauseClock) due() bool {
	if p.read == nil {
		return false
	}
	p.left--
	if p.left > 0 {
		return false
	}
	p.left = pauseEvery
	return p.read() >= p.at
}
