package swbcodec

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"shardcore/internal/swbtest"
	"shardcore/stepcache"
)

// seedChunks picks one chunk of each kind from the default world: uniform,
// full land, strata, swim.
func seedChunks(t *testing.T) []*stepcache.Chunk {
	all, _ := swbtest.DefaultWorldChunks(t)
	var uni, land, strata, swim *stepcache.Chunk
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
	return []*stepcache.Chunk{uni, land, strata, swim}
}

func firstOf(have, c *stepcache.Chunk) *stepcache.Chunk {
	if have != nil {
		return have
	}
	return c
}

// TestWriteFuzzSeeds regenerates the committed FuzzDecodeRecord corpus
// (SWB_WRITE_SEEDS=1): the records of one chunk of each kind of the default
// world with their file's code, each full one also cut short and without
// the code.
func TestWriteFuzzSeeds(t *testing.T) {
	if os.Getenv("SWB_WRITE_SEEDS") == "" {
		t.Skip("SWB_WRITE_SEEDS=1 rewrites testdata/fuzz/FuzzDecodeRecord")
	}
	dir := filepath.Join("testdata", "fuzz", "FuzzDecodeRecord")
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	set := recordSetOf(t, DefaultOptions, seedChunks(t))
	for id := range set.Records() {
		rec := set.AppendRecord(nil, id)
		writeSeed(t, dir, fmt.Sprintf("real-record-%d", id), fuzzRecord(set.Code(), rec))
		if !IsUniformRecord(rec) {
			writeSeed(t, dir, fmt.Sprintf("real-record-%d-cut", id), fuzzRecord(set.Code(), rec[:len(rec)/2]))
			writeSeed(t, dir, fmt.Sprintf("real-record-%d-nocode", id), fuzzRecord(nil, rec))
		}
	}
}

// writeSeed writes one corpus entry in the go test fuzz format.
func writeSeed(t *testing.T, dir, name string, b []byte) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	body := fmt.Sprintf("go test fuzz v1\n[]byte(%q)\n", b)
	if err := os.WriteFile(filepath.Join(dir, "seed-"+name), []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestFuzzSeedsCurrent: the committed corpus's whole records decode with
// the current codec (regenerate with SWB_WRITE_SEEDS=1 after a change to
// the record layout).
func TestFuzzSeedsCurrent(t *testing.T) {
	dir := filepath.Join("testdata", "fuzz", "FuzzDecodeRecord")
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	dec := NewDecoder()
	for _, e := range ents {
		name := e.Name()
		if strings.HasSuffix(name, "-cut") || strings.HasSuffix(name, "-nocode") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		var body string
		if _, err := fmt.Sscanf(string(b), "go test fuzz v1\n[]byte(%q)", &body); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var c stepcache.Chunk
		if err := dec.DecodeRecord(splitFuzzRecord(dec, []byte(body)), &c); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		n++
	}
	if n < 4 {
		t.Fatalf("%d whole records in the corpus, want one per chunk kind", n)
	}
}
