// Package swbtest holds the chunks the .swb tests encode: synthetic chunk
// shapes (noise, strata, hills, water, uniform), synthetic maps with
// duplicates and holes, a hill-terrain world, the default world's baked
// chunks, and a chunk comparison. It is imported only by tests.
package swbtest
