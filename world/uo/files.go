package uo

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/shardcore/shardcore/internal/safefile"
	"github.com/shardcore/shardcore/world"
)

// MapFiles are the resolved paths of one facet's client files. UOP is set,
// and Map empty, when the land comes from a map{N}LegacyMUL.uop container.
// Width and Height are the size the folder's manifest records for the map
// (a generated folder), 0 when there is none (the facet's known sizes apply).
type MapFiles struct {
	TileData, Map, Staidx, Statics, UOP string
	Width, Height                       int
}

// dirIndex maps lower-cased file names of a directory to their real names.
type dirIndex map[string]string

func indexDir(dir string) (dirIndex, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("uo: data directory: %w", err)
	}
	names := make([]string, 0, len(ents))
	for _, e := range ents {
		// Every entry, directories too: a directory named as a client
		// file is refused as one when it is opened, not reported missing.
		names = append(names, e.Name())
	}
	sort.Strings(names) // deterministic choice when names differ only by case
	ix := dirIndex{}
	for _, n := range names {
		low := strings.ToLower(n)
		if prev, ok := ix[low]; !ok || (prev != low && n == low) {
			ix[low] = n // an exact lower-case name wins over other casings
		}
	}
	return ix, nil
}

// find returns the real path of name in dir, matched case-insensitively.
func (ix dirIndex) find(dir, name string) (string, bool) {
	n, ok := ix[strings.ToLower(name)]
	if !ok {
		return "", false
	}
	return filepath.Join(dir, n), true
}

// Files resolves facet id's client files in dir, matching names
// case-insensitively (Map0.mul, TILEDATA.MUL, ...). When both the .uop
// container and map{N}.mul exist the .uop is used, as ModernUO does. A
// missing file is an error naming every missing file and the directory.
// When dir holds a manifest (a folder a generator wrote) that lists the map,
// its size is the manifest's.
func Files(dir string, id world.MapID) (MapFiles, error) {
	ix, err := indexDir(dir)
	if err != nil {
		return MapFiles{}, err
	}
	mapName, idxName, statName := MapFileNames(id)
	var f MapFiles
	var missing []string
	need := func(dst *string, name string) {
		if p, ok := ix.find(dir, name); ok {
			*dst = p
		} else {
			missing = append(missing, name)
		}
	}
	need(&f.TileData, FileTileData)
	if p, ok := ix.find(dir, UOPFileName(id)); ok {
		f.UOP = p
	} else if p, ok := ix.find(dir, mapName); ok {
		f.Map = p
	} else {
		missing = append(missing, UOPFileName(id)+" or "+mapName)
	}
	need(&f.Staidx, idxName)
	need(&f.Statics, statName)
	if len(missing) > 0 {
		return MapFiles{}, fmt.Errorf("uo: data directory %s lacks %s for map %d (names match case-insensitively)", dir, strings.Join(missing, ", "), id)
	}
	man, found, err := ReadManifest(dir)
	if err != nil {
		return MapFiles{}, err
	}
	if found {
		f.Width, f.Height, _ = man.Size(id)
	}
	return f, nil
}

// Check checks, without reading them, that f's files are regular files of
// the sizes facet id at width×height (0, 0: f's manifest size, else the
// facet's) takes: tiledata.mul one of its layouts' sizes, the land file
// exactly the map's (a .uop at most its land and tables), the static index
// at least a record per block and the statics at most MaxStaticsBytes. The
// readers check the same before reading; Check lets a config check, and a
// load before fingerprinting, refuse what a read would.
func (f MapFiles) Check(id world.MapID, width, height int) error {
	if width == 0 && height == 0 {
		width, height = f.Width, f.Height
	}
	fi, err := safefile.Stat(f.TileData, safefile.NoLimit)
	if err != nil {
		return fmt.Errorf("uo: %w", err)
	}
	if err := checkTileDataSize(fi.Size(), filepath.Base(f.TileData)); err != nil {
		return err
	}
	if f.UOP != "" {
		limit, err := uopLimit(id, width, height)
		if err != nil {
			return fmt.Errorf("uo: %s: %w", filepath.Base(f.UOP), err)
		}
		if _, err := safefile.Stat(f.UOP, limit); err != nil {
			return fmt.Errorf("uo: %w", err)
		}
	} else {
		fi, err := safefile.Stat(f.Map, safefile.NoLimit)
		if err != nil {
			return fmt.Errorf("uo: %w", err)
		}
		if width, height, _, err = landSize(id, filepath.Base(f.Map), fi.Size(), width, height); err != nil {
			return err
		}
	}
	if fi, err = safefile.Stat(f.Staidx, safefile.NoLimit); err != nil {
		return fmt.Errorf("uo: %w", err)
	}
	if nb := int64(width/world.BlockSize) * int64(height/world.BlockSize); width > 0 && fi.Size() < nb*staidxRecord {
		return fmt.Errorf("uo: %s: %d bytes, want %d for %d blocks: truncated in block %d at offset %d",
			filepath.Base(f.Staidx), fi.Size(), nb*staidxRecord, nb, fi.Size()/staidxRecord, fi.Size())
	}
	if _, err := safefile.Stat(f.Statics, MaxStaticsBytes); err != nil {
		return fmt.Errorf("uo: %w", err)
	}
	return nil
}

// Open loads facet id and the tile data from the client files in dir (the
// map from the .uop container when there is one, else from map{N}.mul), its
// size from the folder's manifest or else the facet's (see ReadMap).
func Open(dir string, id world.MapID) (*world.Map, *world.TileData, error) {
	f, err := Files(dir, id)
	if err != nil {
		return nil, nil, err
	}
	td, err := ReadTileData(f.TileData)
	if err != nil {
		return nil, nil, err
	}
	m, err := f.ReadMap(id, 0, 0)
	if err != nil {
		return nil, nil, err
	}
	return m, td, nil
}

// ReadMap reads facet id from the resolved files (the .uop when set);
// width and height as for the package-level ReadMap, where 0 takes f's
// manifest size when it has one.
func (f MapFiles) ReadMap(id world.MapID, width, height int) (*world.Map, error) {
	if width == 0 && height == 0 {
		width, height = f.Width, f.Height
	}
	if f.UOP != "" {
		return ReadMapUOP(id, f.UOP, f.Staidx, f.Statics, width, height)
	}
	return ReadMap(id, f.Map, f.Staidx, f.Statics, width, height)
}

// OpenMultis reads multi.idx and multi.mul from dir (names matched
// case-insensitively, layout detected as ReadMultis does).
func OpenMultis(dir string) ([]*world.MultiDef, error) {
	ix, err := indexDir(dir)
	if err != nil {
		return nil, err
	}
	idx, okIdx := ix.find(dir, FileMultiIdx)
	mul, okMul := ix.find(dir, FileMultiMul)
	var missing []string
	if !okIdx {
		missing = append(missing, FileMultiIdx)
	}
	if !okMul {
		missing = append(missing, FileMultiMul)
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("uo: data directory %s lacks %s (names match case-insensitively)", dir, strings.Join(missing, ", "))
	}
	return ReadMultis(idx, mul)
}
