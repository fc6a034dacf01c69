package server

import (
	"context"
	"runtime"
	"sync/atomic"
	"time"
)

// pacer waits for a paced loop's next tick, the way shard.idle says: on a
// ticker ("sleep"), or spinning on the clock with every core the Go runtime
// may use kept busy ("spin"). Spinning exists for virtual machines: a vCPU
// that sleeps between ticks is halted by the hypervisor and wakes late and
// with cold caches, so the tick after a sleep costs more than the same tick
// run back to back (docs/performance.md, "Paced, as a shard in service
// runs"). Either way a tick that overran drops the ticks it missed instead
// of running them late, and counts one drop, as the ticker does.
type pacer struct {
	period time.Duration
	ticker *time.Ticker // sleep
	next   time.Time    // spin: when the next tick is due
	// spinning is set while the loop waits; the helpers spin while it is.
	spinning atomic.Bool
	wake     chan struct{} // one send per helper per wait
	helpers  int
	stop     chan struct{}
}

// spinYield is how often a spinner yields its core to the shard's other
// goroutines (background builds, saves, the console) while it waits.
const spinYield = 20 * time.Microsecond

// newPacer starts the pacing of ticks period apart; Stop ends it.
func newPacer(period time.Duration, spin bool) *pacer {
	p := &pacer{period: period}
	if !spin {
		p.ticker = time.NewTicker(period)
		return p
	}
	p.next = time.Now().Add(period)
	p.helpers = runtime.GOMAXPROCS(0) - 1
	p.wake = make(chan struct{}, p.helpers)
	p.stop = make(chan struct{})
	for range p.helpers {
		go p.helper()
	}
	return p
}

// Stop ends the ticker or the spinning helpers.
func (p *pacer) Stop() {
	if p.ticker != nil {
		p.ticker.Stop()
		return
	}
	close(p.stop)
}

// wait returns when the next tick is due (true) or ctx ends (false).
func (p *pacer) wait(ctx context.Context) bool {
	if p.ticker != nil {
		select {
		case <-ctx.Done():
			return false
		case <-p.ticker.C:
			return true
		}
	}
	if !time.Now().Before(p.next) {
		return ctx.Err() == nil
	}
	p.spinning.Store(true)
	for range p.helpers {
		select {
		case p.wake <- struct{}{}:
		default: // a helper has a wake it has not taken yet
		}
	}
	defer p.spinning.Store(false)
	yield := time.Now().Add(spinYield)
	for {
		now := time.Now()
		if !now.Before(p.next) {
			return ctx.Err() == nil
		}
		if now.After(yield) {
			if ctx.Err() != nil {
				return false
			}
			runtime.Gosched()
			yield = now.Add(spinYield)
		}
	}
}

// ran is told that a tick ended: it sets when the next is due and returns
// whether a tick was dropped because this one overran.
func (p *pacer) ran() (dropped bool) {
	if p.ticker != nil {
		select {
		case <-p.ticker.C:
			return true
		default:
			return false
		}
	}
	p.next = p.next.Add(p.period)
	if now := time.Now(); !p.next.After(now) {
		// Overran: the next tick is at the next period boundary after now.
		missed := now.Sub(p.next)/p.period + 1
		p.next = p.next.Add(missed * p.period)
		return true
	}
	return false
}

// helper keeps one more core busy while the loop waits.
func (p *pacer) helper() {
	for {
		select {
		case <-p.stop:
			return
		case <-p.wake:
		}
		yield := time.Now().Add(spinYield)
		for p.spinning.Load() {
			if now := time.Now(); now.After(yield) {
				runtime.Gosched()
				yield = now.Add(spinYield)
			}
		}
	}
}
