package swb

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/shardcore/shardcore/stepcache/swb/swbtest"
)

// FuzzOpen: any file bytes either open (and then every chunk reads or fails
// with an error) or are refused with one of the sentinels; never a panic.
// The committed corpus (testdata/fuzz/FuzzOpen, see TestWriteFuzzSeeds)
// holds small real files of the default world and damaged copies.
func FuzzOpen(f *testing.F) {
	dir := f.TempDir()
	path := filepath.Join(dir, "seed.swb")
	writeTestFile(f, path, swbtest.SynthMap(9, 3, 2), 3, 2)
	good, err := os.ReadFile(path)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add(good[:HeaderSize])
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, b []byte) {
		p := filepath.Join(t.TempDir(), "f.swb")
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		r, err := Open(p, Expect{AnyIdentity: true})
		if err != nil {
			if !isSentinel(err) {
				t.Fatalf("refusal without a sentinel: %v", err)
			}
			return
		}
		defer r.Close()
		h := r.Header()
		for cy := 0; cy < min(h.HeightChunks, 8); cy++ {
			for cx := 0; cx < min(h.WidthChunks, 8); cx++ {
				if _, _, err := r.ReadChunk(cx, cy); err != nil && !errors.Is(err, ErrCorrupt) {
					t.Fatalf("read error not ErrCorrupt: %v", err)
				}
			}
		}
	})
}

func isSentinel(err error) bool {
	for _, s := range []error{ErrBadMagic, ErrVersion, ErrWrongMap, ErrStaleFingerprint, ErrCorrupt, ErrChanged} {
		if errors.Is(err, s) {
			return true
		}
	}
	return false
}
