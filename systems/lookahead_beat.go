package systems

import (
	"math"

	"github.com/mlange-42/arche/ecs"

	"github.com/shardcore/shardcore/stepcache/chunk"
)

// Beats: an order that repeats (a patrol's route, a walking player's
// route, a wanderer's home) has its mobile use the same chunks over and
// over for as long as it holds, and the Sim knows them the moment the order
// is given: the route's cells, the square around a wanderer's home. The
// look-ahead tells a DwellPredictor those chunks once per order (per route
// for routes many mobiles share), at the time the mobile first moves (its
// login delay): the mobile's first searches there find them built, where
// the gate would wait for its second visit. A follower's beat is its
// owner's. Like the rest of the look-ahead it changes when chunks are
// built, never an answer.

// beatsPerTick bounds the mobiles whose beat one tick predicts, so a
// population spawned at once spreads its beats over its first ticks
// (100,000 mobiles: 196 ticks, inside a login).
const beatsPerTick = 512

// beatTellsPerTick also bounds a tick's beats by the chunks they told, so
// orders with very long routes cannot stall a tick: a mobile whose route
// nobody told yet tells all of it. The mobile that reaches the bound
// finishes. On Britannia map 0 (cold, 100,000 mobiles) 512 mobiles told
// 3,000-5,500 chunks a tick at about 1 µs each, under the bound: a bound
// of 2,048 spread the beats over more ticks and the late lookups rose
// from 22,800 to 41,000.
const beatTellsPerTick = 8192

// beats is the look-ahead's queue of orders whose beat is yet to be told,
// and the routes already told.
type beats struct {
	queue  []ecs.Entity
	head   int
	routes map[int]bool // patrol routes told
	walks  map[int]bool // walking routes told
}

// queueBeat notes that mobile e's order was just given, when the backend
// takes beats and looks ahead.
func (s *Sim) queueBeat(e ecs.Entity) {
	if p, ok := s.opts.Backend.(DwellPredictor); ok && p.LookAheadMs() > 0 {
		s.beat.queue = append(s.beat.queue, e)
	}
}

// predictBeats tells p the beats of up to beatsPerTick queued orders,
// stopping once beatTellsPerTick chunks are told, and returns the chunks
// told.
func (s *Sim) predictBeats(p DwellPredictor) int {
	b := &s.beat
	told := 0
	end := min(len(b.queue), b.head+beatsPerTick)
	for i := b.head; i < end; i++ {
		if told >= beatTellsPerTick {
			end = i
			break
		}
		if e := b.queue[i]; s.w.Alive(e) {
			told += s.predictBeat(p, e)
		}
	}
	b.head = end
	if b.head == len(b.queue) {
		b.queue, b.head = b.queue[:0], 0
	}
	return told
}

// predictBeat tells p mobile e's beat, when its order has one.
func (s *Sim) predictBeat(p DwellPredictor, e ecs.Entity) int {
	sc := s.maps.sched.Get(e)
	bw := beatWalk{p: p, s: s, party: sc.party, cx: -1, cy: -1, speed: max(int64(s.maps.mob.Get(e).Speed), 1)}
	switch sc.intent {
	case intentWander:
		wd := s.maps.wander.Get(e)
		bw.at = max(wd.NextTry, s.now)
		r := wd.Radius
		for y := (wd.Home.Y - r) &^ (chunk.Size - 1); y <= wd.Home.Y+r; y += chunk.Size {
			for x := (wd.Home.X - r) &^ (chunk.Size - 1); x <= wd.Home.X+r; x += chunk.Size {
				bw.tell(max(x, wd.Home.X-r), max(y, wd.Home.Y-r))
			}
		}
	case intentPatrol:
		pt := s.maps.patrol.Get(e)
		if !bw.start(&s.beat.routes, pt.Route, len(s.reg.routes), pt.NextTry) {
			return 0
		}
		route := s.reg.routes[pt.Route]
		pos := s.maps.pos.Get(e)
		x, y := int(pos.X), int(pos.Y)
		for i := 0; i < len(route) && bw.left > 0; i++ {
			to := route[(pt.Index+i)%len(route)]
			bw.line(x, y, to.X, to.Y)
			x, y = to.X, to.Y
		}
	case intentWalk:
		wk := s.maps.walk.Get(e)
		if !bw.start(&s.beat.walks, wk.Route, len(s.reg.walks), wk.NextTry) {
			return 0
		}
		route := s.reg.walks[wk.Route]
		for i := 0; i < len(route) && bw.left > 0; i++ {
			c := route[(wk.Cell+i)%len(route)]
			bw.tell(c.X, c.Y)
			bw.at += bw.speed
			bw.left--
		}
	}
	return bw.told
}

// beatLead is how many cells of a shared route a mobile's beat walks from
// where the mobile starts on it, once another mobile's beat told the whole
// route: the chunks it reaches first, at its own times.
const beatLead = 128

// beatWalk tells a beat's chunks, each once when the cells come in runs,
// at the time the walk reaches them (a route's cell or a line's step per
// speed ms from at).
type beatWalk struct {
	p         DwellPredictor
	s         *Sim
	party     uint64
	at, speed int64
	cx, cy    int
	told      int
	left      int // cells line may still walk
}

// start readies the walk of route id, one of n, for a mobile that first
// moves at nextTry: the whole route the first time (told keeps the routes
// told so), beatLead cells after. False when there is no such route.
func (w *beatWalk) start(told *map[int]bool, id, n int, nextTry int64) bool {
	if id < 0 || id >= n {
		return false
	}
	w.at, w.left = max(nextTry, w.s.now), beatLead
	if !(*told)[id] {
		if *told == nil {
			*told = map[int]bool{}
		}
		(*told)[id] = true
		w.left = math.MaxInt
	}
	return true
}

// tell predicts the chunk of cell (x, y) unless it was the last one told.
func (w *beatWalk) tell(x, y int) {
	if x < 0 || y < 0 || !w.s.m.InBounds(x, y) {
		return
	}
	if cx, cy := x/chunk.Size, y/chunk.Size; cx != w.cx || cy != w.cy {
		w.cx, w.cy = cx, cy
		w.p.PredictDwell(w.s.m.ID, x, y, w.party, w.s.now, w.at)
		w.told++
	}
}

// line tells the chunks of the straight walk from (x0, y0) to (x1, y1),
// diagonal first, as a patrol's look-ahead walks between waypoints.
func (w *beatWalk) line(x0, y0, x1, y1 int) {
	x, y := x0, y0
	w.tell(x, y)
	for (x != x1 || y != y1) && w.left > 0 {
		x, y = x+sign(x1-x), y+sign(y1-y)
		w.left--
		w.at += w.speed
		w.tell(x, y)
	}
}
