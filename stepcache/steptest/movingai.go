package steptest

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shardcore/shardcore/testkit/repo"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/world/movingai"
)

// LoadMovingAI reads a Moving AI .map through world/movingai (passable
// terrain is plain land, trees and out-of-bounds impassable land, water
// Wet|Impassable land, padded with impassable land to 16-cell multiples).
func LoadMovingAI(path string) (*movement.Rules, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	g, err := movingai.ParseMap(f, filepath.Base(path))
	if err != nil {
		return nil, err
	}
	m, td, err := g.World()
	if err != nil {
		return nil, err
	}
	return movement.NewRules(m, td, nil), nil
}

// MovingAIMaps lists the .map files of testdata/movingai/maps relative
// to the module root; it skips the test when the data is absent.
func MovingAIMaps(tb testing.TB) []string {
	tb.Helper()
	data, err := repo.MovingAIDir()
	if err != nil {
		tb.Skip(err)
	}
	root := filepath.Join(data, "maps")
	var maps []string
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".map") {
			maps = append(maps, p)
		}
		return nil
	})
	if err != nil || len(maps) == 0 {
		tb.Skipf("no Moving AI maps under %s: %v", root, err)
	}
	return maps
}
