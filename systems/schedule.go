package systems

import "github.com/mlange-42/arche/ecs"

// The Sim does not scan its mobiles every tick. A mobile's AI (its intent:
// follow, patrol, walk, wander) thinks when something it reads changed
// (touched: it or the mobile it follows stepped, its path was stored or
// cleared, it spawned) or when a time it waits for comes (a think timer);
// the movement system steps a mobile when its pace allows and it has a
// path (a move timer). Both kinds of timer live in a timing wheel of 1 ms
// slots. So a tick costs what happens in it, not the number of mobiles.

// wheelBits sizes the timing wheel: 512 slots of 1 game ms. A timer
// further out waits in its slot for its lap (due skips it until then). Most
// timers fire within a step's pace (~400 ms), so a slot is busy for one
// stretch of each lap and keeps its array's capacity between: 4,096 slots
// held 28.5 MB of such capacity at 100,000 mobiles, 512 hold an eighth.
const (
	wheelBits = 9
	wheelSize = 1 << wheelBits
	wheelMask = wheelSize - 1
)

// noTimer marks a schedule without a pending timer.
const noTimer int64 = -1 << 62

// Intents (sched.intent): which AI thinks for a mobile.
const (
	intentNone uint8 = iota
	intentFollow
	intentPatrol
	intentWalk
	intentWander
	intentGoTo  // a move-to order (GoTo)
	intentSteps // steps handed by direction (Order.Steps): no AI
	numIntents
)

// sched is a mobile's place in the Sim's schedules: its pending move and
// think timers (the game ms they fire at, noTimer when none; a timer in
// the wheel at another time is stale), the touch round it was last put on
// the touched list in, its intent, and the first mobile following it (the
// others, rare, in Sim.followers).
type sched struct {
	moveAt, thinkAt int64
	touched         uint32
	intent          uint8
	leads           bool
	asleep          bool       // in a sleeping sector's list (sleep.go)
	chasing         bool       // a follower stepping straight at its target (chase.go)
	party           uint64     // whom its steps count as at the step cache's gate: its target's id (a follower), else its own
	follower        ecs.Entity // the first mobile following it (leads)
}

// timer is one wheel entry: entity e is due at game ms at.
type timer struct {
	e  ecs.Entity
	at int64
}

// wheel is a timing wheel of 1 ms slots. Timers are added at or after
// next (earlier ones are clamped to it) and taken once their time has come.
type wheel struct {
	slots [wheelSize][]timer
	next  int64 // the first ms not yet taken
	n     int   // timers held, stale ones included
}

// add puts e in the wheel at ms at (at least next) and returns the time
// it was given.
func (w *wheel) add(e ecs.Entity, at int64) int64 {
	at = max(at, w.next)
	s := &w.slots[at&wheelMask]
	*s = append(*s, timer{e: e, at: at})
	w.n++
	return at
}

// due appends to dst the timers whose time is at most now, in time order
// (insertion order within a ms), and advances next past now. Timers a lap
// or more ahead stay.
func (w *wheel) due(now int64, dst []timer) []timer {
	if now < w.next {
		return dst
	}
	end := min(now, w.next+wheelSize-1)
	for t := w.next; t <= end; t++ {
		s := &w.slots[t&wheelMask]
		keep := (*s)[:0]
		for _, tm := range *s {
			if tm.at <= now {
				dst = append(dst, tm)
				w.n--
			} else {
				keep = append(keep, tm)
			}
		}
		clear((*s)[len(keep):])
		*s = keep
	}
	w.next = now + 1
	return dst
}

// sooner sets *cur, a mobile's pending time in w (noTimer: none), to the
// time w would give at (add) unless cur already comes at or before at, and
// reports whether it did: the timer is then the caller's to add at *cur.
func (w *wheel) sooner(cur *int64, at int64) bool {
	if *cur != noTimer && *cur <= at {
		return false
	}
	*cur = max(at, w.next)
	return true
}

// schedMove makes sure mobile e's move timer fires at ms at or earlier.
func (s *Sim) schedMove(e ecs.Entity, at int64) {
	if sc := s.maps.sched.Get(e); s.sch.moves.sooner(&sc.moveAt, at) {
		s.sch.moves.add(e, sc.moveAt)
	}
}

// schedThink makes sure mobile e's AI thinks at ms at or earlier.
func (s *Sim) schedThink(e ecs.Entity, at int64) {
	if sc := s.maps.sched.Get(e); s.sch.thinks.sooner(&sc.thinkAt, at) {
		s.sch.thinks.add(e, sc.thinkAt)
	}
}

// touch has mobile e's AI think at the next tick's think stage (once,
// however often it is touched before then).
func (s *Sim) touch(e ecs.Entity) {
	sc := s.maps.sched.Get(e)
	if sc.touched == s.sch.round {
		return
	}
	sc.touched = s.sch.round
	s.sch.touched = append(s.sch.touched, e)
}

// pathChanged schedules mobile e's next step after its path was stored or
// handed steps, and touches its AI.
func (s *Sim) pathChanged(e ecs.Entity) {
	if s.maps.path.Get(e).Remaining() > 0 {
		s.schedMove(e, max(s.maps.mob.Get(e).NextMove, s.now))
	}
	s.touch(e)
}
