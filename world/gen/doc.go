// Package gen owns the default world: a deterministic, seeded generator that
// builds a map (land and statics), a small named tile-data palette, house
// multis placed on the map, and the named landmarks that tests, benchmarks
// and the shard's default population use. WriteFiles writes the result in
// the UO client formats through package world/uo, so the same loader and
// fingerprint serve generated and real worlds.
//
// It does not own the map and tile tables (package world), the file formats
// (package world/uo), the movement rules (package movement) or anything
// dynamic: doors listed in Landmarks are open doorways in the static world,
// and the ECS places the door items on them.
//
// Under movement.md a slope of land alone never blocks a step (a target's
// lowest corner is shared with the start cell, so it is never above the
// start's top), so "too steep" hill cells are painted with an impassable
// cliff land id, as the UO client's art does.
package gen
