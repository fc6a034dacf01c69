package swbtest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// WriteFuzzCorpus replaces the fuzz corpus directory dir with seeds, one
// file per entry (its name) in the go test fuzz format.
func WriteFuzzCorpus(t testing.TB, dir string, seeds map[string][]byte) {
	t.Helper()
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, b := range seeds {
		body := fmt.Sprintf("go test fuzz v1\n[]byte(%q)\n", b)
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// ReadFuzzSeeds returns the committed seed files (named seed-*) of the fuzz
// corpus directory dir, decoded, by name; inputs the fuzzer saved are left
// out.
func ReadFuzzSeeds(t testing.TB, dir string) map[string][]byte {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, e := range ents {
		name := e.Name()
		if !strings.HasPrefix(name, "seed-") {
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
		out[name] = []byte(body)
	}
	return out
}
