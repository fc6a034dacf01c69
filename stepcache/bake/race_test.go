//go:build race

package bake

// Under the race detector, which is ~10× slower, the probe comparisons
// (TestFastProbe*) compare every 8th chunk of each map: the reference probe
// is the slow one, and the whole default world takes over ten minutes
// under -race.
const probeStride = 8
