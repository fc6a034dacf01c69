// Package movingai reads the Moving AI Lab's grid pathfinding benchmarks:
// octile .map grids (ParseMap) and .scen scenario lists (ParseScen), and turns
// a grid into a world the movement rules run on (Grid.World), so the
// benchmark's published optimal lengths check our searches.
//
// It does not search (see pathing), run scenarios or compare lengths against
// a finder's output beyond Scenario.IsOptimal (see cmd/shard movingai), or
// read UO client files (see world/uo).
package movingai
