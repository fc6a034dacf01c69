// Package systems runs the shard's simulation over an arche ECS world. A
// Sim holds the world state (the ECS world, the map, the spatial index
// that is the live rules' movement.Dynamics, routes, the game clock and the
// seeded random stream) and the systems Tick runs over it in a fixed order,
// each a struct of its own queries and scratch: the AI systems (follow,
// patrol, walk, wander: intents to path requests or walked steps; a
// follower chases its target straight and searches only round what blocks
// it, chase.go), the pathfinder (the request queue, served oldest first
// within a node budget per search from searchBudget, by search workers at
// once: pathfind_par.go; a worker's search still running at the stage's
// deadline pauses and resumes next tick: pathfind_hold.go), the mover (each step re-checked by the step cache
// and the dynamic pass or the live rules, doors; west and east lanes at
// once: move_lanes.go), then the cache upkeep hook and the stats. It spawns
// mobiles and items on request.
//
// It owns the ECS world and every structural change to it. It does not own
// the movement rules (package movement), path search (package pathing: a
// Finder is plugged in), the step cache (package stepcache: reached through
// the Evictor and HitRatio hooks), the default population (package
// population spawns it through the Sim's public API), the tick loop's
// pacing or the recorder's file format (package server).
package systems
