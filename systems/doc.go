// Package systems runs the shard's simulation over an arche ECS world. A
// Sim holds one map's world state (the ECS world, the map, the spatial
// index that is the live rules' movement.Dynamics, the registry of ids and
// routes, the game clock and the seeded random stream) and the systems
// Tick runs over it in a fixed order, each a struct of its own queries and
// scratch: the AI systems (follow, patrol, walk, wander, move-to: intents
// to path requests or walked steps; a follower chases its target straight
// and searches only round what blocks it, chase.go; thought in chunks on
// two goroutines, what each sets off applied in order: ai_lanes.go), the
// pathfinder (the
// request queue, served oldest first within a node budget per search from
// searchBudget, by search workers at once: pathfind_par.go; a finder sees
// mobiles only within Options.MobileHorizon of its search's start:
// searchview.go; a worker's search still running at the stage's deadline
// pauses and resumes next tick: pathfind_hold.go), the mover (a searched
// path's step taken on the search's word while nothing the search read for
// it has changed: spatial_trust.go, and a walked route's checked steps on
// the route's: walk_trust.go; every other step checked by the step
// cache and the dynamic pass or the live rules; doors; west and east lanes
// at once: move_lanes.go), the look-ahead (lookahead.go), then the cache
// upkeep hook and the stats.
//
// The look-ahead tells a Predictor backend (a step cache with prefetch on)
// which chunks the mobiles that stepped this tick will enter within its
// horizon, by walking the paths they hold: a follower's party is its
// owner, so an owner's path stands for the pair, and a patrol's or a
// walking player's path is its route's next cells. It is not a forward
// simulation (save, advance, restore): the Sim's state is large (every
// mobile, the schedules, the spatial index) and copying it each tick would
// cost more than the tick, while the paths already say where each mobile
// goes until it repaths, which is all a residency decision needs; what a
// forward run would add (repaths, refused steps) changes no chunk on the
// short horizon but a few at the paths' ends. Alone it cut late lookups
// on Britannia map 0 (100,000 mobiles, cold) only 1.4 times, since most
// are a search's first contact with a chunk, which no held path foretells.
// So it also tells each order's beat once, when the order is given
// (lookahead_beat.go): a patrol's route, a walking player's route, a
// wanderer's home square, the chunks the mobile will use over and over, at
// the time it first moves; the first searches of a population logging in
// then find most of them built. A mobile whose order was told as a beat is
// not walked each tick (the walk beside the beats cut late lookups no
// further), so the walk is left with the orders no beat foretells (a
// move-to, a chase, steps): 0.13 to 0.15 ms a tick there, against a 4 ms
// pathfinding budget, and late lookups 8.6 times fewer than reacting
// (docs/performance.md, Prefetch). A map whose chunks are read from a .swb
// does not look ahead (systems.CacheBackend.LookAheadMs).
//
// Between ticks it takes orders (orders.go: spawn, despawn, teleport, a
// new order for a mobile, items and doors), reports events (events.go:
// stepped, blocked, arrived, path failed with its reason, gave up,
// teleported; drained without allocation), and gives out and takes back
// its whole state (state.go, state_restore.go: a Sim restored from its
// State ticks on exactly as the one it was taken from).
//
// It owns the ECS world and every structural change to it. It does not own
// the movement rules (package movement), path search (package pathing: a
// Finder is plugged in), the step cache (package stepcache: reached through
// the Evictor and HitRatio hooks), the default population (package
// population spawns it through the Sim's public API), the tick loop's
// pacing, the recorder's or the save file's format (package server).
//
// # Size
//
// The package is over 3,000 lines because the Sim's systems share one
// world state: the ECS world with its component maps, the schedules (the
// timing wheels, the touched list, who follows whom) and the request queue
// that every system reads and changes, and that the save state mirrors
// field by field. Split into packages, each system would need that state
// exported; the files are split by system instead (ai, pathfind*, move*,
// schedule, sleep, spatial*, orders, events, state*).
package systems
