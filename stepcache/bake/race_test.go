//go:build race

package bake

// Under the race detector, which is ~10× slower, the probe comparisons
// (TestFastProbe*) compare every 8th chunk of each map, and the random
// stack and pattern worlds are as many as under -short: the reference
// probe is the slow one (the whole default world takes over ten minutes
// under -race), and one builder per goroutine has nothing for the detector
// to find in more worlds. The run without -race compares them all.
const (
	probeStride   = 8
	randomWorlds  = 60
	patternWorlds = 40
)
