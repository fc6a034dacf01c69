package gen

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/zeebo/xxh3"
)

// TestDefaultProfileGolden pins the default profile's files byte for byte:
// the default world of a seed and size must never change, whatever other
// profiles do (caches baked for it, recordings and figures depend on it).
func TestDefaultProfileGolden(t *testing.T) {
	cases := []struct {
		o    Options
		want map[string]uint64
	}{
		{DefaultOptions(), map[string]uint64{
			FileTileData: 0x4d35e3c5b2181df4, FileMap: 0x5509f67291087000, FileStaIdx: 0xb3a6a0b60950b885,
			FileStatics: 0xa245c310635dbc8b, FileMultiIdx: 0x7f75a40f0244ff84, FileMultiMul: 0x10c0aeb05232cb49}},
		{Options{Seed: 7, Width: 512, Height: 640}, map[string]uint64{
			FileTileData: 0x4d35e3c5b2181df4, FileMap: 0x585c8ccf6b91f6ef, FileStaIdx: 0x4d295fa39e851082,
			FileStatics: 0xad5a3e5769b28b47, FileMultiIdx: 0x7f75a40f0244ff84, FileMultiMul: 0x10c0aeb05232cb49}},
	}
	for _, c := range cases {
		w, err := Generate(context.Background(), c.o)
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		if err := WriteFiles(dir, w); err != nil {
			t.Fatal(err)
		}
		for name, want := range c.want {
			b, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			got := xxh3.Hash(b)
			t.Logf("%v %s %#016x", c.o, name, got)
			if got != want {
				t.Errorf("seed %d %dx%d: %s hashes %#016x, want %#016x", c.o.Seed, c.o.Width, c.o.Height, name, got, want)
			}
		}
	}
}
