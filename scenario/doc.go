// Package scenario runs scenario files: pet-follow, patrol and other
// shard scenarios written as TOML, replayed as tests without writing Go
// (`shard scenario run FILE...`, or RunFile from a Go test).
//
// A scenario names a world ([world]: profile "default" with seed and
// size, or "britannia", or dataDir, and map), how the run goes ([run]:
// ticks, tickMs, an early end once a mobile walked untilSteps steps, a
// deterministic search budget maxSearchesPerTick, the search, the step
// cache's admission threshold, followDirect, seed), an optional standard
// population ([population]: pets, patrols, swimmers, seed), named mobiles
// ([[mobile]]: name, at = [x, y(, z)], caps, speedMs, and [mobile.order]
// with kind move_to, follow, patrol, wander, walk_route, steps or stop)
// and its expectations ([[expect]], by kind):
//
//	follows            mobile (or, without one, every follower) stays within
//	                   its follow range + slack of its target on every tick
//	                   from `after` on
//	arrives            mobile's move_to order arrives by tick byTick
//	walks              mobile (or, without one, everybody) takes at least
//	                   `steps` steps
//	visits             mobile (or anyone) steps within radius of at at
//	                   least count times (1)
//	steps_allowed      every step the shard took or refused was what the
//	                   live rules answer (re-checked before the world moves)
//	passing_not_built  the chunks mobile only passed through (for at most
//	                   half an admission visit) were not built, and some it
//	                   stayed in or came back to were
//	promoted           the chunks with at least `steps` steps taken in them
//	                   are in the step cache at the end
//	doors_opened       at least count doors were opened
//	deterministic      a second run ends in the same positions
//
// A file is read strictly: a syntax error, a wrong type, an unknown key or
// a value out of range is an error naming the file, the line and the key.
// A run simulates one map on the Sim directly, stepped tick by tick, with
// the step cache in front of the live rules as the shard runs it.
//
// It does not own the simulation (systems), the standard population
// (population) or the worlds (world/source).
package scenario
