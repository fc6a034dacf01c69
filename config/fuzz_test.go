package config

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"
)

// FuzzDecode checks Decode never panics, that every failure is made of
// *Error values with a message and a line inside the text, and that every
// success is a valid Config that Write reproduces exactly.
func FuzzDecode(f *testing.F) {
	for _, seed := range fuzzSeeds(f) {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg, err := Decode(data, "fuzz.toml")
		if err != nil {
			checkFailure(t, data, err)
			return
		}
		if verr := cfg.Validate(); verr != nil {
			t.Fatalf("Decode accepted an invalid config: %v", verr)
		}
		var out bytes.Buffer
		if werr := Write(&out, cfg); werr != nil {
			t.Fatal(werr)
		}
		again, err := Decode(out.Bytes(), "again.toml")
		if err != nil {
			t.Fatalf("Write output does not decode: %v\n%s", err, out.String())
		}
		if !reflect.DeepEqual(again, cfg) {
			t.Fatalf("Write/Decode changed the config:\n%+v\n%+v", cfg, again)
		}
	})
}

// maxFuzzSeed bounds a seed's bytes: minimising an input the fuzzer finds
// interesting takes up to one execution per pair of its bytes, so a 3 KB
// seed (the commented default file) stalled the fuzzer for most of a run.
const maxFuzzSeed = 1 << 10

// fuzzSeeds are FuzzDecode's seeds: the default file's keys and values
// without its comments, comments on their own, and small damaged files.
func fuzzSeeds(tb testing.TB) [][]byte {
	var b bytes.Buffer
	if err := WriteDefault(&b); err != nil {
		tb.Fatal(err)
	}
	var keys bytes.Buffer
	for _, l := range strings.Split(b.String(), "\n") {
		if t := strings.TrimSpace(l); t != "" && !strings.HasPrefix(t, "#") {
			keys.WriteString(l + "\n")
		}
	}
	return [][]byte{
		keys.Bytes(),
		[]byte("# the shard\n[log] # logging\nlevel = \"warn\" # less\n\n# end\n"),
		[]byte("[world]\nmaps = [0, 1]\nsize = \"64x64\"\n[pathfinding]\nprebakeMaps = [1]\n"),
		[]byte("[pathfinding]\nmaxResidentChunk = 1\n"),
		[]byte("shard = { tickMs = 8, population = { pets = 1 } }\n"),
		[]byte("[world]\nseed = \"x\"\n"),
		[]byte("[log\nlevel = 'info'\n"),
		[]byte("a.\"b.c\".d = '''\nx = 1\n'''\n"),
	}
}

// TestFuzzSeedsSmall keeps FuzzDecode's seeds small enough to minimise.
func TestFuzzSeedsSmall(t *testing.T) {
	for i, s := range fuzzSeeds(t) {
		if len(s) > maxFuzzSeed {
			t.Errorf("seed %d: %d bytes, want at most %d", i, len(s), maxFuzzSeed)
		}
	}
}

func checkFailure(t *testing.T, data []byte, err error) {
	t.Helper()
	var es Errors
	if !errors.As(err, &es) {
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("error %T is not a *config.Error: %v", err, err)
		}
		es = Errors{e}
	}
	if len(es) == 0 {
		t.Fatal("empty Errors")
	}
	lines := strings.Count(string(data), "\n") + 1
	for _, e := range es {
		if e.Msg == "" || e.Kind == 0 || e.File != "fuzz.toml" {
			t.Fatalf("incomplete error %+v", e)
		}
		if e.Line < 0 || e.Line > lines {
			t.Fatalf("line %d outside the %d-line text: %v", e.Line, lines, e)
		}
	}
}
