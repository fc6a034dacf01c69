package codec

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
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

// fuzzSeeds is the committed FuzzDecodeRecord corpus, by file name: the
// records of one chunk of each kind of the default world with their file's
// code, each full one also cut short and without the code.
func fuzzSeeds(t *testing.T) map[string][]byte {
	set := recordSetOf(t, DefaultOptions, seedChunks(t))
	seeds := map[string][]byte{}
	for id := range set.Records() {
		rec := set.AppendRecord(nil, id)
		seeds[fmt.Sprintf("seed-real-record-%d", id)] = fuzzRecord(set.Code(), rec)
		if !IsUniformRecord(rec) {
			seeds[fmt.Sprintf("seed-real-record-%d-cut", id)] = fuzzRecord(set.Code(), rec[:len(rec)/2])
			seeds[fmt.Sprintf("seed-real-record-%d-nocode", id)] = fuzzRecord(nil, rec)
		}
	}
	return seeds
}

// TestWriteFuzzSeeds regenerates the committed FuzzDecodeRecord corpus
// (SWB_WRITE_SEEDS=1) from fuzzSeeds.
func TestWriteFuzzSeeds(t *testing.T) {
	if os.Getenv("SWB_WRITE_SEEDS") == "" {
		t.Skip("SWB_WRITE_SEEDS=1 rewrites testdata/fuzz/FuzzDecodeRecord")
	}
	swbtest.WriteFuzzCorpus(t, filepath.Join("testdata", "fuzz", "FuzzDecodeRecord"), fuzzSeeds(t))
}

// TestFuzzSeedsCurrent: the committed corpus's seed files are exactly what
// the current encoder writes (regenerate with SWB_WRITE_SEEDS=1 after a
// change to the record layout), and its whole records decode.
func TestFuzzSeedsCurrent(t *testing.T) {
	have := swbtest.ReadFuzzSeeds(t, filepath.Join("testdata", "fuzz", "FuzzDecodeRecord"))
	want := fuzzSeeds(t)
	for name, body := range have {
		if w, ok := want[name]; !ok || string(w) != string(body) {
			t.Fatalf("%s is not what the current encoder writes: regenerate with SWB_WRITE_SEEDS=1", name)
		}
		if strings.HasSuffix(name, "-cut") || strings.HasSuffix(name, "-nocode") {
			continue
		}
		dec := NewDecoder()
		var c chunk.Chunk
		if err := dec.DecodeRecord(splitFuzzRecord(dec, body), &c); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	if len(have) != len(want) {
		t.Fatalf("%d seed files, the encoder writes %d: regenerate with SWB_WRITE_SEEDS=1", len(have), len(want))
	}
}
