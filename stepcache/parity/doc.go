// Package parity proves the step cache against the live rules, the oracle:
// VerifyWorld asks a cache about every cell of a map, every mover of a set
// and every standing Z (and the Zs around it and of its statics), and
// compares each hit with movement's CheckMovement in all 8 directions and
// each fallthrough with the one due there. With Distinct it checks each
// situation (what both read to answer for a cell) once.
//
// It does not compare the two probes with each other (bake.CompareProbes,
// which the builder's own tests use), and does not run inside the shard
// (the cache's verify mode re-checks a share of hits at run time).
package parity
