package swb

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/swb/codec"
	"github.com/shardcore/shardcore/stepcache/swb/swbtest"
)

// fuzzSeeds is the committed FuzzOpen corpus, by file name: small real
// files of default-world chunks (uniform, full land, strata, swim, shared
// records, an absent chunk) and damaged copies. (The codec's
// FuzzDecodeRecord corpus is stepcache/swb/codec's.)
func fuzzSeeds(t *testing.T) map[string][]byte {
	all, _ := swbtest.DefaultWorldChunks(t)
	var uni, land, strata, swim, swim2 *chunk.Chunk
	for _, c := range all {
		switch {
		case codec.IsUniform(c):
			uni = firstOf(uni, c)
		case c.StrataStart != nil:
			strata = firstOf(strata, c)
		case codec.HasSwim(c) && swim != nil && c != swim:
			swim2 = firstOf(swim2, c)
		case codec.HasSwim(c):
			swim = c
		default:
			land = firstOf(land, c)
		}
	}
	if uni == nil || land == nil || strata == nil || swim == nil || swim2 == nil {
		t.Fatal("the default world lacks a chunk kind")
	}
	files := map[string][]byte{
		"real-4x2": seedFile(t, 4, []*chunk.Chunk{uni, land, strata, swim, land, uni, nil, swim2}),
		"real-2x1": seedFile(t, 2, []*chunk.Chunk{strata, uni}),
	}
	a := files["real-4x2"]
	damaged := func(f func(b []byte) []byte) []byte { return f(append([]byte(nil), a...)) }
	files["real-4x2-header-only"] = a[:HeaderSize]
	files["real-4x2-cut-records"] = a[:HeaderSize+(len(a)-HeaderSize)/3]
	files["real-4x2-cut-index"] = a[:len(a)-1]
	files["real-4x2-record-byte"] = damaged(func(b []byte) []byte { b[HeaderSize+40] ^= 0x10; return b })
	files["real-4x2-index-byte"] = damaged(func(b []byte) []byte { b[len(b)-5] ^= 0x01; return b })
	files[fmt.Sprintf("real-4x2-version-%d", Version-1)] = damaged(func(b []byte) []byte { b[4] = byte(Version - 1); return b })
	seeds := map[string][]byte{}
	for name, b := range files {
		seeds["seed-"+name] = b
	}
	return seeds
}

// TestWriteFuzzSeeds regenerates the committed FuzzOpen corpus
// (SWB_WRITE_SEEDS=1) from fuzzSeeds.
func TestWriteFuzzSeeds(t *testing.T) {
	if os.Getenv("SWB_WRITE_SEEDS") == "" {
		t.Skip("SWB_WRITE_SEEDS=1 rewrites testdata/fuzz/FuzzOpen")
	}
	swbtest.WriteFuzzCorpus(t, filepath.Join("testdata", "fuzz", "FuzzOpen"), fuzzSeeds(t))
}

func firstOf(have, c *chunk.Chunk) *chunk.Chunk {
	if have != nil {
		return have
	}
	return c
}

// seedFile writes chunks (a map wide chunks across) as a .swb and returns its bytes.
func seedFile(t *testing.T, wide int, chunks []*chunk.Chunk) []byte {
	path := filepath.Join(t.TempDir(), "m.swb")
	writeTestFile(t, path, chunks, wide, len(chunks)/wide)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestFuzzSeedsCurrent: the committed corpus's seed files are exactly what
// the current writer produces (regenerate with SWB_WRITE_SEEDS=1 after a
// format change), and its two whole files open and read every chunk.
func TestFuzzSeedsCurrent(t *testing.T) {
	have := swbtest.ReadFuzzSeeds(t, filepath.Join("testdata", "fuzz", "FuzzOpen"))
	want := fuzzSeeds(t)
	for name, body := range have {
		if w, ok := want[name]; !ok || string(w) != string(body) {
			t.Fatalf("%s is not what the current writer produces: regenerate with SWB_WRITE_SEEDS=1", name)
		}
		if name == "seed-real-4x2" || name == "seed-real-2x1" {
			readSeedFile(t, name, body)
		}
	}
	if len(have) != len(want) {
		t.Fatalf("%d seed files, the writer produces %d: regenerate with SWB_WRITE_SEEDS=1", len(have), len(want))
	}
}

// readSeedFile opens a seed file's bytes and reads every chunk.
func readSeedFile(t *testing.T, name string, body []byte) {
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, body, 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := Open(path, Expect{AnyIdentity: true})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	defer r.Close()
	h := r.Header()
	n := 0
	for i := 0; i < h.WidthChunks*h.HeightChunks; i++ {
		_, ok, err := r.ReadChunk(i%h.WidthChunks, i/h.WidthChunks)
		if err != nil {
			t.Fatalf("%s chunk %d: %v", name, i, err)
		}
		if ok {
			n++
		}
	}
	if n != h.ChunkCount || r.ix.code == nil {
		t.Fatalf("%s: %d of %d chunks read, code %v", name, n, h.ChunkCount, r.ix.code != nil)
	}
}
