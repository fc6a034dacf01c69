// Package render draws a map as a PNG (`shard render`): land and statics
// by kind, the step cache's resident and uniform chunks, mobiles and the
// paths they walk, with a legend in a 3×5 bitmap font.
//
// It does not run the simulation or choose what to draw (its caller, the
// server, runs the ticks and hands it a Scene), and it reads the map only
// through world.Map and world.TileData.
package render
