// Package server runs a shard: configure → load the world (client files or
// the generated default world written as client files) → open and validate
// each map's .swb (refused files are logged once and rebaked) → background
// prebake → the paced tick loop → graceful shutdown. It owns the admin
// commands (stdin and the Command API, run on the tick goroutine), the
// JSON-lines search recorder and its replay, and the PNG render of a world.
//
// It does not own the ECS world or the systems (package systems), the path
// search (package pathing), the step cache or the .swb format (packages
// stepcache and stepcache/swb), the config schema (package config) or the
// logger's construction rules beyond NewLogger in log.go.
package server
