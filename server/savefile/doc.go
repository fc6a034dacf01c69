// Package savefile owns the shard's save file: the layout of a saved
// shard (its tick count, game clock and every map's simulation state,
// systems.State, with the fingerprint of the world each ran on), its
// encoding, checks and atomic writing.
//
// # Layout (versions 1 and 2)
//
// A 32-byte header, little-endian: Magic (8 bytes), the version (u32),
// flags (u32, 0), the body's length (u64) and the xxh3 hash of the body
// (u64). Then the body: unsigned and zigzag varints, byte strings with
// their length first, booleans as one byte. The body holds the tick, the
// game time in ms, the save's time (Unix ns) and the maps, each its id,
// its world's fingerprint and its state (routes, walked routes, mobiles
// with their schedules, requests, paths and intents, items, the touched
// list, both timing wheels, the path queue, sleeping sectors), in the
// order state.go writes them. Version 2 adds, after the maps, named
// sections (a count, then each its name and its bytes): parts of the save
// that belong to the shard's extensions (a cluster process's transfers in
// flight), opaque here. A save without sections is written as version 1,
// byte for byte what a build before sections wrote, so such a build reads
// it; a build before sections refuses a version 2 (ErrVersion), and a
// reader that meets a section it does not know refuses the save rather
// than drop what it holds.
//
// A save is read whole and checked before anything uses it: the magic
// (ErrNotSave), the version (ErrVersion: 1 and 2 are read, any other is
// refused), the length and checksum, then a decode that bounds every
// count by the bytes left (ErrCorrupt), so a bad file is refused with a
// clear error and never half-loaded. WriteFile writes through a temp file
// in the same folder, synced and renamed, so a kill at any moment leaves
// the last good save.
//
// It does not own what the state means (package systems checks it
// against its map on Restore) or when a shard saves (package server).
package savefile
