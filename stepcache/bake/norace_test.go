//go:build !race

package bake

// The probe comparisons compare every chunk (probeStride 1).
const probeStride = 1
