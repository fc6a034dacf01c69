package uo

import (
	"path/filepath"
	"testing"

	"github.com/shardcore/shardcore/world"
)

// syntheticMap is a w×h map with patterned land and, on every other block,
// three statics (two on one cell).
func syntheticMap(tb testing.TB, w, h int) *world.Map {
	tb.Helper()
	nb := (w / 8) * (h / 8)
	land := make([]byte, nb*world.LandBlockBytes)
	for i := range land {
		land[i] = byte(i * 7)
	}
	start := make([]uint32, nb+1)
	statics := make([]world.Static, 0, nb/2*3)
	for b := 0; b < nb; b++ {
		start[b] = uint32(len(statics))
		if b%2 == 0 {
			statics = append(statics,
				world.Static{ID: uint16(b), Z: 5, Cell: 9},
				world.Static{ID: uint16(b + 1), Z: 10, Cell: 9},
				world.Static{ID: 3, Z: -5, Cell: 40})
		}
	}
	start[nb] = uint32(len(statics))
	m, err := world.NewMapFromBlocks(world.Felucca, w, h, land, start, statics)
	if err != nil {
		tb.Fatal(err)
	}
	return m
}

func BenchmarkReadMap7168x4096(b *testing.B) {
	dir := b.TempDir()
	m := syntheticMap(b, 7168, 4096)
	if err := WriteMapFiles(dir, m); err != nil {
		b.Fatal(err)
	}
	uop := filepath.Join(dir, UOPFileName(world.Felucca))
	if err := WriteMapUOP(uop, m); err != nil {
		b.Fatal(err)
	}
	m = nil
	mp, ip, sp := mapPaths(dir, world.Felucca)
	b.Run("mul", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			got, err := ReadMap(world.Felucca, mp, ip, sp, 0, 0)
			if err != nil || got.Width != 7168 {
				b.Fatal(err)
			}
		}
	})
	b.Run("uop", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			got, err := ReadMapUOP(world.Felucca, uop, ip, sp, 0, 0)
			if err != nil || got.Width != 7168 {
				b.Fatal(err)
			}
		}
	})
}

// TestReadMapAllocsDoNotScale: reading land is one buffer, not a value per
// cell, so a map 16× larger costs a bounded number of extra allocations.
func TestReadMapAllocsDoNotScale(t *testing.T) {
	allocs := func(w, h int) float64 {
		dir := t.TempDir()
		m, err := world.NewMap(world.Felucca, w, h)
		if err != nil {
			t.Fatal(err)
		}
		if err := WriteMapFiles(dir, m); err != nil {
			t.Fatal(err)
		}
		mp, ip, sp := mapPaths(dir, world.Felucca)
		return testing.AllocsPerRun(3, func() {
			if _, err := ReadMap(world.Felucca, mp, ip, sp, w, h); err != nil {
				t.Fatal(err)
			}
		})
	}
	small, big := allocs(64, 64), allocs(256, 256)
	t.Logf("allocs: 64×64 %.0f, 256×256 %.0f", small, big)
	if big > small+64 {
		t.Fatalf("reading a 16× larger empty map allocates %.0f times vs %.0f: per-block or per-cell work", big, small)
	}
}
