//go:build !race

package parity

// TestParityDefaultWorld checks the default world (paritySide 0), and it
// and TestParityMovingAI every standing Z and the offsets around it.
const (
	paritySide        = 0
	paritySkipOffsets = false
)
