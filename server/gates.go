package server

import (
	"fmt"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/world"
)

// gate is a moongate (shard.moongate) on one of this process's maps: its
// cell, and the point of the shard it sends to.
type gate struct {
	x, y       int
	to         world.MapID
	tx, ty, tz int
}

// onGate is a mobile found standing on a gate after a tick.
type onGate struct {
	id uint64
	g  gate
}

// buildGates gives each map of this process its moongates, and checks that
// each gate's cell is on its map and each point on a map of this process
// is on it (a point on another process's map is checked there).
func (s *Server) buildGates() error {
	for i, g := range s.cfg.Shard.Moongates {
		if dst := s.entry(world.MapID(g.ToMap)); dst != nil && !dst.w.Map.InBounds(g.ToX, g.ToY) {
			return fmt.Errorf("server: shard.moongate %d sends to (%d,%d), off map %d (%dx%d)",
				i+1, g.ToX, g.ToY, g.ToMap, dst.w.Map.Width, dst.w.Map.Height)
		}
		me := s.entry(world.MapID(g.Map))
		if me == nil {
			continue // another process's gate
		}
		if !me.w.Map.InBounds(g.X, g.Y) {
			return fmt.Errorf("server: shard.moongate %d at (%d,%d) is off map %d (%dx%d)", i+1, g.X, g.Y, g.Map, me.w.Map.Width, me.w.Map.Height)
		}
		me.gates = append(me.gates, gate{x: g.X, y: g.Y, to: world.MapID(g.ToMap), tx: g.ToX, ty: g.ToY, tz: g.ToZ})
	}
	return nil
}

// collectGates notes, on map me's goroutine after its tick, the mobiles
// standing on its gates that take them: those that follow no one (a
// follower goes with its leader, never alone).
func (s *Server) collectGates(me *mapEntry) {
	me.atGates = me.atGates[:0]
	for _, g := range me.gates {
		me.gateBuf = me.sim.Spatial().MobilesAt(me.id, g.x, g.y, me.gateBuf[:0])
		for _, m := range me.gateBuf {
			if ms, err := me.sim.Mobile(m.ID); err == nil && ms.Follow == nil {
				me.atGates = append(me.atGates, onGate{id: m.ID, g: g})
			}
		}
	}
}

// runGates sends each mobile found on a gate, with its followers, to the
// gate's point (holding mu, between ticks): on its own map at once, to
// another map of this process or, through the Transit, of another's.
func (s *Server) runGates() {
	for _, me := range s.maps {
		for _, og := range me.atGates {
			g := og.g
			if err := s.teleport(og.id, g.to, g.tx, g.ty, g.tz); err != nil {
				s.log.Warn().Err(err).Int("map", int(me.id)).Uint64("mobile", og.id).Int("to_map", int(g.to)).Msg("moongate: mobile not sent")
			}
		}
		me.atGates = me.atGates[:0]
	}
}

// gateScratch is a map's moongates and what its goroutine found on them.
type gateScratch struct {
	gates   []gate
	atGates []onGate
	gateBuf []movement.Mobile
}
