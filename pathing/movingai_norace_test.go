//go:build !race

package pathing

// samplePerMap is the real-scenario sample per map of the default run.
const samplePerMap = 48
