package codec

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/swb/swbtest"
)

// seedChunks picks one chunk of each kind from the default world: uniform,
// full land, strata, swim.
func seedChunks(t *testing.T) []*chunk.Chunk {
	all, _ := swbtest.DefaultWorldChunks(t)
	var uni, land, strata, swim *chunk.Chunk
	for _, c := range all {
		switch {
		case IsUniform(c):
			uni = firstOf(uni, c)
		case c.StrataStart != nil:
			strata = firstOf(strata, c)
		case HasSwim(c):
			swim = firstOf(swim, c)
		default:
			land = firstOf(land, c)
		}
	}
	if uni == nil || land == nil || strata == nil || swim == nil {
		t.Fatal("the default world lacks a chunk kind")
	}
	return []*chunk.Chunk{uni, land, strata, swim}
}

func firstOf(have, c *chunk.Chunk) *chunk.Chunk {
	if have != nil {
		return have
	}
	return c
}

// fuzzBaseRecords are the real records FuzzDecodeRecord's inputs edit, by
// file name: the records of one chunk of each kind of the default world
// with their file's code (fuzzRecord).
func fuzzBaseRecords(t *testing.T) map[string][]byte {
	set := recordSetOf(t, DefaultOptions, seedChunks(t))
	out := map[string][]byte{}
	for id := range set.Records() {
		out[fmt.Sprintf("real-record-%d", id)] = fuzzRecord(set.Code(), set.AppendRecord(nil, id))
	}
	return out
}

// fuzzSeeds is the committed FuzzDecodeRecord corpus, by file name: each
// real base record (base i is the i-th of bases, in name order) whole, and
// each full one also cut short and without its code, as edits
// (swbtest.EditInput).
func fuzzSeeds(bases map[string][]byte) map[string][]byte {
	names := slices.Sorted(maps.Keys(bases))
	seeds := map[string][]byte{}
	for i, name := range names {
		b := bases[name]
		seeds["seed-"+name] = swbtest.EditInput(i, false)
		if rec := b[1+LensSize:]; !IsUniformRecord(rec) {
			seeds["seed-"+name+"-cut"] = swbtest.EditInput(i, false, [3]int{2, 1 + LensSize + len(rec)/2, 0})
			seeds["seed-"+name+"-nocode"] = swbtest.EditInput(i, false, [3]int{1, 0, 0}, [3]int{4, 1, LensSize - 1})
		}
	}
	return seeds
}

// TestWriteFuzzSeeds regenerates FuzzDecodeRecord's base records and its
// committed corpus (SWB_WRITE_SEEDS=1).
func TestWriteFuzzSeeds(t *testing.T) {
	if os.Getenv("SWB_WRITE_SEEDS") == "" {
		t.Skip("SWB_WRITE_SEEDS=1 rewrites testdata/fuzzbase/FuzzDecodeRecord and testdata/fuzz/FuzzDecodeRecord")
	}
	bases := fuzzBaseRecords(t)
	if err := os.RemoveAll(fuzzBaseDir); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(fuzzBaseDir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, b := range bases {
		if err := os.WriteFile(filepath.Join(fuzzBaseDir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	swbtest.WriteFuzzCorpus(t, filepath.Join("testdata", "fuzz", "FuzzDecodeRecord"), fuzzSeeds(bases))
}

// TestFuzzSeedsCurrent: the committed base records are exactly what the
// current encoder writes and the corpus's seed files what fuzzSeeds makes
// of them (regenerate with SWB_WRITE_SEEDS=1 after a change to the record
// layout), and the base records decode.
func TestFuzzSeedsCurrent(t *testing.T) {
	want := fuzzBaseRecords(t)
	names := slices.Sorted(maps.Keys(want))
	bases := fuzzBases(t)
	for i, name := range names {
		if i >= len(bases) || string(bases[i]) != string(want[name]) {
			t.Fatalf("%s is not what the current encoder writes: regenerate with SWB_WRITE_SEEDS=1", name)
		}
		dec := NewDecoder()
		var c chunk.Chunk
		if err := dec.DecodeRecord(splitFuzzRecord(dec, bases[i]), &c); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	have := swbtest.ReadFuzzSeeds(t, filepath.Join("testdata", "fuzz", "FuzzDecodeRecord"))
	seeds := fuzzSeeds(want)
	for name, body := range have {
		if w, ok := seeds[name]; !ok || string(w) != string(body) {
			t.Fatalf("%s is not what fuzzSeeds makes: regenerate with SWB_WRITE_SEEDS=1", name)
		}
	}
	if len(have) != len(seeds) {
		t.Fatalf("%d seed files, fuzzSeeds makes %d: regenerate with SWB_WRITE_SEEDS=1", len(have), len(seeds))
	}
}
