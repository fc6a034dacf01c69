// Package metrics owns the shard's Prometheus series and the HTTP endpoint
// that serves them (/metrics) beside the Go profiler (/debug/pprof/): the
// series' names, types, labels and buckets, their registry (one per shard,
// never the global one), and publishing a map's figures as series.
//
// It does not count anything itself. The simulation, the step cache and
// the .swb reader keep their own cumulative counts; the server reads them
// on each map's goroutine after every tick and hands them to Map.Update,
// which sets the gauges and adds each counter's growth since the last
// update to series created once, so a tick costs a few atomic adds and no
// allocation, and nothing is done per search or per lookup. Exposition is
// client_golang's (promhttp), not hand-written.
package metrics
