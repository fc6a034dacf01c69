// Package population sets up a shard's default population on a generated
// world, through a systems.Sim's public API: door items at every doorway,
// players walking routes by direction each with a pet following, NPC
// patrols on waypoint routes and sea creatures wandering in open water,
// spread over routes generated across the map at a realistic density (or
// packed on the world's landmark routes with Options.Packed). Before it
// spawns anything it checks that the population fits the map's cells, and
// while it works it reports progress and honours its context.
//
// It owns where the default population goes and how its routes are drawn.
// It does not own the ECS world, spawning or the systems that move the
// mobiles (package systems), the movement rules it places them by (package
// movement), or the landmarks it starts from (package world/gen).
package population
