package uo

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shardcore/shardcore/world"
)

// randomName is an ASCII name of 0..20 bytes without NUL.
func randomName(r *rand.Rand) string {
	n := r.IntN(21)
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(' ' + r.IntN(95))
	}
	return string(b)
}

func randomTileData(r *rand.Rand, f world.TileFormat) *world.TileData {
	td := world.NewTileData(f)
	mask := uint64(0xFFFFFFFF)
	if f == world.TileFormatNew {
		mask = ^uint64(0)
	}
	for i := range td.Land {
		td.Land[i] = world.LandTile{Flags: world.TileFlag(r.Uint64() & mask), Texture: uint16(r.Uint32()), Name: randomName(r)}
	}
	for i := range td.Items {
		u := r.Uint64()
		td.Items[i] = world.ItemTile{
			Flags: world.TileFlag(r.Uint64() & mask), Weight: byte(u), Quality: byte(u >> 8), Misc: uint16(u >> 16),
			Unk2: byte(u >> 32), Quantity: byte(u >> 40), Anim: uint16(r.Uint32()), Unk3: byte(u >> 48),
			Hue: byte(u >> 56), Stack: byte(r.Uint32()), Value: byte(r.Uint32()), Height: byte(r.Uint32()),
			Name: randomName(r),
		}
	}
	return td
}

// randomMap builds a map with random land and statics: about a third of the
// blocks empty, some cells with several statics. Within a cell, statics are
// numbered in insertion order (Hue = rank) so order preservation is checkable.
func randomMap(t testing.TB, r *rand.Rand, id world.MapID, w, h int) *world.Map {
	t.Helper()
	nb := (w / 8) * (h / 8)
	land := make([]byte, nb*world.LandBlockBytes)
	for i := range land {
		land[i] = byte(r.Uint32())
	}
	start := make([]uint32, nb+1)
	var statics []world.Static
	for b := 0; b < nb; b++ {
		start[b] = uint32(len(statics))
		if r.IntN(3) == 0 {
			continue
		}
		rank := map[uint8]int16{}
		for k := r.IntN(12) + 1; k > 0; k-- {
			cell := uint8(r.IntN(64))
			if r.IntN(2) == 0 {
				cell = uint8(r.IntN(4)) // crowd a few cells
			}
			statics = append(statics, world.Static{ID: uint16(r.Uint32()), Z: int8(r.Uint32()), Cell: cell, Hue: rank[cell]})
			rank[cell]++
		}
	}
	start[nb] = uint32(len(statics))
	m, err := world.NewMapFromBlocks(id, w, h, land, start, statics)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// sameMap fails t unless a and b hold identical land and statics.
func sameMap(t testing.TB, a, b *world.Map) {
	t.Helper()
	if a.ID != b.ID || a.Width != b.Width || a.Height != b.Height {
		t.Fatalf("map %d %dx%d vs %d %dx%d", a.ID, a.Width, a.Height, b.ID, b.Width, b.Height)
	}
	if a.StaticCount() != b.StaticCount() {
		t.Fatalf("static count %d vs %d", a.StaticCount(), b.StaticCount())
	}
	for blk := 0; blk < a.BlockCount(); blk++ {
		if !bytes.Equal(a.LandBlock(blk), b.LandBlock(blk)) {
			t.Fatalf("block %d land differs", blk)
		}
		sa, sb := a.BlockStatics(blk), b.BlockStatics(blk)
		if len(sa) != len(sb) {
			t.Fatalf("block %d: %d statics vs %d", blk, len(sa), len(sb))
		}
		for i := range sa {
			if sa[i] != sb[i] {
				t.Fatalf("block %d static %d: %+v vs %+v", blk, i, sa[i], sb[i])
			}
		}
	}
}

// checkOrder fails t unless every cell's statics come in insertion order.
func checkOrder(t testing.TB, m *world.Map) {
	t.Helper()
	multi := 0
	for x := 0; x < m.Width; x++ {
		for y := 0; y < m.Height; y++ {
			st := m.StaticsAt(x, y)
			if len(st) > 1 {
				multi++
			}
			for i, s := range st {
				if s.Hue != int16(i) {
					t.Fatalf("(%d,%d): static %d has rank %d: order lost", x, y, i, s.Hue)
				}
			}
		}
	}
	if multi == 0 {
		t.Fatal("no cell holds several statics: the order check checked nothing")
	}
}

func writeTileDataFile(t testing.TB, path string, td *world.TileData) {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteTileData(&buf, td); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// wantErr fails t unless err is non-nil and mentions every part.
func wantErr(t testing.TB, err error, parts ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want one mentioning %q", parts)
	}
	for _, p := range parts {
		if !strings.Contains(err.Error(), p) {
			t.Fatalf("error %q does not mention %q", err, p)
		}
	}
}

func mapPaths(dir string, id world.MapID) (string, string, string) {
	a, b, c := MapFileNames(id)
	return filepath.Join(dir, a), filepath.Join(dir, b), filepath.Join(dir, c)
}

func sprintf(format string, args ...any) string { return fmt.Sprintf(format, args...) }

func contains(s, sub string) bool { return strings.Contains(s, sub) }
