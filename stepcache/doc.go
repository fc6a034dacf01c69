// Package stepcache owns the resident step cache over the maps a shard
// serves: which chunks are resident (identical chunks shared) and their
// eviction, the admission gate (Gate) that decides which missed chunks are
// worth building, reached through each search's handle
// (Cache.Search(party, nowMs)) or a read-only View's, the background
// builds, the canonical maps kept beside resident chunks, verify mode and
// stats. A lookup answers from a resident chunk or falls through to the
// live rules, saying why (chunk.HitKind).
//
// With prefetch on (Config.PrefetchMs) it also takes a look-ahead's
// predictions (Cache.Predict: which chunk a party will enter, and when;
// the simulation's look-ahead is systems' walk of the paths its mobiles
// hold, and the beats its orders tell: Cache.PredictDwell) and starts the
// admitted ones before their lookups, most urgent first (Cache.Prefetch,
// prefetch.go): reads under a per-tick budget, builds as far as the
// background builders' queue has room, which take a miss's build before
// any prefetch's. A prediction is its party's visit at the admission gate,
// so it builds ahead only what the gate would have built on a later miss:
// what two parties, or one party twice, will use (a beat is foretold use
// over and over, so it needs no second visit). Chunks used or predicted since
// the previous Enforce are pinned against eviction. Stats.Late counts the
// lookups that fell through on a chunk built soon after (what prediction
// could save), Stats.Prefetched and Stats.Unused what prefetch built and
// what of it was evicted unread. A record a source failed to read is
// remembered and not read again until a source is attached again.
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
