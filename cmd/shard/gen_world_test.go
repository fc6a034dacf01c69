package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shardcore/shardcore/world/gen"
)

func TestGenWorldWritesFiles(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	if err := cmdGenWorld(context.Background(), []string{"--out", dir, "--seed", "3", "--size", "512x512"}, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	for _, name := range gen.Files() {
		if st, err := os.Stat(filepath.Join(dir, name)); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestGenWorldBadArgs(t *testing.T) {
	cases := map[string][]string{
		"outside":  {"--out", t.TempDir(), "--size", "100x7"},
		"8":        {"--out", t.TempDir(), "--size", "1004x1024"},
		"required": {"--size", "512x512"},
		"WIDTH":    {"--out", t.TempDir(), "--size", "big"},
	}
	for want, args := range cases {
		err := cmdGenWorld(context.Background(), args, io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("gen-world %q: error %v, want one mentioning %q", args, err, want)
		}
	}
}
