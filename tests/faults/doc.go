// Package faults is the fault-injection suite: it drives a running shard
// (package server's public API: NewWithOptions, Run, Command) while its
// .swb file is overwritten in place, truncated, deleted, replaced by
// another map's or another world's file, while its cache dir turns
// read-only or its disk fills up during a bake, while a shard process is
// killed in the middle of a bake, while two shards bake into one cache dir
// at once or start on it over and over, while a named pipe stands in for
// the .swb or a client file, while a client file is a sparse 20 GB one, and
// while the disk fills under the search recorder. Each case asserts that
// the shard keeps ticking (or refuses at once, naming the file), that no
// cache answer differs from the live rules (verifyShare = 1), and that the
// file on disk afterwards is valid for the world or absent, never
// half-written. It owns no production code.
package faults
