// Package swbtest holds the chunks the .swb tests encode: synthetic chunk
// shapes (noise, strata, hills, water, uniform), synthetic maps with
// duplicates and holes, a hill-terrain world, the default world's baked
// chunks, and a chunk comparison, for the tests of stepcache/swb, its codec
// and its lab. It is imported only by tests.
//
// It does not hold the worlds the step cache's own tests run on
// (stepcache/steptest).
package swbtest
