// Package gen owns the default world (profile "default"): a deterministic,
// seeded generator that builds a map (land and statics), a small named
// tile-data palette, house multis placed on the map, and the named landmarks
// that tests, benchmarks and the shard's default population use. WriteFiles
// writes the result in the UO client formats through package world/uo (with
// the manifest that records its size and houses), so the same loader and
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
// The second profile, "britannia" (package world/gen/britannia), builds the
// six facets at the real client's sizes, each with a character of its own:
//   - 0 Felucca and 1 Trammel (7168×4096; one world under two ids, as the
//     client ships them nearly alike): west of x = 5/7 of the width a
//     continent with coasts and inland seas, rivers
//     and lakes with shallow shores, flat plains (desert, grass, dirt, swamp,
//     snow in the north), rolling hills with cliffs, mountains, dense
//     forests, 22 towns (walled cities, towns, villages) of one- to
//     three-storey buildings with stairs, furniture and doorways, piers,
//     roads with bridges, and 420 house multis; in the north-east 14
//     dungeons (halls with galleries a storey up, sunken rooms reached by
//     ramps; caves with pools, chasms and bridges) separated by void; in the
//     south-east the lost lands: jungle hills, lava fields, two towns.
//   - 2 Ilshenar (2304×1600): rugged hills and mountains cut by void
//     chasms, cave systems carved into the mountains, rivers, three small
//     towns, and an eastern strip of dungeons.
//   - 3 Malas (2560×2048): flat plateaus at Z 0, 20 and 40 floating in void
//     with cliff rims, the walled city of Luna, the town of Umbra, 40 houses,
//     and a dungeon quarter in the south-west.
//   - 4 Tokuno (1448×1448, not a multiple of 16: partial chunks on two
//     edges): an archipelago in the sea with bamboo forests, a volcano's
//     lava, three port towns with piers, 40 houses.
//   - 5 Ter Mur (1280×4096): tall volcanic highlands and desert over void
//     chasms with lava fields, the gargoyle city of terraced three-storey
//     buildings, and the Abyss, a dungeon area across the south quarter.
//
// Under the movement rules (package movement) a slope of land alone never blocks a step (a target's
// lowest corner is shared with the start cell, so it is never above the
// start's top), so "too steep" hill cells are painted with an impassable
// cliff land id, as the UO client's art does.
package gen
