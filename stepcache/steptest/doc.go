// Package steptest holds the worlds the step cache's tests run on: the
// default world, the hand-made world and its tile palette (a bridge, a
// two-floor house, ignored land, a platform past the int8 range, a multi),
// a world of partial chunks, random stack worlds and pattern worlds drawn
// from a seed, and the Moving AI maps of testdata/ loaded as worlds. It is
// imported only by tests.
//
// It does not build chunks (the builder's own tests use it; DefaultChunks
// takes the builder as a function) and holds no .swb fixtures (see
// stepcache/swb/swbtest).
package steptest
