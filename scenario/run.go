package scenario

import (
	"context"
	"fmt"
	"path/filepath"
	"time"

	c "github.com/shardcore/shardcore/components"
	"github.com/shardcore/shardcore/config"
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/pathing"
	"github.com/shardcore/shardcore/population"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/systems"
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/source"
)

// Options are how scenarios run.
type Options struct {
	// WorkDir is where generated worlds' client files are written (a
	// folder per profile, seed and size, shared by the scenarios of one
	// call); it must be set.
	WorkDir string
}

// run is one run of a scenario: its simulation and cache, the named
// mobiles' ids, and what the expectations watch.
type run struct {
	sc    *Scenario
	w     *source.World
	sim   *systems.Sim
	cache *stepcache.Cache
	ids   map[string]uint64
	names map[uint64]string
	watch *watcher
	ticks int
}

// Run runs sc and checks its expectations; the error is for a scenario
// that could not run (its world does not load, a mobile cannot spawn),
// while failed expectations are in the report.
func Run(ctx context.Context, sc *Scenario, o Options) (*Report, error) {
	t0 := time.Now()
	r, err := start(ctx, sc, o)
	if err != nil {
		return nil, err
	}
	if err := r.loop(ctx); err != nil {
		return nil, err
	}
	rep := r.report()
	for _, e := range sc.Expect {
		if e.Kind != ExpectDeterministic {
			continue
		}
		again, err := start(ctx, sc, o)
		if err != nil {
			return nil, err
		}
		if err := again.loop(ctx); err != nil {
			return nil, err
		}
		a, b := r.sim.PositionsHash(), again.sim.PositionsHash()
		rep.add(e, a == b && again.ticks == r.ticks, "positions hash %016x after %d ticks, again %016x after %d", a, r.ticks, b, again.ticks)
	}
	rep.Took = time.Since(t0)
	return rep, nil
}

// start loads sc's world and builds its simulation, population and mobiles.
func start(ctx context.Context, sc *Scenario, o Options) (*run, error) {
	if o.WorkDir == "" {
		return nil, fmt.Errorf("scenario %s: no work dir for its world's files", sc.path)
	}
	wc := sc.World
	spec := source.Spec{DataDir: wc.DataDir, MapID: world.MapID(wc.Map), Profile: wc.Profile, Seed: wc.Seed}
	if wc.DataDir == "" {
		if wc.Profile == config.ProfileDefault {
			spec.Width, spec.Height, _ = config.ParseSize(wc.Size)
		}
		spec.FilesDir = filepath.Join(o.WorkDir, fmt.Sprintf("%s-%d-%s", wc.Profile, wc.Seed, wc.Size))
	}
	w, err := source.Load(ctx, spec)
	if err != nil {
		return nil, fmt.Errorf("scenario %s: world: %w", sc.path, err)
	}
	r := &run{sc: sc, w: w, ids: map[string]uint64{}, names: map[uint64]string{}}
	rs := sc.Run
	cc := stepcache.DefaultConfig()
	cc.Enabled = rs.Cache == nil || *rs.Cache
	if rs.MissPromotionThreshold > 0 {
		cc.MissPromotionThreshold = rs.MissPromotionThreshold
	}
	if r.cache, err = stepcache.New(cc, bake.Shared, movement.NewRules(w.Map, w.Tiles, nil)); err != nil {
		return nil, fmt.Errorf("scenario %s: %w", sc.path, err)
	}
	r.watch = newWatcher(r)
	opts := systems.Options{Seed: uint64(rs.Seed), TickMs: rs.TickMs, MaxSearchesPerTick: rs.MaxSearchesPerTick,
		TickBudget: time.Duration(rs.TickMs) * time.Millisecond, FollowDirect: rs.FollowDirect, Observer: r.watch,
		Backend: systems.NewCacheBackend(r.cache, rs.Search)}
	if r.sim, err = systems.NewSim(w.Map, w.Tiles, opts); err != nil {
		return nil, fmt.Errorf("scenario %s: %w", sc.path, err)
	}
	r.watch.rules = r.sim.Rules().Clone()
	r.sim.SetEvents(systems.MaskOf(systems.EventArrived, systems.EventGaveUp), 0)
	p := sc.Population
	po := population.Options{Pets: p.Pets, Patrols: p.Patrols, Swimmers: p.Swimmers, Seed: uint64(max(p.Seed, 1))}
	if w.Landmarks != nil {
		_, err = population.Populate(ctx, r.sim, *w.Landmarks, po)
	} else {
		_, err = population.PopulateFeatures(ctx, r.sim, w.Features, po)
	}
	if err != nil {
		return nil, fmt.Errorf("scenario %s: population: %w", sc.path, err)
	}
	for i := range sc.Mobiles {
		if err := r.spawn(ctx, &sc.Mobiles[i]); err != nil {
			return nil, fmt.Errorf("scenario %s: mobile %q: %w", sc.path, sc.Mobiles[i].Name, err)
		}
	}
	return r, nil
}

// spawn spawns named mobile m with its order.
func (r *run) spawn(ctx context.Context, m *Mobile) error {
	var caps movement.Caps
	for _, n := range m.Caps {
		caps |= capNames[n]
	}
	x, y := m.At[0], m.At[1]
	if !r.w.Map.InBounds(x, y) {
		return fmt.Errorf("at (%d,%d): %w", x, y, systems.ErrOffMap)
	}
	z := int(r.w.Map.Land(x, y).Z)
	if len(m.At) == 3 {
		z = m.At[2]
	} else {
		z, _ = r.sim.Rules().StartZ(movement.Mover{Caps: caps}, x, y, z)
	}
	o, err := r.order(ctx, m, caps, x, y, z)
	if err != nil {
		return err
	}
	id, err := r.sim.SpawnMobile(systems.MobileSpec{X: x, Y: y, Z: z, Tags: c.TagsOf(caps), Speed: uint16(m.SpeedMs), Order: o})
	if err != nil {
		return err
	}
	r.ids[m.Name], r.names[id] = id, m.Name
	return nil
}

// order builds mobile m's order (standing at x, y, z with caps).
func (r *run) order(ctx context.Context, m *Mobile, caps movement.Caps, x, y, z int) (systems.Order, error) {
	o := m.Order
	pt := func(v []int) world.Point { return world.Point{X: v[0], Y: v[1]} }
	switch o.Kind {
	case "move_to":
		return systems.Order{GoTo: &systems.GoToSpec{Goal: pt(o.Goal), Range: o.Range}}, nil
	case "follow":
		return systems.Order{Follow: &systems.FollowSpec{Target: r.ids[o.Target], Range: o.Range}}, nil
	case "patrol":
		var wps []world.Point
		for _, p := range o.Waypoints {
			wps = append(wps, pt(p))
		}
		return systems.Order{Patrol: &systems.PatrolSpec{Waypoints: wps, Tolerance: o.Tolerance}}, nil
	case "wander":
		return systems.Order{Wander: &systems.WanderSpec{Home: pt(o.Home), Radius: o.Radius}}, nil
	case "walk_route":
		cells, err := r.walkCells(ctx, o.Waypoints, caps, systems.RouteCell{X: x, Y: y, Z: z})
		if err != nil {
			return systems.Order{}, err
		}
		return systems.Order{Walk: &systems.WalkSpec{Cells: cells}}, nil
	case "steps":
		var ds []movement.Dir
		for _, d := range o.Dirs {
			ds = append(ds, dirNames[d])
		}
		return systems.Order{Steps: ds}, nil
	}
	return systems.Order{}, nil
}

// walkRouteNodes bounds the search of one leg of a walked route.
const walkRouteNodes = 200_000

// walkCells searches a walked route's legs from start through the
// waypoints and back to start, as a client routes a player (the static
// world with its items, no mobiles), and returns its cells. A leg that
// cannot be found is an error naming it.
func (r *run) walkCells(ctx context.Context, wps [][]int, caps movement.Caps, start systems.RouteCell) ([]systems.RouteCell, error) {
	f := pathing.NewClassic(r.sim.Rules().Clone())
	cells, cur := []systems.RouteCell{start}, start
	var res pathing.Result
	goals := append(wps, []int{start.X, start.Y})
	for i, g := range goals {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		req := pathing.Request{Start: world.Point{X: cur.X, Y: cur.Y}, StartZ: cur.Z, Goal: world.Point{X: g[0], Y: g[1]},
			Mover: movement.Mover{Caps: caps}, Cost: pathing.Uniform, MaxNodes: walkRouteNodes}
		f.Find(&req, &res)
		if !res.Found {
			return nil, fmt.Errorf("walk_route leg %d: no way from (%d,%d) to (%d,%d)", i+1, cur.X, cur.Y, g[0], g[1])
		}
		for k, d := range res.Dirs {
			dx, dy := d.Offset()
			cur = systems.RouteCell{X: cur.X + dx, Y: cur.Y + dy, Z: int(res.Zs[k])}
			cells = append(cells, cur)
		}
	}
	if len(cells) > 1 && cells[len(cells)-1].X == start.X && cells[len(cells)-1].Y == start.Y {
		cells = cells[:len(cells)-1] // the route loops back to its first cell
	}
	return cells, nil
}

// loop ticks the run to its end and watches it.
func (r *run) loop(ctx context.Context) error {
	rs := r.sc.Run
	until := r.ids[rs.UntilMobile]
	var evs []systems.Event
	for r.ticks < rs.Ticks {
		if r.ticks%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		r.sim.Step()
		r.ticks++
		evs = r.sim.Events(evs[:0])
		r.watch.tick(evs)
		if until != 0 && r.watch.steps[until] >= rs.UntilSteps {
			break
		}
	}
	return nil
}
