//go:build !race

package stepcache

// TestParityDefaultWorld checks the default world (paritySide 0), every
// standing Z and the offsets around it.
const (
	paritySide        = 0
	paritySkipOffsets = false
)
