package gen

import "github.com/shardcore/shardcore/world/gen/internal/noise"

// Short names for the shared noise functions (package noise).

func mix(v uint64) uint64                                { return noise.Mix(v) }
func hash2(seed uint64, x, y int) uint64                 { return noise.Hash2(seed, x, y) }
func unit(h uint64) float64                              { return noise.Unit(h) }
func smooth(t float64) float64                           { return noise.Smooth(t) }
func valueNoise(seed uint64, x, y, cell float64) float64 { return noise.Value(seed, x, y, cell) }
