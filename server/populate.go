package server

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/shardcore/shardcore/population"
	"github.com/shardcore/shardcore/stepcache/chunk"
)

// planPopulation shares shard.population over the maps (a configured share,
// else by area: EstimateRoom, the maps scanned in parallel), checks that
// each map's part fits its cells before anything is spawned (Fit), and
// shares pathfinding.maxResidentChunks among the maps (budgets). It returns
// each map's population options, in s.maps order.
func (s *Server) planPopulation(ctx context.Context) ([]population.Options, error) {
	p := s.cfg.Shard.Population
	total := population.Options{Pets: p.Pets, Patrols: p.Patrols, Swimmers: p.Swimmers, Seed: uint64(p.Seed)}
	parts := make([]population.MapPart, len(s.maps))
	rooms := len(s.maps) > 1 // one map takes everything: no need to measure it
	eachMap(s.maps, func(i int, me *mapEntry) error {
		parts[i] = population.MapPart{ID: me.id}
		parts[i].Share, parts[i].Set = p.ShareOf(int(me.id))
		parts[i].Room = population.Room{Walkers: 1, Swimmers: 1} // one map: it takes all (Fit checks the room)
		if rooms {
			parts[i].Room = population.EstimateRoom(me.w.Map, me.w.Tiles)
		}
		return nil
	})
	plans, err := population.Split(total, parts)
	if err != nil {
		return nil, fmt.Errorf("server: %w", err)
	}
	err = eachMap(s.maps, func(i int, me *mapEntry) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := population.Fit(me.w.Map, me.w.Tiles, plans[i]); err != nil {
			return fmt.Errorf("map %d: %w", me.id, err)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("server: %w", err)
	}
	s.budgets(plans, parts)
	return plans, nil
}

// budgets shares pathfinding.maxResidentChunks among the maps in proportion
// to their mobiles (by area when nobody is spawned), at least one chunk
// each, summing to the key's value: one bound on the shard's memory, each
// part enforced by its map's own cache. At 0 each map's part is its whole
// chunk grid: nothing is evicted.
func (s *Server) budgets(plans []population.Options, parts []population.MapPart) {
	total := s.cfg.Pathfinding.MaxResidentChunks
	if total == 0 {
		for _, me := range s.maps {
			wide, high := chunk.Grid(me.w.Map.Width, me.w.Map.Height)
			me.budget = wide * high
		}
		return
	}
	weights := make([]float64, len(s.maps))
	sum := 0.0
	for i := range plans {
		weights[i] = float64(plans[i].Mobiles())
		sum += weights[i]
	}
	if sum == 0 {
		for i := range parts {
			weights[i] = float64(parts[i].Room.Walkers + parts[i].Room.Swimmers + 1)
			sum += weights[i]
		}
	}
	spare := total - len(s.maps) // one chunk each first (config: total ≥ maps)
	for i, me := range s.maps {
		me.budget = 1 + int(float64(spare)*weights[i]/sum)
	}
	left := total
	for _, me := range s.maps {
		left -= me.budget
	}
	for i := 0; left > 0; i = (i + 1) % len(s.maps) {
		s.maps[i].budget++
		left--
	}
}

// eachMap runs fn for every map on a goroutine of its own and returns the
// errors joined.
func eachMap(maps []*mapEntry, fn func(i int, me *mapEntry) error) error {
	errs := make([]error, len(maps))
	var wg sync.WaitGroup
	for i, me := range maps {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = fn(i, me)
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}

// buildSims makes each map's simulation and then either restores the save
// at restoreFrom (not ""), or spawns each map's part of the population, the
// maps in parallel (a first failure stops the others); then it opens the
// seams (openSeams: the moongates and the Transit).
func (s *Server) buildSims(ctx context.Context, plans []population.Options, restoreFrom string) error {
	for _, me := range s.maps {
		sim, err := s.newSim(me)
		if err != nil {
			return err
		}
		me.sim = sim
	}
	if restoreFrom != "" {
		t0 := time.Now()
		f, err := s.restore(restoreFrom)
		if err != nil {
			return err
		}
		_, mobs, items := f.Counts()
		s.log.Info().Str("file", restoreFrom).Uint64("tick", f.Tick).Int64("game_ms", f.GameMs).Int("mobiles", mobs).
			Int("items", items).Time("saved", f.Saved).Dur("took", time.Since(t0)).Msg("shard restored from its save")
		return s.openSeams(true)
	}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	err := eachMap(s.maps, func(i int, me *mapEntry) error {
		err := s.populate(ctx, me, plans[i])
		if err != nil {
			cancel(err)
		}
		return err
	})
	if cause := context.Cause(ctx); cause != nil && !errors.Is(cause, context.Canceled) {
		return fmt.Errorf("server: %w", cause) // the first failure, not the others' cancellation
	}
	if err != nil {
		return fmt.Errorf("server: %w", err)
	}
	return s.openSeams(false)
}

// populate spawns map me's part o of the population: on the default
// world's landmarks, else over its britannia features (from the map alone
// when it has none: a client folder).
func (s *Server) populate(ctx context.Context, me *mapEntry, o population.Options) error {
	o.Progress = s.spawnProgress(me.id, o.Mobiles())
	t0 := time.Now()
	var pop *population.Population
	var err error
	switch {
	case me.w.Landmarks != nil:
		pop, err = population.Populate(ctx, me.sim, *me.w.Landmarks, o)
	default:
		if me.w.Features == nil && o.Mobiles() > 0 {
			s.log.Warn().Int("map", int(me.id)).Msg("no features (a client folder): no doors are placed and the population goes on open land and water")
		}
		pop, err = population.PopulateFeatures(ctx, me.sim, me.w.Features, o)
	}
	if err != nil {
		return fmt.Errorf("map %d: %w", me.id, err)
	}
	me.pop = pop
	st := me.sim.Stats()
	s.log.Info().Int("map", int(me.id)).Int("mobiles", st.Mobiles).Int("items", st.Items).Int("pets", len(pop.Pets)).
		Int("patrols", len(pop.Patrols)).Int("swimmers", len(pop.Swimmers)).Int("resident_budget", me.budget).
		Float64("took_ms", ms(time.Since(t0))).Msg("population spawned")
	return nil
}
