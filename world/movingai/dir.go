package movingai

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"

	"github.com/shardcore/shardcore/internal/safefile"
)

// ScenFile is one parsed .scen file.
type ScenFile struct {
	Path      string // as found under the directory
	Scenarios []Scenario
}

// findFiles lists the files under dir (recursively) whose names end in ext,
// sorted by path.
func findFiles(dir, ext string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(strings.ToLower(d.Name()), ext) {
			out = append(out, p)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("movingai: listing %s: %w", dir, err)
	}
	sort.Strings(out)
	return out, nil
}

// LoadMaps parses every .map file under dir (recursively), keyed by file
// name (the key scenarios resolve their map by). Two maps of one name are an
// error.
func LoadMaps(dir string) (map[string]*Grid, error) {
	paths, err := findFiles(dir, ".map")
	if err != nil {
		return nil, err
	}
	grids := make(map[string]*Grid, len(paths))
	where := make(map[string]string, len(paths))
	for _, p := range paths {
		name := filepath.Base(p)
		if prev, dup := where[name]; dup {
			return nil, fmt.Errorf("movingai: map name %s is both %s and %s", name, prev, p)
		}
		g, err := loadMap(p, name)
		if err != nil {
			return nil, err
		}
		grids[name], where[name] = g, p
	}
	return grids, nil
}

// maxFileBytes is the largest .map or .scen file read (the benchmark's
// largest map, 1024×1024 cells, is about a megabyte): checked, with the
// file being a regular one, before it is read.
const maxFileBytes = 256 << 20

func loadMap(p, name string) (*Grid, error) {
	f, _, err := safefile.Open(p, maxFileBytes)
	if err != nil {
		return nil, fmt.Errorf("movingai: %w", err)
	}
	defer f.Close()
	return ParseMap(f, name)
}

// LoadScens parses every .scen file under dir (recursively), sorted by path.
func LoadScens(dir string) ([]ScenFile, error) {
	paths, err := findFiles(dir, ".scen")
	if err != nil {
		return nil, err
	}
	out := make([]ScenFile, 0, len(paths))
	for _, p := range paths {
		f, _, err := safefile.Open(p, maxFileBytes)
		if err != nil {
			return nil, fmt.Errorf("movingai: %w", err)
		}
		s, err := ParseScen(f, p)
		f.Close()
		if err != nil {
			return nil, err
		}
		out = append(out, ScenFile{Path: p, Scenarios: s})
	}
	return out, nil
}
