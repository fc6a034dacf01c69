// Package tests holds the shard's end-to-end scenario tests on the default
// generated world: pet follow, patrols through doors and over a bridge, sea
// serpents, a path into a house multi, eviction under a small resident cap
// and determinism. It owns no production code.
package tests
