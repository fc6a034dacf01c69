package britannia

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/shardcore/shardcore/internal/safefile"
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/gen"
)

// FeaturesFileName is the name of map id's features file in a folder Folder
// wrote: the named places a population is spread over and the door items
// an ECS places on the doorways (server data, like the manifest's houses:
// a client folder has none).
func FeaturesFileName(id world.MapID) string { return fmt.Sprintf("shardcore-features%d.json", id) }

// maxFeaturesBytes bounds a features file read (map 0's is about 100 KB).
const maxFeaturesBytes = 64 << 20

// WriteFeatures writes f as map id's features file in dir.
func WriteFeatures(dir string, id world.MapID, f Features) error {
	b, err := json.Marshal(f)
	if err != nil {
		return fmt.Errorf("britannia: features of map %d: %w", id, err)
	}
	path := filepath.Join(dir, FeaturesFileName(id))
	err = safefile.WriteFile(path, func(w *bufio.Writer) error {
		_, err := w.Write(append(b, '\n'))
		return err
	})
	if err != nil {
		return fmt.Errorf("britannia: write features: %w", err)
	}
	return nil
}

// ReadFeatures reads map id's features file from dir and checks it against
// the map's size (ParseFeatures); found is false, with no error, when dir
// has none.
func ReadFeatures(dir string, id world.MapID, width, height int) (f *Features, found bool, err error) {
	path := filepath.Join(dir, FeaturesFileName(id))
	data, err := safefile.ReadFile(path, maxFeaturesBytes)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("britannia: read features: %w", err)
	}
	got, err := ParseFeatures(data, width, height)
	if err != nil {
		return nil, false, fmt.Errorf("britannia: features %s: %w", path, err)
	}
	return &got, true, nil
}

// ParseFeatures decodes a features file (JSON, unknown fields refused) of a
// width×height map: every spot and door must lie on the map, every Z in
// -128..127, every town's and dungeon's bounds on the map and ordered.
func ParseFeatures(data []byte, width, height int) (Features, error) {
	var f Features
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return Features{}, fmt.Errorf("decode: %w", err)
	}
	if dec.More() {
		return Features{}, errors.New("decode: data after the features object")
	}
	if err := f.check(width, height); err != nil {
		return Features{}, err
	}
	return f, nil
}

// check reports the first feature off a width×height map.
func (f *Features) check(width, height int) error {
	on := func(x, y int) bool { return x >= 0 && y >= 0 && x < width && y < height }
	spot := func(what string, i int, s gen.Spot) error {
		if !on(s.X, s.Y) || s.Z < -128 || s.Z > 127 {
			return fmt.Errorf("%s %d (%d,%d,%d) is off the %dx%d map or its Z outside -128..127", what, i, s.X, s.Y, s.Z, width, height)
		}
		return nil
	}
	bounds := func(what string, i, x0, y0, x1, y1 int) error {
		if !on(x0, y0) || !on(x1, y1) || x0 > x1 || y0 > y1 {
			return fmt.Errorf("%s %d bounds (%d,%d)-(%d,%d) are off the %dx%d map or out of order", what, i, x0, y0, x1, y1, width, height)
		}
		return nil
	}
	var errs []error
	for i, t := range f.Towns {
		errs = append(errs, bounds("town", i, t.X0, t.Y0, t.X1, t.Y1), spot("town street", i, t.Street))
	}
	for i, d := range f.Dungeons {
		errs = append(errs, bounds("dungeon", i, d.X0, d.Y0, d.X1, d.Y1), spot("dungeon entrance", i, d.Entrance))
		if d.Ramp != [2]gen.Spot{} {
			errs = append(errs, spot("dungeon ramp bottom", i, d.Ramp[0]), spot("dungeon ramp top", i, d.Ramp[1]))
		}
	}
	for i, d := range f.DoorSpecs {
		if !on(d.At.X, d.At.Y) {
			errs = append(errs, fmt.Errorf("door %d (%d,%d) is off the %dx%d map", i, d.At.X, d.At.Y, width, height))
		}
	}
	for _, l := range []struct {
		what  string
		spots []gen.Spot
	}{{"bridge", f.Bridges}, {"dock", f.Docks}, {"shore spot", f.Shore}, {"forest spot", f.Forests}} {
		for i, s := range l.spots {
			errs = append(errs, spot(l.what, i, s))
		}
	}
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
