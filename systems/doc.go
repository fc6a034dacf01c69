// Package systems runs the shard's simulation over an arche ECS world: the
// spatial index (Spatial, the movement.Dynamics the live rules read), the
// systems run each tick in a fixed order (AI intents → path requests →
// budgeted pathfinding → movement and doors → eviction hook → stats and
// recorder hook), spawning, and Populate for the default population
// (spread over routes generated across the map at a realistic density, or
// packed on the landmark routes with PopulationOptions.Packed).
//
// It owns the ECS world and every structural change to it. It does not own
// the movement rules (package movement), path search (package pathing: a
// Finder is plugged in), the step cache (package stepcache: reached through
// the Evictor and HitRatio hooks), the tick loop's pacing or the recorder's
// file format (package server).
package systems
