//go:build !race

package stepcache

// TestParityDefaultWorld checks the default world (paritySide 0), and it
// and TestParityMovingAI every standing Z and the offsets around it; the
// probe comparisons compare every chunk (probeStride 1).
const (
	paritySide        = 0
	paritySkipOffsets = false
	probeStride       = 1
)
