package server

import (
	"strconv"
	"time"

	"github.com/shardcore/shardcore/systems"
)

// timelineHeader is the first line of a timeline (Options.Timeline).
const timelineHeader = "tick,map,shard_us,map_us,think_us,pathfind_us,move_us,lookahead_us,upkeep_us,steps,searches,expansions\n"

// timeline writes a CSV line per map per tick to Options.Timeline: the
// tick, the map, the shard's tick and the map's own part of it, the map's
// simulation stage by stage (µs), and its steps, searches and expansions.
// A write that fails ends the timeline (logged once); the shard runs on.
type timeline struct {
	started bool
	failed  bool
	buf     []byte
}

// writeTimeline writes the lines of the tick just run (d: its duration).
func (s *Server) writeTimeline(d time.Duration) {
	w, t := s.opts.Timeline, &s.tl
	if w == nil || t.failed {
		return
	}
	b := t.buf[:0]
	if !t.started {
		b = append(b, timelineHeader...)
		t.started = true
	}
	for _, me := range s.maps {
		lt := me.sim.LastTick()
		b = strconv.AppendUint(b, me.sim.TickCount(), 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(me.id), 10)
		b = appendMicros(b, d)
		b = appendMicros(b, me.ticks.last())
		for k := range systems.NumSystems {
			b = appendMicros(b, lt.Stages[k])
		}
		for _, n := range [...]uint64{lt.Steps, lt.Searches, lt.Expansions} {
			b = append(b, ',')
			b = strconv.AppendUint(b, n, 10)
		}
		b = append(b, '\n')
	}
	t.buf = b
	if _, err := w.Write(b); err != nil {
		t.failed = true
		s.log.Warn().Err(err).Msg("timeline: write failed; no more lines are written, the shard runs on")
	}
}

// appendMicros appends ",N" with d in whole microseconds.
func appendMicros(b []byte, d time.Duration) []byte {
	return strconv.AppendInt(append(b, ','), d.Microseconds(), 10)
}
