// Package savefile owns the shard's save file: the layout of a saved
// shard (its tick count, game clock and every map's simulation state,
// systems.State, with the fingerprint of the world each ran on), its
// encoding, checks and atomic writing.
//
// # Layout (version 1)
//
// A 32-byte header, little-endian: Magic (8 bytes), the version (u32),
// flags (u32, 0), the body's length (u64) and the xxh3 hash of the body
// (u64). Then the body: unsigned and zigzag varints, byte strings with
// their length first, booleans as one byte. The body holds the tick, the
// game time in ms, the save's time (Unix ns) and the maps, each its id,
// its world's fingerprint and its state (routes, walked routes, mobiles
// with their schedules, requests, paths and intents, items, the touched
// list, both timing wheels, the path queue, sleeping sectors), in the
// order state.go writes them.
//
// A save is read whole and checked before anything uses it: the magic
// (ErrNotSave), the version (ErrVersion, no migrations: another version is
// refused), the length and checksum, then a decode that bounds every
// count by the bytes left (ErrCorrupt), so a bad file is refused with a
// clear error and never half-loaded. WriteFile writes through a temp file
// in the same folder, synced and renamed, so a kill at any moment leaves
// the last good save.
//
// It does not own what the state means (package systems checks it
// against its map on Restore) or when a shard saves (package server).
package savefile
