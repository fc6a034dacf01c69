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

// fuzzBaseFiles are the base files FuzzOpen's inputs edit, by file name:
// small real files of default-world chunks (uniform, full land, strata,
// swim, shared records, an absent chunk). (The codec's FuzzDecodeRecord
// corpus is stepcache/swb/codec's.)
func fuzzBaseFiles(t *testing.T) map[string][]byte {
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
	return map[string][]byte{
		"real-2x1.swb": seedFile(t, 2, []*chunk.Chunk{strata, uni}),
		"real-4x2.swb": seedFile(t, 4, []*chunk.Chunk{uni, land, strata, swim, land, uni, nil, swim2}),
	}
}

// fuzzSeeds is the committed FuzzOpen corpus, by file name: the base files
// whole (real-2x1 is base 0, real-4x2 base 1, in name order) and damaged
// copies of real-4x2 (a), as edits (swbtest.EditInput), and a small whole
// file.
func fuzzSeeds(a []byte) map[string][]byte {
	h := HeaderSize
	cut, xor, set := 2, 0, 1
	seeds := map[string][]byte{
		"real-2x1":                                    swbtest.EditInput(0, false),
		"real-4x2":                                    swbtest.EditInput(1, false),
		"real-4x2-header-only":                        swbtest.EditInput(1, false, [3]int{cut, h, 0}),
		"real-4x2-cut-records":                        swbtest.EditInput(1, false, [3]int{cut, h + (len(a)-h)/3, 0}),
		"real-4x2-cut-index":                          swbtest.EditInput(1, false, [3]int{cut, len(a) - 1, 0}),
		"real-4x2-record-byte":                        swbtest.EditInput(1, false, [3]int{xor, h + 40, 0x10}),
		"real-4x2-index-byte":                         swbtest.EditInput(1, false, [3]int{xor, len(a) - 5, 0x01}),
		"real-4x2-index-byte-checksum":                swbtest.EditInput(1, true, [3]int{xor, len(a) - 5, 0x01}),
		fmt.Sprintf("real-4x2-version-%d", Version-1): swbtest.EditInput(1, false, [3]int{set, 4, int(Version - 1)}),
		"raw-header":                                  append([]byte{swbtest.RawInput}, a[:h]...),
	}
	out := map[string][]byte{}
	for name, b := range seeds {
		out["seed-"+name] = b
	}
	return out
}

// TestWriteFuzzSeeds regenerates FuzzOpen's base files and its committed
// corpus (SWB_WRITE_SEEDS=1).
func TestWriteFuzzSeeds(t *testing.T) {
	if os.Getenv("SWB_WRITE_SEEDS") == "" {
		t.Skip("SWB_WRITE_SEEDS=1 rewrites testdata/fuzzbase/FuzzOpen and testdata/fuzz/FuzzOpen")
	}
	files := fuzzBaseFiles(t)
	if err := os.RemoveAll(fuzzBaseDir); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(fuzzBaseDir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(fuzzBaseDir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	swbtest.WriteFuzzCorpus(t, filepath.Join("testdata", "fuzz", "FuzzOpen"), fuzzSeeds(files["real-4x2.swb"]))
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

// TestFuzzSeedsCurrent: the committed base files are exactly what the
// current writer produces and the corpus's seed files what fuzzSeeds makes
// of them (regenerate with SWB_WRITE_SEEDS=1 after a format change), and
// the two whole files open and read every chunk.
func TestFuzzSeedsCurrent(t *testing.T) {
	want := fuzzBaseFiles(t)
	bases := fuzzBases(t)
	if len(bases) != len(want) {
		t.Fatalf("%d base files, the writer produces %d: regenerate with SWB_WRITE_SEEDS=1", len(bases), len(want))
	}
	for i, name := range []string{"real-2x1.swb", "real-4x2.swb"} {
		if string(bases[i]) != string(want[name]) {
			t.Fatalf("%s is not what the current writer produces: regenerate with SWB_WRITE_SEEDS=1", name)
		}
		readSeedFile(t, name, bases[i])
	}
	have := swbtest.ReadFuzzSeeds(t, filepath.Join("testdata", "fuzz", "FuzzOpen"))
	seeds := fuzzSeeds(bases[1])
	for name, body := range have {
		if w, ok := seeds[name]; !ok || string(w) != string(body) {
			t.Fatalf("%s is not what fuzzSeeds makes: regenerate with SWB_WRITE_SEEDS=1", name)
		}
	}
	if len(have) != len(seeds) {
		t.Fatalf("%d seed files, fuzzSeeds makes %d: regenerate with SWB_WRITE_SEEDS=1", len(have), len(seeds))
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
