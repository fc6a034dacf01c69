// Package pathbench owns the path-search benchmark: seed 003's scenarios
// rebuilt on the default world from its landmarks (sewer corridor, causeway,
// pet 2-tile, npc 5- and 8-tile, sea serpent, a long traverse, a house
// interior), the cache states they run in (Cold, WarmNoFile, LazyFirst,
// LazyWarm, WarmJPS) and a runner that times them against the classic A*
// and checks every searcher's cost against it. Their Britannia twins (a
// dense-forest walk, a town street, a dungeon ramp, a shore swim, an
// overland traverse of 300 tiles or more) are posed on a britannia map from
// its features. Both `go test -bench ./pathing` and `shard bench paths` use
// it.
//
// It does not own the searchers (package pathing), the cache (stepcache) or
// the .swb format (stepcache/swb); it only sets them up.
package pathbench
