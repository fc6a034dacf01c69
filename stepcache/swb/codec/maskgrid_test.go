package codec

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/swb/swbtest"
)

// TestPredictMasksDefinition: predictMasks sets bit d of a cell exactly
// where the grid leaves neighbour d open, for random grids.
func TestPredictMasksDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	for trial := range 200 {
		var g maskGrid
		for j := 0; j < gridBits; j++ {
			if rng.IntN(4) == 0 || trial == 1 {
				g[j>>3] |= 1 << (j & 7)
			}
		}
		var got [chunk.NumCells]byte
		predictMasks(&g, &got)
		for i := range got {
			base := (i/chunk.Size+1)*padW + i%chunk.Size + 1
			var want byte
			for d := 0; d < 8; d++ {
				if j := base + padOff[d]; g[j>>3]>>(j&7)&1 == 0 {
					want |= 1 << d
				}
			}
			if got[i] != want {
				t.Fatalf("trial %d cell %d: %08b, want %08b", trial, i, got[i], want)
			}
		}
	}
}

// flatChunk is a chunk of flat land at Z 0 where cells in blocked cannot be
// entered by walkers and cells in water can be entered by swimmers only:
// the masks a forest (trees) and a shore (a lake) bake to.
func flatChunk(blocked, water func(x, y int) bool) *chunk.Chunk {
	c := new(chunk.Chunk)
	for i := range c.Cells {
		x, y := i%chunk.Size, i/chunk.Size
		cell := &c.Cells[i]
		cell.Info = chunk.InfoWindow
		for d := 0; d < 8; d++ {
			dx, dy := [8]int{0, 1, 1, 1, 0, -1, -1, -1}[d], [8]int{-1, -1, 0, 1, 1, 1, 0, -1}[d]
			nx, ny := x+dx, y+dy
			switch {
			case water(nx, ny):
				cell.Wet |= 1 << d
			case !blocked(nx, ny):
				cell.Walk |= 1 << d
			}
		}
	}
	return c
}

// maskMode is the mode byte of the Walk section of a plain record of a
// chunk whose SourceZ plane is constant and whose halo is empty.
func maskMode(rec []byte) byte { return rec[1+1+2+1] }

// TestMaskModes: trees make the Walk section a grid; a lake makes the Wet
// section a grid against the Walk grid's complement; open land stays
// plain; each round-trips.
func TestMaskModes(t *testing.T) {
	none := func(x, y int) bool { return false }
	trees := func(x, y int) bool { return (x*7+y*3)%11 == 0 }
	lake := func(x, y int) bool { return (x-8)*(x-8)+(y-8)*(y-8) < 30 }
	o := DefaultOptions
	o.Huff = false
	enc, dec := NewEncoder(o), NewDecoder()
	for _, tc := range []struct {
		name         string
		c            *chunk.Chunk
		walk, wetOff int
		wet          byte
	}{
		{"open", flatChunk(none, none), maskPlain, -1, 0},
		{"forest", flatChunk(trees, none), maskWithGrid, -1, 0},
		{"shore", flatChunk(none, lake), maskWithGrid, 1 + gridBytes, maskGridInv},
	} {
		rec, err := enc.AppendRecord(nil, tc.c)
		if err != nil {
			t.Fatal(err)
		}
		if got := maskMode(rec); got != byte(tc.walk) {
			t.Fatalf("%s: Walk mode %d, want %d", tc.name, got, tc.walk)
		}
		if tc.wetOff >= 0 {
			// The Walk residual plane is constant (2 bytes) after the grid.
			if got := rec[5+tc.wetOff+2]; got != tc.wet {
				t.Fatalf("%s: Wet mode %d, want %d", tc.name, got, tc.wet)
			}
		}
		var got chunk.Chunk
		if err := dec.DecodeRecord(rec, &got); err != nil || !swbtest.ChunkEqual(tc.c, &got) {
			t.Fatalf("%s: round trip: %v", tc.name, err)
		}
	}
}

// TestMaskSectionCorrupt: a Walk section with an unknown mode, the Wet-only
// mode, or grid bits past the grid is ErrCorrupt.
func TestMaskSectionCorrupt(t *testing.T) {
	trees := func(x, y int) bool { return (x*7+y*3)%11 == 0 }
	o := DefaultOptions
	o.Huff = false
	rec, err := NewEncoder(o).AppendRecord(nil, flatChunk(trees, func(x, y int) bool { return false }))
	if err != nil || maskMode(rec) != maskWithGrid {
		t.Fatalf("setup: %v", err)
	}
	for name, mutate := range map[string]func(b []byte){
		"mode 3":         func(b []byte) { b[5] = 3 },
		"inverse walk":   func(b []byte) { b[5] = maskGridInv },
		"padding bit":    func(b []byte) { b[5+gridBytes] |= 0x10 },
		"grid cut short": func(b []byte) { b[5] = maskWithGrid },
	} {
		b := append([]byte(nil), rec...)
		mutate(b)
		if name == "grid cut short" {
			b = b[:5+gridBytes/2]
		}
		var got chunk.Chunk
		if err := NewDecoder().DecodeRecord(b, &got); !errors.Is(err, ErrCorrupt) {
			t.Fatalf("%s: err %v", name, err)
		}
	}
}
