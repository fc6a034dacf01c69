// Package uo reads and writes the Ultima Online client data files the shard
// needs: tiledata.mul (all three layouts), mapN.mul with staidxN.mul and
// staticsN.mul, the mapNLegacyMUL.uop container, and multi.idx/multi.mul. It
// also finds those files case-insensitively in a data directory and
// fingerprints them (xxh3 over the bytes on disk) so a baked step cache can
// tell whether the client data changed.
//
// Every reader validates sizes and offsets and reports a corrupt or truncated
// file as an error naming the file and the offset; none panics on bad input.
// The writers produce files the readers read back identical, so tests and the
// default-world generator need no copyrighted client data.
//
// It does not own the in-memory world (package world), the movement rules
// (package movement), the default world generator (package world/gen), or the
// step cache and its .swb file (package stepcache).
package uo
