package main

import (
	"flag"
	"fmt"
	"slices"

	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/uo"
)

// flagSet reports whether the command line gave flag name.
func flagSet(f *cmdFlags, name string) bool {
	set := false
	f.Visit(func(fl *flag.Flag) { set = set || fl.Name == name })
	return set
}

// folderMaps returns the maps a command run on --world dir works on: id
// when --map was given (given) or the world is the generated default;
// else every map the folder's manifest lists (a folder shard gen-world
// wrote), or map 0 of a client folder, which has no manifest.
func folderMaps(dir string, id world.MapID, given bool) ([]world.MapID, error) {
	if given || dir == "default" {
		return []world.MapID{id}, nil
	}
	man, found, err := uo.ReadManifest(dir)
	if err != nil {
		return nil, err
	}
	if !found || len(man.Maps) == 0 {
		return []world.MapID{id}, nil
	}
	return man.IDs(), nil
}

// folderMap is the one map a command run on --world dir works on: id when
// --map was given or dir is "default"; else the folder's map when its
// manifest lists one, map id when the manifest lists it among others, and
// an error naming the folder's maps when it does not.
func folderMap(dir string, id world.MapID, given bool) (world.MapID, error) {
	ids, err := folderMaps(dir, id, given)
	switch {
	case err != nil:
		return 0, err
	case len(ids) == 1:
		return ids[0], nil
	case slices.Contains(ids, id):
		return id, nil
	}
	return 0, fmt.Errorf("%s holds maps %v, not map %d: give --map N", dir, ids, id)
}
