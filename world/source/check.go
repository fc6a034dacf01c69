package source

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/gen/britannia"
	"github.com/shardcore/shardcore/world/uo"
)

// CheckMap reports, without loading them, what would stop map id of the
// data directory dir from loading: files missing (named), not regular
// files (a named pipe, a directory) or of sizes their readers refuse
// (tiledata.mul of no layout's size, a land file whose length is not its
// size, the folder's manifest's or else the facet's, a cut static index,
// oversized statics), or a features file refused.
func CheckMap(dir string, id world.MapID) error {
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
