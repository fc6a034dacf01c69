//go:build !race

package bake

// The probe comparisons compare every chunk (probeStride 1) of 300 random
// stack worlds and 150 pattern worlds (fewer under -short).
const (
	probeStride   = 1
	randomWorlds  = 300
	patternWorlds = 150
)
