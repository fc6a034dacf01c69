// Package population sets up a shard's population through a systems.Sim's
// public API. On the default world (Populate): door items at every doorway,
// players walking routes by direction each with a pet following, NPC
// patrols on waypoint routes and sea creatures wandering in open water,
// spread over the world's landmark routes and routes generated across the
// map at a realistic density (or packed on the landmark routes with
// Options.Packed). On a britannia map (PopulateFeatures): the same kinds
// over the places its features name — town streets, docks and bridges,
// forests, dungeon halls over galleries and ramps, roads between
// neighbouring towns, shores and open water — the rest on open land. Split
// divides a shard's population over its maps (configured shares, else by
// area: EstimateRoom). Before it spawns anything it checks that the
// population fits the map's cells (Fit), and while it works it reports
// progress and honours its context.
//
// It owns where the population goes and how its routes are drawn. It does
// not own the ECS world, spawning or the systems that move the mobiles
// (package systems), the movement rules it places them by (package
// movement), or the landmarks and features it starts from (packages
// world/gen and world/gen/britannia).
package population
