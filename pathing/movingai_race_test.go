//go:build race

package pathing

// samplePerMap is the real-scenario sample per map under the race detector,
// which is ~10× slower.
const samplePerMap = 4
