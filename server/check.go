package server

import (
	"errors"
	"fmt"
	"os"

	"github.com/shardcore/shardcore/config"
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/source"
)

// CheckWorld reports, without loading them, what would stop the maps of
// world.maps from loading: for a data directory, what source.CheckMap
// finds of each. A generated world's maps are checked by config.Validate
// (the default profile has map 0 only, britannia maps 0..5). `shard config
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
		if err := source.CheckMap(dir, world.MapID(n)); err != nil {
			errs = append(errs, fmt.Errorf("world.maps: map %d: %w", n, err))
		}
	}
	return errors.Join(errs...)
}
