// Package repo locates the module root and the test data kept in it
// (testdata/), for tests and tools run from any package directory (`shard
// bench` finds the Moving AI subset through it). It owns nothing else; the
// running shard does not use it.
package repo

import (
	"errors"
	"os"
	"path/filepath"
)

// Root returns the nearest directory at or above the working directory that
// holds go.mod.
func Root() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", errors.New("repo: no go.mod above the working directory")
		}
		dir = up
	}
}

// MovingAIDir returns the repository's copy of the Moving AI benchmark
// subset (testdata/movingai: nine maps with their scenarios, PROVENANCE.md
// says where they come from), which a fresh clone carries.
func MovingAIDir() (string, error) {
	root, err := Root()
	if err != nil {
		return "", err
	}
	return filepath.Join(root, "testdata", "movingai"), nil
}

// ExtraMovingAIEnv names the environment variable that points at a larger
// Moving AI set (a folder with maps/ and scenarios/ laid out as
// testdata/movingai is); tests over it are skipped when it is unset.
const ExtraMovingAIEnv = "SHARDCORE_MOVINGAI_DIR"

// ExtraMovingAIDir returns the folder ExtraMovingAIEnv names, or "" when it
// is unset.
func ExtraMovingAIDir() string { return os.Getenv(ExtraMovingAIEnv) }
