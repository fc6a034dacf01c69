package gen

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/shardcore/shardcore/world/uo"
)

// Names of the files WriteFiles writes, as the UO client names them.
const (
	FileTileData = uo.FileTileData
	FileMap      = "map0.mul"
	FileStaIdx   = "staidx0.mul"
	FileStatics  = "statics0.mul"
	FileMultiIdx = uo.FileMultiIdx
	FileMultiMul = uo.FileMultiMul
)

// Files lists the files WriteFiles writes.
func Files() []string {
	return []string{FileTileData, FileMap, FileStaIdx, FileStatics, FileMultiIdx, FileMultiMul, uo.ManifestName}
}

// WriteFiles writes w into dir (created if missing) in the UO client
// formats, each file through a temporary renamed into place: tiledata.mul, map0.mul, staidx0.mul, statics0.mul, multi.idx and
// multi.mul (12-byte multi components), and the manifest (uo.ManifestName)
// that records the profile, seed and map size, so dir loads as a data
// directory at any size.
func WriteFiles(dir string, w *World) error {
	if w == nil || w.Map == nil || w.Tiles == nil {
		return errors.New("gen: write files: incomplete world")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("gen: write files: %w", err)
	}
	if err := uo.WriteTileDataFile(filepath.Join(dir, FileTileData), w.Tiles); err != nil {
		return fmt.Errorf("gen: write tiledata to %s: %w", dir, err)
	}
	if err := uo.WriteMapFiles(dir, w.Map); err != nil {
		return fmt.Errorf("gen: write map files to %s: %w", dir, err)
	}
	if err := uo.WriteMultis(filepath.Join(dir, FileMultiIdx), filepath.Join(dir, FileMultiMul), w.Multis, false); err != nil {
		return fmt.Errorf("gen: write multis to %s: %w", dir, err)
	}
	man := uo.Manifest{Profile: ProfileDefault, Seed: w.Options.Seed,
		Maps: []uo.ManifestMap{{ID: w.Map.ID, Width: w.Map.Width, Height: w.Map.Height}}}
	for _, h := range w.Landmarks.Houses {
		man.Houses = append(man.Houses, uo.ManifestHouse{Map: w.Map.ID, Def: h.DefID, X: h.X, Y: h.Y, Z: h.Z})
	}
	if err := uo.WriteManifest(dir, man); err != nil {
		return fmt.Errorf("gen: write files to %s: %w", dir, err)
	}
	return nil
}
