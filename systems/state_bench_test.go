package systems

import (
	"testing"

	"github.com/shardcore/shardcore/world"
)

// bigSim is a 1024×1024 grass map with n mobiles: patrols, followers and
// wanderers, after a few ticks (paths held, timers set).
func bigSim(b *testing.B, n int) *Sim {
	b.Helper()
	td := world.NewTileData(world.TileFormatNew)
	bl, err := world.NewBuilder(0, 1024, 1024)
	if err != nil {
		b.Fatal(err)
	}
	for y := 0; y < 1024; y++ {
		for x := 0; x < 1024; x++ {
			bl.SetLand(x, y, landGrass, 0)
		}
	}
	m, err := bl.Build()
	if err != nil {
		b.Fatal(err)
	}
	s, err := NewSim(m, td, Options{MaxSearchesPerTick: 2000})
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < n; i++ {
		x, y := (i*7)%1000+10, (i*13)%1000+10
		var o Order
		switch i % 3 {
		case 0:
			o.Patrol = &PatrolSpec{Waypoints: []world.Point{{X: x, Y: y}, {X: (x + 40) % 1000, Y: y}}}
		case 1:
			o.Follow = &FollowSpec{Target: uint64(i), Range: 2}
		default:
			o.Wander = &WanderSpec{Home: world.Point{X: x, Y: y}, Radius: 8}
		}
		if _, err := s.SpawnMobile(MobileSpec{X: x, Y: y, Order: o}); err != nil {
			b.Fatal(err)
		}
	}
	for i := 0; i < 20; i++ {
		s.Step()
	}
	return s
}

// BenchmarkState: taking a 100,000-mobile map's state (what a save
// captures between ticks).
func BenchmarkState(b *testing.B) {
	s := bigSim(b, 100_000)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := s.State(); err != nil {
			b.Fatal(err)
		}
	}
}
