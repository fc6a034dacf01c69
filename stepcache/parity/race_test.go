//go:build race

package parity

// Under the race detector, which is ~10× slower, TestParityDefaultWorld
// checks a 512×512 generated world (a quarter of the default world's cells,
// with the same kinds of ground, houses and water), and it and
// TestParityMovingAI check standing Zs only: the run without -race checks
// the whole default world and every Moving AI map with every offset; this
// one checks that VerifyWorld's workers do not race.
const (
	paritySide        = 512
	paritySkipOffsets = true
)
