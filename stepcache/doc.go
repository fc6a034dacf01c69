// Package stepcache owns the step cache: the per-cell probe of the static world
// (land + statics) under the walker and swimmer rule sets, 16×16 chunks of its
// results (shared when identical), the resident cache, and the .swb file that
// persists chunks. The cache is wiring over its parts: the resident set and
// its eviction, the admission gate (Gate) that decides which missed chunks
// are worth building, reached through each search's handle
// (Cache.Search(party, nowMs)), the background builder, verify mode and stats.
//
// It does not own the movement rules it bakes (see movement), dynamic items,
// mobiles or multis (queries near multis fall through to the live path), or
// search (see pathing).
package stepcache
