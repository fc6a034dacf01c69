package server

import (
	"errors"
	"fmt"

	c "github.com/shardcore/shardcore/components"
	"github.com/shardcore/shardcore/systems"
	"github.com/shardcore/shardcore/world"
)

// Traveller is a mobile on its way to another map: what goes with it.
type Traveller struct {
	ID    uint64
	Tags  c.Tags
	Speed uint16
	// Follow is the mobile it follows (0: none), within Range: a follower
	// in its party follows there again; a leader does when its target is
	// on the map it arrives on.
	Follow uint64
	Range  int
}

// Party is mobiles travelling together from map From to the point (X, Y,
// Z) of map To: a leader first, then the mobiles following it (and
// theirs), each leader before its followers.
type Party struct {
	From, To world.MapID
	X, Y, Z  int
	Mobiles  []Traveller
}

// TransitCounts are a Transit's figures: the transfers it has received
// and sent since the process started, and how many are waiting on the
// message stream (sent and not yet stored by it, or received and not yet
// acknowledged to it).
type TransitCounts struct {
	In, Out, InFlight uint64
}

// TransitSection names a Transit's section of a save.
const TransitSection = "transit"

// Transit carries parties between this process's maps and the maps of the
// shard that other processes run (package cluster implements it over NATS
// JetStream), and keeps what it carries in the shard's saves so that no
// mobile is lost or doubled on the way. Set Options.Transit.
//
// The server calls Depart, Exchange, Capture and Restore on the goroutine
// that owns the shard, between ticks; Saved from whichever goroutine wrote
// a save; Remote and Counts from any goroutine. None of them may block on
// I/O: a Transit does its I/O on goroutines of its own and hands the
// results over in Exchange.
type Transit interface {
	// Remote reports whether map m is a map of the shard that another
	// process runs.
	Remote(m world.MapID) bool
	// Depart takes party p, which has left its map (its mobiles are
	// removed) for a remote map.
	Depart(p Party)
	// Exchange runs after every tick: it places the parties that have
	// arrived since the last call through x, and takes in whatever its
	// goroutines have finished.
	Exchange(x Seam)
	// Capture returns the Transit's section of a save being taken now.
	Capture() ([]byte, error)
	// Saved is told that the save last captured was written to path (err
	// nil), or that writing it failed.
	Saved(path string, err error)
	// Restore gives the Transit the section of the save the shard was
	// restored from (nil: no save, or one without a section) once the
	// maps are restored, before the first tick; it replays through x what
	// happened after that save.
	Restore(section []byte, saved bool, x Seam) error
	// Counts returns its figures.
	Counts() TransitCounts
}

// Seam is what a Transit may do to this process's maps while the server
// calls it (Exchange, Restore): it is valid only during that call.
type Seam struct{ s *Server }

// Local reports whether map m is one of this process's.
func (x Seam) Local(m world.MapID) bool { return x.s.entry(m) != nil }

// Arrive spawns party p on its map, one of this process's: each mobile at
// (p.X, p.Y, p.Z) (a point off the map at its nearest cell) with its id,
// capabilities and pace, its followers following it, its own follow order
// when its target is there; each arrival is an EventTeleported. A mobile
// whose id is already on one of this process's maps is not spawned again
// (it is there: a transfer delivered twice). It returns how many it
// spawned and the errors of those it could not.
func (x Seam) Arrive(p Party) (int, error) {
	me, err := x.s.mapOf(p.To)
	if err != nil {
		return 0, err
	}
	mp := me.w.Map
	px, py, pz := min(max(p.X, 0), mp.Width-1), min(max(p.Y, 0), mp.Height-1), min(max(p.Z, -128), 127)
	var errs []error
	n := 0
	for _, t := range p.Mobiles {
		if _, err := x.s.locate(t.ID); err == nil {
			errs = append(errs, fmt.Errorf("server: arrive on map %d: mobile %d is already here", p.To, t.ID))
			continue
		}
		err := x.s.onMapErr(me, func() error {
			sp := systems.MobileSpec{ID: t.ID, X: px, Y: py, Z: pz, Tags: t.Tags, Speed: t.Speed}
			if t.Follow != 0 && me.sim.HasMobile(t.Follow) { // a follower's leader spawned before it
				sp.Order = systems.Order{Follow: &systems.FollowSpec{Target: t.Follow, Range: t.Range}}
			}
			_, err := me.sim.Receive(sp)
			return err
		})
		if err != nil {
			errs = append(errs, err)
			continue
		}
		n++
	}
	return n, errors.Join(errs...)
}

// Leave removes the mobiles ids from this process's maps, wherever they
// are (those not here are skipped), and has the map that minted each never
// mint it again: they left for another process's map after the state the
// maps were restored from.
func (x Seam) Leave(ids []uint64) {
	for _, id := range ids {
		if me := x.s.entry(world.MapID(id >> systems.IDMapShift)); me != nil {
			x.s.onMap(me, func() { me.sim.ReserveMobileID(id) })
		}
		if me, err := x.s.locate(id); err == nil {
			_ = x.s.onMapErr(me, func() error { return me.sim.DespawnMobile(id) })
		}
	}
}

// depart removes mobile id and the mobiles following it (and theirs) from
// map src, followers first, and returns them as travellers, leaders first.
func (s *Server) depart(src *mapEntry, id uint64) ([]Traveller, error) {
	party, err := s.party(src, id)
	if err != nil {
		return nil, err
	}
	out := make([]Traveller, len(party))
	err = s.onMapErr(src, func() error {
		for i := len(party) - 1; i >= 0; i-- { // followers first: each leaves while its leader is still there
			ms := &party[i]
			out[i] = Traveller{ID: ms.ID, Tags: c.TagsOf(ms.Caps), Speed: ms.Speed}
			if ms.Follow != nil {
				out[i].Follow, out[i].Range = ms.Follow.Target, ms.Follow.Range
			}
			if err := src.sim.DespawnMobile(ms.ID); err != nil {
				return err
			}
		}
		return nil
	})
	return out, err
}

// departRemote sends mobile id, on map src, with its followers through the
// Transit to (x, y, z) of remote map m. Its point is checked against the
// largest map here, and against map m when it arrives (a point off it
// puts the party at its nearest cell).
func (s *Server) departRemote(src *mapEntry, id uint64, m world.MapID, x, y, z int) error {
	if x < 0 || y < 0 || x >= maxMapSide || y >= maxMapSide || z < -128 || z > 127 {
		return fmt.Errorf("server: teleport mobile %d to map %d (%d,%d,%d): %w", id, m, x, y, z, systems.ErrOffMap)
	}
	mobs, err := s.depart(src, id)
	if err != nil {
		return err
	}
	s.opts.Transit.Depart(Party{From: src.id, To: m, X: x, Y: y, Z: z, Mobiles: mobs})
	return nil
}

// maxMapSide bounds a point sent to another process's map: no map is
// wider or higher.
const maxMapSide = 1 << 15

// exchange runs the moongates and the Transit after a tick (holding mu).
func (s *Server) exchange() {
	s.runGates()
	if s.opts.Transit != nil {
		s.opts.Transit.Exchange(Seam{s})
	}
}

// restoreTransit hands the Transit its section of the save restored (f
// nil: none) and refuses a save with a section this build does not know,
// or with transfers when the shard runs without a Transit.
func (s *Server) restoreTransit(sections map[string][]byte, saved bool) error {
	data, has := sections[TransitSection]
	for name := range sections {
		if name != TransitSection {
			return fmt.Errorf("the save has a section %q this build does not know", name)
		}
	}
	if s.opts.Transit == nil {
		if has {
			return errors.New("the save holds a cluster process's transfers (section transit): run it with its [cluster] table")
		}
		return nil
	}
	return s.opts.Transit.Restore(data, saved, Seam{s})
}

// TransitCounts returns the Transit's figures (zero without one).
func (s *Server) TransitCounts() (TransitCounts, bool) {
	if s.opts.Transit == nil {
		return TransitCounts{}, false
	}
	return s.opts.Transit.Counts(), true
}
