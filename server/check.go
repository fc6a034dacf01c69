package server

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/shardcore/shardcore/config"
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/gen/britannia"
	"github.com/shardcore/shardcore/world/uo"
)

// CheckWorld reports, without loading them, what would stop the maps of
// world.maps from loading: for a data directory, a map whose files are
// missing (named), not regular files (a named pipe, a directory) or of
// sizes its reader refuses (tiledata.mul of no layout's size, a land file
// whose length is not its size, the folder's manifest's or else the
// facet's, a cut static index, oversized statics), or whose features file
// is refused. A generated world's maps are checked by config.Validate (the
// default profile has map 0 only, britannia maps 0..5). `shard config
// check` and New both run it, so a config check refuses what run would
// refuse for maps.
func CheckWorld(cfg config.Config) error {
	dir := cfg.World.DataDir
	if dir == "" {
		return nil
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		if err == nil {
			err = errors.New("not a directory")
		}
		return fmt.Errorf("world.dataDir %s: %w", dir, err)
	}
	var errs []error
	for _, n := range cfg.World.Maps {
		if err := checkMap(dir, world.MapID(n)); err != nil {
			errs = append(errs, fmt.Errorf("world.maps: map %d: %w", n, err))
		}
	}
	return errors.Join(errs...)
}

// checkMap checks map id's files in dir (see CheckWorld).
func checkMap(dir string, id world.MapID) error {
	files, err := uo.Files(dir, id)
	if err != nil {
		return err
	}
	if err := files.Check(id, 0, 0); err != nil {
		return err
	}
	width, height := files.Width, files.Height
	if files.UOP == "" && width == 0 { // a .uop's length says nothing of its map's: it is read at load
		fi, err := os.Stat(files.Map)
		if err != nil {
			return err
		}
		if width, height, err = uo.MapSize(id, fi.Size()); err != nil {
			return fmt.Errorf("%s: %w", filepath.Base(files.Map), err)
		}
	}
	if width > 0 {
		if _, _, err := britannia.ReadFeatures(dir, id, width, height); err != nil {
			return err
		}
	}
	return nil
}
