// Package stepcache owns the step cache: the per-cell probe of the static world
// (land + statics) under the walker and swimmer rule sets, 16×16 chunks of its
// results (shared when identical), the resident cache with its admission gate,
// eviction, verify mode and stats, and the .swb file that persists chunks.
//
// It does not own the movement rules it bakes (see movement), dynamic items,
// mobiles or multis (queries near multis fall through to the live path), or
// search (see pathing).
package stepcache
