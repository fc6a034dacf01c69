// Package server runs a shard: configure → check and load the maps of
// world.maps (client files, or a generated profile written as client
// files) → share the population and the resident-chunk budget among them
// → give each map its step cache, open and validate its .swb (refused files
// are logged once and rebaked), build its simulation and spawn its
// population (the maps in parallel) → background prebake → the paced tick
// loop, every map's part of a tick on the map's own goroutine, all at once
// → graceful shutdown. It owns the maps' goroutines and what crosses them,
// the admin commands (stdin and the Command API, run on the tick goroutine
// and handed to a map's goroutine for its cache), when the search recorder
// records and the draining of each map's recorded searches after a tick,
// the per-map and whole-shard summaries, running the ticks a render shows,
// and, with metrics.listen set, the metrics endpoint's lifetime and the
// fold of each map's figures into the series after each tick (metrics.go).
// It owns the seams a mobile crosses between maps: teleports, the
// moongates (gates.go: checked on each map's goroutine after its tick,
// crossed between ticks) and the Transit (transit.go), the interface
// through which a shard over several processes hands parties of mobiles
// to another process's maps and keeps them in its saves.
//
// It does not own the ECS world or the systems (package systems), the path
// search (package pathing), the step cache or the .swb format (packages
// stepcache and stepcache/swb), where the population goes (package
// population), the config schema (package config), the series and the
// HTTP endpoint (package metrics), the recording format, its writer and
// the tap (server/recorder), the replay (server/replay), the PNG drawing
// (server/render), the logger's construction rules beyond NewLogger in
// log.go, or how a Transit reaches other processes (package cluster: NATS
// JetStream).
//
// # Size
//
// The package is over 3,000 lines because the tick loop, the maps'
// goroutines, the saves and the seams between maps share one state: each
// map's entry with its goroutine and job channel, the lock that holds the
// shard between ticks, and the capture of every map (and the Transit's
// section) at one tick boundary. Split into packages, each would need
// those exported and the lock's discipline enforced across them; the
// files are split by concern instead (maps, run, commands, save, mobiles,
// gates, transit, swbfiles, swbwatch, summary, metrics).
package server
