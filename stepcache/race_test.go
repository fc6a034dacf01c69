//go:build race

package stepcache

// Under the race detector, which is ~10× slower, TestParityDefaultWorld
// checks a 512×512 generated world (a quarter of the default world's cells,
// with the same kinds of ground, houses and water), and it and
// TestParityMovingAI check standing Zs only: the run without -race checks
// the whole default world and every Moving AI map with every offset; this
// one checks that VerifyWorld's workers do not race. The probe
// comparisons (TestFastProbe*) compare every 8th chunk of each map (the
// reference probe is the slow one: the whole default world took over ten
// minutes here under -race).
const (
	paritySide        = 512
	paritySkipOffsets = true
	probeStride       = 8
)
