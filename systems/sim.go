package systems

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/mlange-42/arche/ecs"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/pathing"
	"github.com/shardcore/shardcore/world"
)

// spatialRef is a mobile's or item's handle in the spatial index.
type spatialRef struct{ H int32 }

// Sim is one map's shard simulation: the world state (the ECS world, the
// map, its spatial index, the live rules over both, the registry of
// mobiles, items and routes, the game clock and the seeded random stream)
// and the systems Tick runs over it, each a struct of its own queries and
// scratch. A Sim is owned by one goroutine.
type Sim struct {
	w     ecs.World
	m     *world.Map
	td    *world.TileData
	idx   *Spatial
	rules *movement.Rules
	opts  Options
	rnd   random
	reg   registry
	tick  uint64
	now   int64 // game ms of the running tick
	ids   compIDs
	maps  compMaps
	sch   schedules
	ai    minds
	paths *pathfinder
	move  mover
	st    counters
	durs  durations
	ev    eventLog
	beat  beats
}

// schedules are the Sim's schedules (schedule.go): move and think timers,
// the mobiles touched since the last think stage (in touch round round),
// who follows whom beyond each leader's first follower, and the sleeping
// sectors.
type schedules struct {
	moves, thinks *wheel
	touched       []ecs.Entity
	round         uint32
	followers     map[ecs.Entity][]ecs.Entity
	sleep         *sleepers // sleeping sectors (nil: off)
}

// minds are the AI stage and each intent's AI.
type minds struct {
	think  thinker
	follow followAI
	patrol patrolAI
	walk   walkAI
	wander wanderAI
	goTo   goToAI
}

// random is the Sim's seeded random stream and its source, which a save
// keeps.
type random struct {
	*rand.Rand
	src *rand.PCG
}

// NewSim returns a simulation over map m with tile data td. The live rules
// see the Sim's spatial index as their dynamics (doors, fields, mobiles) and
// the map's multis.
func NewSim(m *world.Map, td *world.TileData, opts Options) (*Sim, error) {
	if m == nil || td == nil {
		return nil, errors.New("systems: new sim: nil map or tile data")
	}
	opts = opts.withDefaults(time.Now())
	s := &Sim{w: ecs.NewWorld(), m: m, td: td, opts: opts, reg: newRegistry(m.ID),
		sch: schedules{moves: &wheel{}, thinks: &wheel{}, followers: map[ecs.Entity][]ecs.Entity{}}}
	s.idx = NewSpatial(m.ID, m.Width, m.Height)
	s.idx.trust.multis = m.MultisVersion() // trust is lost when they change from now on
	if opts.Rules != nil {
		if opts.Rules.Map != m {
			return nil, fmt.Errorf("systems: new sim: rules are over map %d, not the sim's map %d", opts.Rules.Map.ID, m.ID)
		}
		s.rules = opts.Rules.Clone()
	} else {
		s.rules = movement.NewRules(m, td, nil)
	}
	s.rules.Dyn = s.idx
	s.rules.StaticOnly = false
	s.rnd.src = rand.NewPCG(opts.Seed, opts.Seed^0x5EED)
	s.rnd.Rand = rand.New(s.rnd.src)
	w := &s.w
	s.ids, s.maps = newCompIDs(w), newCompMaps(w)
	if opts.SleepRadius > 0 {
		s.sch.sleep = newSleepers(opts.SleepRadius, m.Width, m.Height)
	}
	s.move = newMover(w)
	s.ai.think.minPar, s.ai.think.chunk = minLaneThinks, thinkChunk
	if err := s.searchAndStep(opts.Backend); err != nil {
		return nil, fmt.Errorf("systems: new sim: %w", err)
	}
	helpers := &crew{spin: s.opts.HelperSpin} // one crew for the stages, which run one after another
	s.ai.think.gate.crew, s.move.gate.crew = helpers, helpers
	if s.paths.par != nil {
		s.paths.par.gate.crew = helpers
	}
	return s, nil
}

// searchAndStep makes the Sim's finders and steppers through b, over
// clones of its live rules: its own, and the search workers' and movement
// lanes' when b shares and the options ask for them.
func (s *Sim) searchAndStep(b Backend) error {
	rules, view := s.searchRules()
	finder := b.Finder(rules)
	if finder == nil {
		return errors.New("the backend made no finder")
	}
	if s.move.stepper = b.Stepper(s.rules.Clone()); s.move.stepper == nil {
		return errors.New("the backend made no stepper")
	}
	s.paths = newPathfinder(finder)
	s.paths.view = view
	if s.opts.SearchWorkers > 1 && b.Shares() {
		ps := &parallel{}
		for i := 0; i < s.opts.SearchWorkers; i++ {
			rules, view := s.searchRules()
			f := b.SharedFinder(rules)
			if f == nil {
				return errors.New("the backend made no shared finder")
			}
			w := &searchWorker{finder: f, view: view}
			w.pauser, _ = f.(pathing.Pauser)
			ps.workers = append(ps.workers, w)
		}
		s.paths.par = ps
	}
	if s.opts.MoveWorkers > 1 && b.Shares() {
		for i := 0; i < 2; i++ {
			st := b.SharedStepper(s.rules.Clone())
			if st == nil {
				return errors.New("the backend made no shared stepper")
			}
			s.move.movers = append(s.move.movers, st)
		}
	}
	return nil
}

// searchRules returns a clone of the live rules for a finder and the view
// of the dynamics it searches through (Options.MobileHorizon); without a
// horizon the view is nil and the rules read the spatial index itself.
func (s *Sim) searchRules() (*movement.Rules, *searchView) {
	r := s.rules.Clone()
	if s.opts.MobileHorizon <= 0 {
		return r, nil
	}
	v := newSearchView(s.idx, s.opts.MobileHorizon)
	r.Dyn = v
	return r, v
}

// Map returns the simulated map.
func (s *Sim) Map() *world.Map { return s.m }

// Tiles returns the tile data.
func (s *Sim) Tiles() *world.TileData { return s.td }

// Rules returns the live rules the movement system checks steps with (their
// dynamics are the Sim's spatial index). Clone them for own scratch.
func (s *Sim) Rules() *movement.Rules { return s.rules }

// Spatial returns the spatial index.
func (s *Sim) Spatial() *Spatial { return s.idx }

// Options returns the options in force, defaults filled.
func (s *Sim) Options() Options { return s.opts }

// TickCount returns the number of ticks run.
func (s *Sim) TickCount() uint64 { return s.tick }
