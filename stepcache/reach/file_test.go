package reach

import (
	"context"
	"errors"
	"path/filepath"
	"reflect"
	"sync"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/gen/britannia"
)

// smallIndex is the index of a 256×256 Britannia map (towns, a dungeon,
// shores: both kinds of chunk and strata), built once.
var smallIndex = sync.OnceValues(func() (*Index, error) {
	ctx := context.Background()
	w, err := britannia.Generate(ctx, britannia.Options{Seed: 3, Map: world.Felucca, Width: 256, Height: 256})
	if err != nil {
		return nil, err
	}
	live := movement.NewRules(w.Map, w.Tiles, nil)
	chunks, err := bake.BuildMap(ctx, live, 0, nil)
	if err != nil {
		return nil, err
	}
	wide, high := chunk.Grid(w.Map.Width, w.Map.Height)
	return Build(ctx, wide, high, func(cx, cy int) *chunk.Chunk { return chunks[cy*wide+cx] })
})

func loadSmall(tb testing.TB) *Index {
	tb.Helper()
	ix, err := smallIndex()
	if err != nil {
		tb.Fatal(err)
	}
	return ix
}

// TestWriteRead: an index read back is the one written; a file of another
// .swb is refused as stale, and so is one with a byte flipped anywhere.
func TestWriteRead(t *testing.T) {
	ix := loadSmall(t)
	wide, high := ix.Size()
	st := Stamp{MapID: 0, WidthChunks: wide, HeightChunks: high, Fingerprint: 0xABCD, BakeTimeNs: 12345}
	path := PathFor(filepath.Join(t.TempDir(), "map0.swb"))
	if filepath.Ext(path) != ".reach" {
		t.Fatalf("PathFor: %s", path)
	}
	if err := Write(path, st, ix); err != nil {
		t.Fatal(err)
	}
	got, err := Read(path, st)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, ix) {
		t.Fatal("the index read back differs from the one written")
	}
	other := st
	other.BakeTimeNs++
	if _, err := Read(path, other); !errors.Is(err, ErrStale) {
		t.Fatalf("another .swb's stamp: %v, want ErrStale", err)
	}
	b := ix.encodeFile(t, st)
	for i := 0; i < len(b); i += max(len(b)/200, 1) {
		c := append([]byte(nil), b...)
		c[i] ^= 0x40
		if _, err := Decode(c, st); err == nil {
			t.Fatalf("byte %d flipped: decoded without an error", i)
		}
	}
}

// encodeFile is the bytes Write writes.
func (ix *Index) encodeFile(t testing.TB, st Stamp) []byte {
	t.Helper()
	path := filepath.Join(t.TempDir(), "f.reach")
	if err := Write(path, st, ix); err != nil {
		t.Fatal(err)
	}
	b, err := readFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// FuzzDecode: no input makes Decode panic, and what it accepts answers
// queries everywhere on its map without panicking.
func FuzzDecode(f *testing.F) {
	ix := loadSmall(f)
	wide, high := ix.Size()
	st := Stamp{WidthChunks: wide, HeightChunks: high}
	f.Add(ix.encodeFile(f, st))
	f.Add([]byte("SWRC"))
	f.Fuzz(func(t *testing.T, b []byte) {
		d, err := Decode(b, st)
		if err != nil {
			return
		}
		var dst []uint32
		var none noDynamics
		for set := range chunk.NumRuleSets {
			for y := 0; y < high*chunk.Size; y += 7 {
				for x := 0; x < wide*chunk.Size; x += 5 {
					dst, _ = d.Cell(set, x, y, dst[:0])
					d.Unreachable(set, world.Point{X: x, Y: y}, x+9, y, x+10, y+1, none)
				}
			}
		}
	})
}

// noDynamics finds nothing anywhere.
type noDynamics struct{}

func (noDynamics) Near(int, int, int, int) bool { return false }
