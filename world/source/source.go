// Package source owns where a shard's world comes from: UO client files in a
// data directory (a client's, or a folder a generator wrote), or a generated
// world (a profile: default or britannia) written out as client files.
// Either way the world is read from files on disk, so the fingerprint that
// guards .swb caches is always over real files and never over in-memory
// tables the server patches at run time.
//
// It does not own the file formats (world/uo) or the generators (world/gen,
// world/gen/britannia).
package source

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/shardcore/shardcore/internal/safefile"
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/gen"
	"github.com/shardcore/shardcore/world/gen/britannia"
	"github.com/shardcore/shardcore/world/uo"
)

// Spec says which world to load.
type Spec struct {
	// DataDir is a folder of client files; "" means a generated world.
	DataDir string
	MapID   world.MapID
	// Profile is the generated world: gen.ProfileDefault ("" too) or
	// gen.ProfileBritannia.
	Profile string
	// Seed configures the generator. Width and Height size the generated
	// map (0 = the profile's size), and for client files override the size
	// the folder's manifest or the facet gives.
	Seed          int64
	Width, Height int
	// FilesDir is where a generated world's client files are written; "" is
	// a folder named after profile, seed and size under the user's cache
	// dir (os.UserCacheDir()/shardcore, private to the user), or, without
	// one, a new private temporary directory. Loads of one folder, by this
	// process or others, take turns (a lock file in it).
	FilesDir string
}

// World is a loaded facet with the files it was read from.
type World struct {
	Map         *world.Map
	Tiles       *world.TileData
	Multis      []*world.MultiDef
	Landmarks   *gen.Landmarks      // the default profile's, else nil
	Features    *britannia.Features // the britannia profile's (a folder it wrote: its features file, when present), else nil
	Files       uo.MapFiles
	Fingerprint uint64
	Generated   bool
}

// Load reads the world spec names and fingerprints its files.
func Load(ctx context.Context, spec Spec) (*World, error) {
	switch {
	case spec.DataDir != "":
		return loadDir(spec)
	case spec.Profile == "" || spec.Profile == gen.ProfileDefault:
		return loadDefault(ctx, spec)
	case spec.Profile == gen.ProfileBritannia:
		return loadBritannia(ctx, spec)
	}
	return nil, fmt.Errorf("source: unknown world profile %q (want %q or %q)", spec.Profile, gen.ProfileDefault, gen.ProfileBritannia)
}

// loadDir reads map spec.MapID from a folder of client files, with the
// houses its manifest places on it (a folder a generator wrote).
func loadDir(spec Spec) (*World, error) {
	files, err := uo.Files(spec.DataDir, spec.MapID)
	if err != nil {
		return nil, err
	}
	// Refuse special and oversized files before hashing a byte of them.
	if err := files.Check(spec.MapID, spec.Width, spec.Height); err != nil {
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
	man, found, err := uo.ReadManifest(spec.DataDir)
	if err != nil {
		return nil, err
	}
	houses := man.HousesOn(spec.MapID)
	defs, err := uo.OpenMultis(spec.DataDir)
	switch {
	case err != nil && len(houses) > 0:
		return nil, fmt.Errorf("source: %s places %d houses on map %d: %w", uo.ManifestName, len(houses), spec.MapID, err)
	case err == nil:
		out.Multis = defs
	}
	if found {
		if err := placeHouses(m, defs, houses); err != nil {
			return nil, fmt.Errorf("source: %s in %s: %w", uo.ManifestName, spec.DataDir, err)
		}
	}
	if found && man.Profile == gen.ProfileBritannia {
		if out.Features, _, err = britannia.ReadFeatures(spec.DataDir, spec.MapID, m.Width, m.Height); err != nil {
			return nil, fmt.Errorf("source: %w", err)
		}
	}
	return out, nil
}

// placeHouses puts the houses on m.
func placeHouses(m *world.Map, defs []*world.MultiDef, houses []uo.ManifestHouse) error {
	for _, h := range houses {
		if h.Def < 0 || h.Def >= len(defs) || defs[h.Def] == nil {
			return fmt.Errorf("house at (%d,%d) on map %d: multi %d is not in multi.idx", h.X, h.Y, h.Map, h.Def)
		}
		if err := m.AddMulti(world.NewMulti(defs[h.Def], h.X, h.Y, h.Z)); err != nil {
			return fmt.Errorf("house on map %d: %w", h.Map, err)
		}
	}
	return nil
}

// loadDefault generates the default world and writes it as client files.
func loadDefault(ctx context.Context, spec Spec) (*World, error) {
	if spec.MapID != world.Felucca {
		return nil, fmt.Errorf("source: the default world has only map 0, not map %d", spec.MapID)
	}
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
	dir, err := filesDir(spec.FilesDir, fmt.Sprintf("defaultworld-%d-%dx%d", opts.Seed, opts.Width, opts.Height))
	if err != nil {
		return nil, err
	}
	// Always rewrite: the files must be exactly the world in memory, or the
	// fingerprint would vouch for a cache of some other world.
	out, err := writeLocked(ctx, dir, w.Map, w.Tiles, w.Multis, func() error {
		if err := gen.WriteFiles(dir, w); err != nil {
			return fmt.Errorf("source: writing the default world to %s: %w", dir, err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	lm := w.Landmarks
	out.Landmarks = &lm
	return out, nil
}

// loadBritannia generates one facet of the britannia profile and writes it
// (with the shared files, and the folder's manifest updated) as client files.
func loadBritannia(ctx context.Context, spec Spec) (*World, error) {
	o := britannia.Options{Seed: spec.Seed, Map: spec.MapID, Width: spec.Width, Height: spec.Height}
	w, err := britannia.Generate(ctx, o)
	if err != nil {
		return nil, err
	}
	name := fmt.Sprintf("britannia-%d", w.Options.Seed)
	if spec.Width > 0 {
		name += fmt.Sprintf("-%dx%d", spec.Width, spec.Height)
	}
	dir, err := filesDir(spec.FilesDir, name)
	if err != nil {
		return nil, err
	}
	out, err := writeLocked(ctx, dir, w.Map, w.Tiles, w.Multis, func() error {
		f, err := britannia.NewFolder(dir, w.Options.Seed)
		if err == nil {
			err = f.Add(w)
		}
		if err == nil {
			err = f.Close()
		}
		if err != nil {
			return fmt.Errorf("source: writing britannia map %d to %s: %w", spec.MapID, dir, err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	out.Features = &w.Features
	return out, nil
}

// LockName is the lock file in a generated world's folder: a load writes
// and fingerprints the folder's files while it holds it.
const LockName = ".shardcore-world.lock"

// filesDir is the folder a generated world is written to: dir, or name
// under the user's cache dir (made private to the user), or a new private
// temporary directory. It exists on return.
func filesDir(dir, name string) (string, error) {
	perm := os.FileMode(0o755)
	if dir == "" {
		if base, err := os.UserCacheDir(); err == nil {
			dir, perm = filepath.Join(base, "shardcore", name), 0o700
		}
	}
	if dir == "" {
		tmp, err := os.MkdirTemp("", "shardcore-"+name+"-")
		if err != nil {
			return "", fmt.Errorf("source: a folder for the generated world: %w", err)
		}
		return tmp, nil
	}
	if err := os.MkdirAll(dir, perm); err != nil {
		return "", fmt.Errorf("source: a folder for the generated world: %w", err)
	}
	return dir, nil
}

// writeLocked writes a generated world's files into dir (write) and
// fingerprints them while holding dir's lock file, so that loads of one
// folder by several shards take turns: none hashes a file another is
// replacing.
func writeLocked(ctx context.Context, dir string, m *world.Map, td *world.TileData, defs []*world.MultiDef, write func() error) (*World, error) {
	lock, err := safefile.Acquire(ctx, filepath.Join(dir, LockName), nil)
	if err != nil {
		return nil, fmt.Errorf("source: %w", err)
	}
	defer lock.Release()
	if err := write(); err != nil {
		return nil, err
	}
	return fingerprinted(dir, m, td, defs)
}

// fingerprinted is a generated world written to dir, with its files'
// fingerprint.
func fingerprinted(dir string, m *world.Map, td *world.TileData, defs []*world.MultiDef) (*World, error) {
	files, err := uo.Files(dir, m.ID)
	if err != nil {
		return nil, err
	}
	fp, err := uo.Fingerprint(files)
	if err != nil {
		return nil, fmt.Errorf("source: fingerprint of %s: %w", dir, err)
	}
	return &World{Map: m, Tiles: td, Multis: defs, Files: files, Fingerprint: fp, Generated: true}, nil
}
