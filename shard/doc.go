// Package shard is the embedding API of shardcore: the one package a game
// server imports to put the simulation core at the heart of its own loop.
//
// A Shard is opened from a config.Config (the same server.toml `shard run`
// reads: maps, client files or a generated world, step caches and their
// .swb files, budgets, the save file) and holds one simulation per map,
// each ticking on its own goroutine. Through it a game server
//
//   - spawns mobiles with their capabilities (Spawn: map, cell, Caps such
//     as CanSwim, CanFly, CanOpenDoors or Player, and pace), despawns them
//     and teleports them, to another map too (Teleport: followers travel
//     with their leader), another process's map with [cluster] (package
//     cluster hands them over through NATS JetStream; moongates in
//     [[shard.moongate]] send mobiles that step on them the same way);
//   - gives an existing mobile orders (Order: MoveTo, Follow, Patrol,
//     Wander, WalkRoute, Steps, Stop);
//   - places and removes items and opens and closes doors (PlaceItem,
//     RemoveItem, SetDoor);
//   - asks questions (Mobile: where a mobile is, its order and the path it
//     has left; FindPath: a path now; CanStep: may it step there now);
//   - ticks it, either itself (Step, one tick per call, for a caller that
//     owns the loop) or by letting the shard own the loop (Run, paced at
//     shard.tickMs, calling a hook after every tick);
//   - hears what happened (Events: stepped, blocked, arrived, path failed
//     with its reason, gave up, teleported), drained into a slice the
//     caller reuses, so steady-state draining does not allocate;
//   - saves and restores the whole simulation (Save; shard.saveFile is
//     restored at Open when present): a restored shard ticks on exactly as
//     the saved one would have, wherever a run is deterministic (a time
//     budget that never binds).
//
// # A warm cache
//
// Searches and steps answer from the step cache where it holds the chunk,
// and from the live rules (the same answers, slower) where it does not.
// A map with no .swb file builds a chunk only once a party (a mobile and
// those following it) has visited it pathfinding.missPromotionThreshold
// times (2) within the window, so that memory goes to chunks used again:
// a shard of a few mobiles that each pass once sees every lookup
// "not_built" (Server().Snapshot() says so) and stays on the live rules.
// For a warm cache from the first tick, bake the map (`shard bake`, or list
// it in pathfinding.prebakeMaps) or set missPromotionThreshold = 1.
//
// # Concurrency
//
// Every method of a Shard is safe to call from any goroutine, at any time
// after Open and before Close. Each one runs between ticks, never during
// one: a call made while a tick runs waits for it to end. A Run hook runs
// on the tick goroutine between ticks, so calls from it never wait. Calls
// from several goroutines are serialized with each other and with the
// ticks (the shard's state has one owner at a time); for throughput, batch
// a tick's work in the hook. Step and Run must not be used together.
//
// # Ids and errors
//
// Mobile and item ids are unique in the shard, whatever map a mobile
// walks, and never reused. Errors wrap ErrUnknownMobile, ErrUnknownItem,
// ErrOffMap (a point outside its map, or a Z outside -128..127),
// ErrMapNotLoaded and ErrBadOrder, for errors.Is. No input panics.
//
// It does not own the simulation (package systems), the searches (package
// pathing), the step cache (package stepcache), the shard's lifecycle and
// its admin console (package server, which Shard wraps: Server returns it)
// or the save file's layout (package server/savefile).
package shard
