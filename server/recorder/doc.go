// Package recorder owns the search recording: the JSON-lines format (one
// Record per path search: the request, its node budget and finder, its
// outcome and cost, and what it saw of the dynamic world), the Recorder
// that appends such lines to a file (off by default, switched on and off
// at run time, an IO error switching it off), the per-simulation Buffer a
// multi-map shard fills on each map's goroutine and drains between ticks,
// the tap (Instrument) that captures what each search saw, and Read, which
// decodes a recording.
//
// It does not run searches or re-run them (package replay), decide when a
// shard records or which file it uses (package server and the config), or
// define the search request (package pathing) or the record a simulation
// hands over (systems.PathRecord).
package recorder
