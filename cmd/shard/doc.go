// Command shard runs, bakes, verifies and benchmarks a shardcore shard:
// run, config init and check, gen-world, bake, verify, swb info, bench
// paths and bake, movingai, replay, render and version (shard help lists
// them; the README has a row for each, which TestREADMECommandsMatchTheirFlags
// holds to the flags).
//
// It owns the command line: each subcommand's flags, its checks of them,
// and the printing of its figures. The work is the library's: the shard
// (server), the step cache and its files (stepcache), the searches
// (pathing), the worlds (world).
//
// # Size
//
// Over 3,000 lines because it is thirteen subcommands, each in files of its
// own (bake.go, bench*.go, movingai*.go, replay*.go, …) over one shared
// layer: the flag sets, usage and exit codes (cli.go) and the error lines
// (main.go). Split into packages, each subcommand would need that layer
// exported and a package of its own around a few hundred lines of flag
// handling and printing; the subcommands share nothing else.
package main
