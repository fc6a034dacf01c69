package scenario

import (
	"slices"

	"github.com/shardcore/shardcore/config"
	"github.com/shardcore/shardcore/movement"
)

// Expectation kinds.
const (
	ExpectFollows         = "follows"           // Mobile (or "" every follower) stays within its follow range + Slack of its target, every tick from After on
	ExpectArrives         = "arrives"           // Mobile's move-to order arrives by tick ByTick
	ExpectWalks           = "walks"             // Mobile (or "" every named mobile) takes at least Steps steps
	ExpectVisits          = "visits"            // Mobile (or "" anyone) steps within Radius of At at least Count times (1)
	ExpectStepsAllowed    = "steps_allowed"     // every step taken or refused was the live rules' answer
	ExpectPassingNotBuilt = "passing_not_built" // chunks Mobile only passed through were not built; some it stayed in were
	ExpectPromoted        = "promoted"          // chunks with at least Steps steps taken in them are in the cache at the end
	ExpectDoorsOpened     = "doors_opened"      // at least Count doors were opened
	ExpectDeterministic   = "deterministic"     // a second run ends in the same positions
)

// expectKinds lists the kinds, for errors.
var expectKinds = []string{ExpectFollows, ExpectArrives, ExpectWalks, ExpectVisits, ExpectStepsAllowed,
	ExpectPassingNotBuilt, ExpectPromoted, ExpectDoorsOpened, ExpectDeterministic}

// orderKinds lists the order kinds.
var orderKinds = []string{"stop", "move_to", "follow", "patrol", "wander", "walk_route", "steps"}

// capNames maps capability names to their bits.
var capNames = map[string]movement.Caps{
	"player": movement.Player, "swim": movement.CanSwim, "cantwalk": movement.CantWalk, "fly": movement.CanFly,
	"doors": movement.CanOpenDoors, "obstacles": movement.CanMoveOverObstacles, "staff": movement.Staff, "dead": movement.Dead,
}

// dirNames maps direction names to directions.
var dirNames = map[string]movement.Dir{"N": movement.North, "NE": movement.NorthEast, "E": movement.East, "SE": movement.SouthEast,
	"S": movement.South, "SW": movement.SouthWest, "W": movement.West, "NW": movement.NorthWest}

// check fills defaults and returns every problem.
func (sc *Scenario) check() []error {
	errs := sc.checkWorld()
	errs = append(errs, sc.checkRun()...)
	bad := func(key, format string, args ...any) { errs = append(errs, sc.problem(key, format, args...)) }
	r := &sc.Run
	p := sc.Population
	for _, k := range []struct {
		key string
		v   int
	}{{"population.pets", p.Pets}, {"population.patrols", p.Patrols}, {"population.swimmers", p.Swimmers}} {
		if k.v < 0 || k.v > 100_000 {
			bad(k.key, "%d: want 0..100000", k.v)
		}
	}
	names := map[string]bool{}
	for i := range sc.Mobiles {
		errs = append(errs, sc.checkMobile(i, names)...)
	}
	if r.UntilMobile != "" && !names[r.UntilMobile] {
		bad("run.untilMobile", "%q names no mobile", r.UntilMobile)
	}
	if len(sc.Expect) == 0 {
		bad("expect", "a scenario expects something: add [[expect]] tables")
	}
	for i := range sc.Expect {
		errs = append(errs, sc.checkExpect(i, names)...)
	}
	return errs
}

// checkMobile checks mobile i and records its name.
func (sc *Scenario) checkMobile(i int, names map[string]bool) []error {
	var errs []error
	m := &sc.Mobiles[i]
	bad := func(key, format string, args ...any) {
		errs = append(errs, sc.problem("mobile."+key, "mobile %d (%s): "+format, append([]any{i + 1, m.Name}, args...)...))
	}
	switch {
	case m.Name == "":
		bad("name", "every mobile needs a name")
	case names[m.Name]:
		bad("name", "the name is used twice")
	}
	names[m.Name] = true
	if len(m.At) != 2 && len(m.At) != 3 {
		bad("at", "want [x, y] or [x, y, z], got %v", m.At)
	}
	for _, c := range m.Caps {
		if _, ok := capNames[c]; !ok {
			bad("caps", "%q is no capability (player, swim, cantwalk, fly, doors, obstacles, staff, dead)", c)
		}
	}
	if m.SpeedMs < 0 || m.SpeedMs > 65535 {
		bad("speedMs", "%d: want 0..65535", m.SpeedMs)
	}
	errs = append(errs, sc.checkOrder(i, names)...)
	return errs
}

// checkExpect checks expectation i.
func (sc *Scenario) checkExpect(i int, names map[string]bool) []error {
	var errs []error
	e := &sc.Expect[i]
	bad := func(key, format string, args ...any) {
		errs = append(errs, sc.problem("expect."+key, "expectation %d (%s): "+format, append([]any{i + 1, e.Kind}, args...)...))
	}
	if !slices.Contains(expectKinds, e.Kind) {
		bad("kind", "%q is not one of %v", e.Kind, expectKinds)
		return errs
	}
	needs := func(on bool, key, what string) {
		if !on {
			bad(key, "needs %s", what)
		}
	}
	named := e.Mobile != "" && names[e.Mobile]
	if e.Mobile != "" && !names[e.Mobile] {
		bad("mobile", "%q names no mobile", e.Mobile)
	}
	switch e.Kind {
	case ExpectFollows:
		if named {
			for _, m := range sc.Mobiles {
				if m.Name == e.Mobile && m.Order.Kind != "follow" {
					bad("mobile", "%q has no follow order", e.Mobile)
				}
			}
		}
	case ExpectArrives:
		needs(named, "mobile", "the name of a mobile with a move_to order")
		needs(e.ByTick > 0, "byTick", "byTick > 0")
	case ExpectWalks:
		needs(e.Steps > 0, "steps", "steps > 0")
	case ExpectVisits:
		needs(len(e.At) == 2, "at", "at = [x, y]")
	case ExpectPassingNotBuilt:
		needs(named, "mobile", "the name of a mobile")
	case ExpectPromoted:
		needs(e.Steps > 0, "steps", "steps > 0")
	case ExpectDoorsOpened:
		needs(e.Count > 0, "count", "count > 0")
	}
	if e.Slack < 0 || e.After < 0 || e.Radius < 0 || e.Count < 0 {
		bad("slack", "slack, after, radius and count are not negative")
	}
	return errs
}

// checkWorld fills the world's defaults and returns its problems.
func (sc *Scenario) checkWorld() []error {
	var errs []error
	bad := func(key, format string, args ...any) { errs = append(errs, sc.problem(key, format, args...)) }
	w := &sc.World
	if w.Profile == "" {
		w.Profile = config.ProfileDefault
	}
	if !slices.Contains(config.Profiles(), w.Profile) {
		bad("world.profile", "%q is not one of %v", w.Profile, config.Profiles())
	}
	if w.Seed == 0 {
		w.Seed = 1
	}
	if w.Size == "" {
		w.Size = "1024x1024"
	}
	if _, _, err := config.ParseSize(w.Size); err != nil {
		bad("world.size", "%v", err)
	}
	if w.Map < 0 || w.Map > 255 {
		bad("world.map", "%d is not a map id 0..255", w.Map)
	}
	return errs
}

// checkRun fills the run's defaults and returns its problems.
func (sc *Scenario) checkRun() []error {
	var errs []error
	bad := func(key, format string, args ...any) { errs = append(errs, sc.problem(key, format, args...)) }
	r := &sc.Run
	if r.Ticks <= 0 || r.Ticks > 10_000_000 {
		bad("run.ticks", "%d: want 1..10000000", r.Ticks)
	}
	if r.TickMs == 0 {
		r.TickMs = 8
	}
	if r.TickMs < 1 || r.TickMs > 1000 {
		bad("run.tickMs", "%d: want 1..1000", r.TickMs)
	}
	if r.Search == "" {
		r.Search = config.SearchCache
	}
	if !slices.Contains(config.Searches(), r.Search) {
		bad("run.search", "%q is not one of %v", r.Search, config.Searches())
	}
	if r.MissPromotionThreshold < 0 || r.MissPromotionThreshold > 255 {
		bad("run.missPromotionThreshold", "%d: want 0..255 (0: the default)", r.MissPromotionThreshold)
	}
	if r.MaxSearchesPerTick < 0 {
		bad("run.maxSearchesPerTick", "%d: want 0 or more", r.MaxSearchesPerTick)
	}
	if r.Seed == 0 {
		r.Seed = 1
	}
	return errs
}

// checkOrder checks mobile i's order.
func (sc *Scenario) checkOrder(i int, names map[string]bool) []error {
	var errs []error
	m := &sc.Mobiles[i]
	bad := func(key, format string, args ...any) {
		errs = append(errs, sc.problem("mobile."+key, "mobile %d (%s): "+format, append([]any{i + 1, m.Name}, args...)...))
	}
	o := &m.Order
	if o.Kind == "" {
		o.Kind = "stop"
	}
	switch o.Kind {
	case "move_to":
		if len(o.Goal) != 2 {
			bad("order.goal", "a move_to order needs goal = [x, y]")
		}
	case "follow":
		if o.Target == "" || o.Target == m.Name {
			bad("order.target", "a follow order needs the name of another mobile, spawned before it")
		} else if !names[o.Target] {
			bad("order.target", "%q names no mobile spawned before this one", o.Target)
		}
	case "patrol", "walk_route":
		if len(o.Waypoints) < 2 {
			bad("order.waypoints", "a %s order needs at least two waypoints [[x, y], …]", o.Kind)
		}
		for _, p := range o.Waypoints {
			if len(p) != 2 {
				bad("order.waypoints", "waypoint %v: want [x, y]", p)
			}
		}
	case "wander":
		if len(o.Home) != 2 || o.Radius < 1 {
			bad("order.home", "a wander order needs home = [x, y] and radius >= 1")
		}
	case "steps":
		if len(o.Dirs) == 0 {
			bad("order.dirs", "a steps order needs dirs")
		}
		for _, d := range o.Dirs {
			if _, ok := dirNames[d]; !ok {
				bad("order.dirs", "%q is no direction (N, NE, E, SE, S, SW, W, NW)", d)
			}
		}
	case "stop":
	default:
		bad("order.kind", "%q is not one of %v", o.Kind, orderKinds)
	}
	return errs
}
