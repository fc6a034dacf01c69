// Package bake owns how chunks are built: the two probes that answer, per
// cell and standing Z, what a chunk's records store, BuildMap (a whole map
// on all cores, identical chunks shared), Scratch (a searcher's own few
// chunks), ChunkKind (what a chunk holds, the builder's cost classes for
// benchmarks) and CompareProbes, the proof that the two probes agree.
//
// It does not own the movement rules it asks (see movement), the chunk
// model (stepcache/chunk), which chunks are resident or when one is built
// (stepcache), or the .swb file (stepcache/swb).
//
// # Two probes
//
// The reference probe (BuildChunkReference, reference.go) asks the live
// rules (movement.StartZ, Enter, CheckMovement) every question a chunk's
// records answer: per cell and standing Z, both rule sets, all 8
// directions, the amphibian check and the four window requests (Z±1, Z±2),
// about 20,000 rule calls a chunk. It is the oracle. The fast probe
// (Builder, BuildChunk, BuildMap; builder.go and the files it calls into)
// produces the same Chunk byte for byte, at a small fraction of the cost,
// and is what everything builds with. The tests and `shard bench bake`
// compare the two on every chunk of the default world, the Moving AI maps
// and random stack worlds (CompareProbes).
//
// # How the fast probe works
//
// Resolve once per chunk. A chunk's records read only the chunk and its
// 1-cell halo (18×18 cells, and 19×19 land corners for AverageZ). The
// builder reads the land straight from the map's blocks and each cell's
// statics from the 8×8 blocks under the halo, and resolves tile data once
// per static: per cell its land corners (low, avg, top), the rule sets its
// land serves (considered and not blocking: walker = not Impassable,
// swimmer = Impassable and Wet, amphibian = either), whether it is Wet
// (wetNear), its StartZ surfaces (tz, tz+CalcHeight, tz+Height, which rule
// sets), and per rule set its Enter candidates.
//
// Enter as thresholds. movement.Enter accepts a surface when stepTop
// (startTop+2) reaches its top, land does not poke through it and headroom
// holds up to max(startZ+16, ourZ+16). The blockers and the land are the
// target's own, so each test is a threshold on the start: a candidate is
// (z, stMin, szMax) and accepts a start iff startTop ≥ stMin and startZ ≤
// szMax (szMax folds headroom and the land poke; a candidate no start can
// pass is dropped). Enter keeps the accepted candidate whose Z is closest to
// the mover's Z, the lower on a tie, whatever the order it met them in, so
// Enter is "of the accepting candidates, the closest Z". A candidate that
// another of the same Z dominates is dropped; most cells then have one
// candidate per rule set, and Enter of such a target is two comparisons.
//
// A cell's probe. StartZ runs over the cell's land and StartZ surfaces as
// the rules do. The 8 targets' candidates are gathered once per cell; when
// each has at most one, the raw Enter bits are branch-free comparisons and
// the arrival Zs and int8 fit follow from the bits. The amphibian check is
// CheckMovement for canSwim, which over one start is its raw Enter bits
// under the diagonal rule, so one more enterAll settles it. A window
// request (Z±1, Z±2) compares rule set by rule set and stops at the first
// that differs; over single-candidate targets equal bits mean equal
// answers, and equal amphibian bits mean equal exactness. Standing Zs,
// primary and strata, LiveOnly (int8 overflow) and the clamped Z of an
// out-of-range primary follow the reference exactly.
//
// Fast paths and memo. A chunk whose halo is on the map, without statics,
// with one kind of land at one Z is uniform: one cell is probed and its
// record fills the chunk. A cell whose probe is dear (Wet near: three rule
// sets; StartZ surfaces: strata; a target with several candidates) is
// looked up in a per-builder memo first, keyed by what its probe reads
// (its land, StartZ surfaces, Wet near, its targets' candidates), all
// relative to its avg: every test compares two of those Zs, so the same
// neighbourhood at another height has the same records shifted, as long
// as no Z leaves the int8 range (memoised cells keep all within ±120). The
// memo is small (4,096 entries, started over when full) so it stays in
// cache. A lookup costs about what probing a dry single-candidate cell
// does, so those are probed directly.
//
// A builder allocates nothing per build after warm-up; BuildMap gives each
// worker one and keeps one copy per distinct chunk.
package bake
