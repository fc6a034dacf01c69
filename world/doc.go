// Package world owns the static tile world: tile data (land and item tables with
// the UO flag bits), maps (land and statics per cell, stored by 8×8 block),
// sectors, and multis (houses, boats) registered on the sectors they cover.
//
// It does not own file formats (see world/uo), the movement rules (see
// movement), or the default world generator (see world/gen).
package world
