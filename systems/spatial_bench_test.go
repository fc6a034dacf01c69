package systems

import (
	"math/rand/v2"
	"testing"

	"github.com/mlange-42/arche/ecs"

	"github.com/shardcore/shardcore/movement"
)

// BenchmarkSpatialMove100k: one step of a random mobile among 100,000 on a
// 7168×4096 map (the index's worst case: every move a cold sector). Memory
// bound: compare builds measured in the same run.
func BenchmarkSpatialMove100k(b *testing.B) {
	s := NewSpatial(0, 7168, 4096)
	w := ecs.NewWorld()
	rng := rand.New(rand.NewPCG(1, 2))
	const n = 100000
	hs := make([]int32, n)
	xs := make([]int, n)
	ys := make([]int, n)
	for i := range hs {
		xs[i], ys[i] = 1+rng.IntN(7166), 1+rng.IntN(4094)
		hs[i] = s.AddMobile(w.NewEntity(), xs[i], ys[i], movement.Mobile{ID: uint64(i + 1)})
	}
	order := rng.Perm(n)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := order[i%n]
		d := movement.Dir(rng.IntN(8))
		dx, dy := d.Offset()
		x, y := xs[k]+dx, ys[k]+dy
		if x < 1 || y < 1 || x > 7166 || y > 4094 {
			continue
		}
		xs[k], ys[k] = x, y
		s.MoveMobile(hs[k], x, y, 0)
	}
}

// BenchmarkSpatialAround100k: the occupancy of a random cell's 8
// neighbours among 100,000 mobiles (one sector's bits).
func BenchmarkSpatialAround100k(b *testing.B) {
	s := NewSpatial(0, 7168, 4096)
	w := ecs.NewWorld()
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 100000; i++ {
		s.AddMobile(w.NewEntity(), rng.IntN(7168), rng.IntN(4096), movement.Mobile{ID: uint64(i + 1)})
	}
	b.ResetTimer()
	var acc uint8
	for i := 0; i < b.N; i++ {
		m, it := s.OccupancyAround(0, rng.IntN(7168), rng.IntN(4096))
		acc ^= m ^ it
	}
	_ = acc
}
