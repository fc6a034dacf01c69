// Package replay re-runs a recording (package recorder's records) on the
// same world: each search with the request, node budget and finder it had
// and the doors, items and mobiles it saw, at its recorded game time, and
// compares each outcome with the record (Run); it also summarises a set of
// searches as figures (mean, p50, p99, expansions, cache hit ratio), of
// the recording and of the replay.
//
// It does not write or decode recordings (package recorder), load worlds
// (its caller: `shard replay`), or own the searches it runs (package
// pathing) or the step cache they read (package stepcache).
package replay
