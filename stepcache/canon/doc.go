// Package canon owns the canonical maps of chunks: per chunk and rule set,
// which cells are good, open and regular (Map), so that a search may treat
// a regular cell's block as a flat 8-connected grid of open and blocked
// bits; Build computes one from a chunk and its 8 neighbours, and Record
// and Z say which record of a multi-Z cell a map describes.
//
// It does not keep maps (the cache keeps them beside resident chunks and
// drops them when a chunk or multi around changes: stepcache's Cache.Canon
// and View.Canon) or search over them (pathing, whose doc.go gives the
// argument that a regular block's steps are the grid's).
package canon
