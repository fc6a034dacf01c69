package britannia

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/shardcore/shardcore/world/uo"
)

// Folder writes generated facets into a directory as a client folder:
// tiledata.mul and the multi files once, each map's mul files as it is
// added, and on Close the manifest (uo.ManifestName) with every map's size
// and houses, so the folder loads as a data directory.
type Folder struct {
	dir string
	man uo.Manifest
}

// NewFolder creates dir (if missing) and writes the shared files:
// tiledata.mul (the profile's palette) and multi.idx/multi.mul. The maps of
// a manifest already in dir from the same profile and seed stay listed
// unless added again, so a folder can be filled one map at a time.
func NewFolder(dir string, seed int64) (*Folder, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("britannia: write folder: %w", err)
	}
	if err := uo.WriteTileDataFile(filepath.Join(dir, uo.FileTileData), NewTiles()); err != nil {
		return nil, fmt.Errorf("britannia: write tiledata to %s: %w", dir, err)
	}
	if err := uo.WriteMultis(filepath.Join(dir, uo.FileMultiIdx), filepath.Join(dir, uo.FileMultiMul), houseDefs(), false); err != nil {
		return nil, fmt.Errorf("britannia: write multis to %s: %w", dir, err)
	}
	f := &Folder{dir: dir, man: uo.Manifest{Profile: "britannia", Seed: seed}}
	if old, found, err := uo.ReadManifest(dir); err == nil && found && old.Profile == f.man.Profile && old.Seed == seed {
		f.man = old
	}
	return f, nil
}

// Add writes w's map files (map{N}.mul, staidx{N}.mul, statics{N}.mul) and
// its features file (FeaturesFileName), and records its size and houses for
// the manifest.
func (f *Folder) Add(w *World) error {
	if err := uo.WriteMapFiles(f.dir, w.Map); err != nil {
		return fmt.Errorf("britannia: write map %d to %s: %w", w.Map.ID, f.dir, err)
	}
	if err := WriteFeatures(f.dir, w.Map.ID, w.Features); err != nil {
		return err
	}
	id := w.Map.ID
	f.man.Maps = slices.DeleteFunc(f.man.Maps, func(m uo.ManifestMap) bool { return m.ID == id })
	f.man.Houses = slices.DeleteFunc(f.man.Houses, func(h uo.ManifestHouse) bool { return h.Map == id })
	f.man.Maps = append(f.man.Maps, uo.ManifestMap{ID: w.Map.ID, Width: w.Map.Width, Height: w.Map.Height})
	for _, h := range w.Houses {
		f.man.Houses = append(f.man.Houses, uo.ManifestHouse{Map: w.Map.ID, Def: h.DefID, X: h.X, Y: h.Y, Z: h.Z})
	}
	return nil
}

// Close writes the manifest (maps in id order).
func (f *Folder) Close() error {
	slices.SortStableFunc(f.man.Maps, func(a, b uo.ManifestMap) int { return int(a.ID) - int(b.ID) })
	if err := uo.WriteManifest(f.dir, f.man); err != nil {
		return fmt.Errorf("britannia: %w", err)
	}
	return nil
}
