package swb

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"shardcore/stepcache"
)

// FuzzOpen: any file bytes either open (and then every chunk reads or fails
// with an error) or are refused with one of the sentinels; never a panic.
// The committed corpus (testdata/fuzz/FuzzOpen, see TestWriteFuzzSeeds)
// holds small real files of the default world and damaged copies.
func FuzzOpen(f *testing.F) {
	dir := f.TempDir()
	path := filepath.Join(dir, "seed.swb")
	writeTestFile(f, path, synthMap(9, 3, 2), 3, 2)
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
	for _, s := range []error{ErrBadMagic, ErrVersion, ErrWrongMap, ErrStaleFingerprint, ErrCorrupt} {
		if errors.Is(err, s) {
			return true
		}
	}
	return false
}

// fuzzRecord is a FuzzDecodeRecord input: 0 and a record (no file code), or
// 1, the 128 bytes of a file's code lengths and a record.
func fuzzRecord(code *[256]uint8, rec []byte) []byte {
	if code == nil {
		return append([]byte{0}, rec...)
	}
	return append(appendLens([]byte{1}, code), rec...)
}

// FuzzDecodeRecord: any code lengths and record bytes decode or return
// ErrCorrupt, never panic; what decodes re-encodes to a record that decodes
// to the same chunk.
func FuzzDecodeRecord(f *testing.F) {
	rng := rand.New(rand.NewPCG(31, 32))
	chunks := synthChunks(rng, 7)
	for _, o := range allOptions() {
		set := recordSetOf(f, o, chunks)
		var rec []byte
		for id := range set.records() {
			rec = set.appendRecord(rec[:0], id)
			f.Add(fuzzRecord(set.code, rec))
		}
	}
	dec, err := NewDecoder()
	if err != nil {
		f.Fatal(err)
	}
	enc, _ := NewEncoder(DefaultOptions)
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) == 0 {
			return
		}
		rec := in[1:]
		dec.setCode(nil)
		if in[0] == 1 && len(rec) >= huffLensSize {
			lens := parseLens(rec[:huffLensSize])
			if h, ok := newHuffDecoder(&lens); ok {
				dec.setCode(h)
			}
			rec = rec[huffLensSize:]
		}
		var c stepcache.Chunk
		if err := dec.DecodeRecord(rec, &c); err != nil {
			if !errors.Is(err, ErrCorrupt) {
				t.Fatalf("not ErrCorrupt: %v", err)
			}
			return
		}
		again, err := enc.AppendRecord(nil, &c)
		if err != nil {
			t.Fatalf("decoded chunk does not re-encode: %v", err)
		}
		var c2 stepcache.Chunk
		if err := dec.DecodeRecord(again, &c2); err != nil || !chunkEqual(&c, &c2) {
			t.Fatalf("re-encoded record differs (%v)", err)
		}
	})
}
