// Package source owns where a shard's world comes from: UO client files in a
// data directory, or the generated default world written out as client files.
// Either way the world is read from files on disk, so the fingerprint that
// guards .swb caches is always over real files and never over in-memory
// tables the server patches at run time.
//
// It does not own the file formats (world/uo) or the generator (world/gen).
package source

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"shardcore/world"
	"shardcore/world/gen"
	"shardcore/world/uo"
)

// Spec says which world to load.
type Spec struct {
	// DataDir is a folder of client files; "" means the generated default world.
	DataDir string
	MapID   world.MapID
	// Seed configures the default world. Width and Height size the default
	// world, and for client files override the size inferred from the map
	// file (0 = infer), as a non-standard map needs.
	Seed          int64
	Width, Height int
	// FilesDir is where the default world's client files are written; "" is
	// a folder under the system temp dir named after seed and size.
	FilesDir string
}

// World is a loaded facet with the files it was read from.
type World struct {
	Map         *world.Map
	Tiles       *world.TileData
	Multis      []*world.MultiDef
	Landmarks   *gen.Landmarks // nil for client data
	Files       uo.MapFiles
	Fingerprint uint64
	Generated   bool
}

// Load reads the world spec names and fingerprints its files.
func Load(ctx context.Context, spec Spec) (*World, error) {
	if spec.DataDir == "" {
		return loadDefault(ctx, spec)
	}
	files, err := uo.Files(spec.DataDir, spec.MapID)
	if err != nil {
		return nil, err
	}
	fp, err := uo.Fingerprint(files)
	if err != nil {
		return nil, fmt.Errorf("source: fingerprint of %s: %w", spec.DataDir, err)
	}
	td, err := uo.ReadTileData(files.TileData)
	if err != nil {
		return nil, err
	}
	m, err := files.ReadMap(spec.MapID, spec.Width, spec.Height)
	if err != nil {
		return nil, err
	}
	out := &World{Map: m, Tiles: td, Files: files, Fingerprint: fp}
	if defs, err := uo.OpenMultis(spec.DataDir); err == nil {
		out.Multis = defs
	}
	return out, nil
}

func loadDefault(ctx context.Context, spec Spec) (*World, error) {
	opts := gen.DefaultOptions()
	if spec.Seed != 0 {
		opts.Seed = spec.Seed
	}
	if spec.Width > 0 && spec.Height > 0 {
		opts.Width, opts.Height = spec.Width, spec.Height
	}
	w, err := gen.Generate(ctx, opts)
	if err != nil {
		return nil, err
	}
	dir := spec.FilesDir
	if dir == "" {
		dir = filepath.Join(os.TempDir(), fmt.Sprintf("shardcore-defaultworld-%d-%dx%d", opts.Seed, opts.Width, opts.Height))
	}
	// Always rewrite: the files must be exactly the world in memory, or the
	// fingerprint would vouch for a cache of some other world.
	if err := gen.WriteFiles(dir, w); err != nil {
		return nil, fmt.Errorf("source: writing the default world to %s: %w", dir, err)
	}
	files, err := uo.Files(dir, w.Map.ID)
	if err != nil {
		return nil, err
	}
	fp, err := uo.Fingerprint(files)
	if err != nil {
		return nil, fmt.Errorf("source: fingerprint of %s: %w", dir, err)
	}
	lm := w.Landmarks
	return &World{Map: w.Map, Tiles: w.Tiles, Multis: w.Multis, Landmarks: &lm,
		Files: files, Fingerprint: fp, Generated: true}, nil
}
