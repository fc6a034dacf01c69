// Package stepcache owns the resident step cache over the maps a shard
// serves: which chunks are resident (identical chunks shared) and their
// eviction, the admission gate (Gate) that decides which missed chunks are
// worth building, reached through each search's handle
// (Cache.Search(party, nowMs)) or a read-only View's, the background
// builds, the canonical maps kept beside resident chunks, verify mode and
// stats. A lookup answers from a resident chunk or falls through to the
// live rules, saying why (chunk.HitKind).
//
// Its parts are packages of their own, lowest first: stepcache/chunk (the
// model: cells, chunks, hit kinds, rule sets), stepcache/bake (the probes
// that build chunks), stepcache/canon (canonical maps), stepcache/swb (the
// .swb file of baked chunks, a ChunkSource) and stepcache/parity (the proof
// of every answer against the live rules). The cache builds through the
// Builders it is given (bake.Shared in the shard), so it does not depend on
// how chunks are built.
//
// It does not own the movement rules it answers for (see movement), the
// chunk model (chunk), the probes (bake), dynamic items, mobiles or multis
// (queries near multis fall through to the live path), or search (see
// pathing).
package stepcache
