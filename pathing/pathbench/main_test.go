package pathbench_test

import (
	"fmt"
	"os"
	"testing"
)

// tempDir holds the tests' shared .swb files; TestMain removes it.
var tempDir string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "pathbench-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	tempDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
