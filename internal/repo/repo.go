// Package repo locates the module root and the shared data beside it, for
// tests and tools run from any package directory. It owns nothing else.
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

// MovingAIDir returns ../shared/data/movingai beside the module root.
func MovingAIDir() (string, error) {
	root, err := Root()
	if err != nil {
		return "", err
	}
	return filepath.Join(root, "..", "shared", "data", "movingai"), nil
}
