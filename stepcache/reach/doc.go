// Package reach owns the static connectivity of a baked map: per rule set
// (the walker's, the swimmer's), which states (a cell's record: its
// standing Z and, for multi-Z cells, each stratum) a step joins, as
// components of the undirected graph of the records' steps (a step either
// way joins its two states, under the raw masks, which allow every step of
// both diagonal rules). Build labels them from every chunk of a map, Write
// and Read keep them beside the map's .swb, stamped with its identity, and
// Index answers which components a cell's states are in.
//
// A goal is unreachable under the live rules when no state of a goal cell
// is in the start cell's components and one side is sealed: a live path
// leaves a component only by a step the static world does not have, which
// a dynamic item or a multi within a cell of the component makes (mobiles
// only take steps away). So a component that no item or multi stands in or
// beside keeps every path that starts in it, and lets in none that ends in
// it; a component with a record whose answers the cache does not hold
// (LiveOnly), or a step into a Z no record covers, is never sealed.
// Unreachable says which, given where items and multis stand.
//
// It does not own the chunks (bake builds them, the cache keeps them), the
// dynamics (systems) or searches (pathing asks Unreachable before it
// searches, through the cache).
package reach
