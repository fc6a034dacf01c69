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
// Layout (scaled to the map; the town, buildings, sewer and houses have a
// fixed size): deep ocean along the west edge with a sand beach; flat grass
// plains everywhere else (uniform 16×16 chunks); a meandering river from the
// north edge to the south edge with two plank bridges at a third and two
// thirds of the height; a walled town between coast and river with four
// gates, paved streets, one- and two-storey buildings with stairs and a
// sewer under the main street; three house multis south of the town; a
// forest; terraced hills with cliffs and a mountain core east of the river,
// crossed by a road; a lake with a stone causeway south of the hills.
// Generating the default 1024×1024 world takes tens of milliseconds and
// 7168×4096 well under a second.
//
// Under movement.md a slope of land alone never blocks a step (a target's
// lowest corner is shared with the start cell, so it is never above the
// start's top), so "too steep" hill cells are painted with an impassable
// cliff land id, as the UO client's art does.
package gen
