package britannia

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/shardcore/shardcore/world"
)

// TestFeaturesFile: a folder's features file reads back as the generated
// features; a missing one is not an error; one naming a place off the map,
// with an unknown field or not JSON is refused with what is wrong.
func TestFeaturesFile(t *testing.T) {
	w := smallWorld(t, world.Ilshenar)
	dir := t.TempDir()
	if err := WriteFeatures(dir, w.Map.ID, w.Features); err != nil {
		t.Fatal(err)
	}
	got, found, err := ReadFeatures(dir, w.Map.ID, w.Map.Width, w.Map.Height)
	if err != nil || !found || !reflect.DeepEqual(*got, w.Features) {
		t.Fatalf("read back: found %v, %v, equal %v", found, err, got != nil && reflect.DeepEqual(*got, w.Features))
	}
	if len(w.Features.Towns) == 0 || len(w.Features.DoorSpecs) == 0 || len(w.Features.Dungeons) == 0 {
		t.Fatalf("small Ilshenar has %d towns, %d doors, %d dungeons", len(w.Features.Towns), len(w.Features.DoorSpecs), len(w.Features.Dungeons))
	}
	if _, found, err := ReadFeatures(dir, world.Malas, 640, 512); found || err != nil {
		t.Fatalf("no file for map 3: found %v, %v", found, err)
	}
	// The same file on a map too small for its places.
	if _, _, err := ReadFeatures(dir, w.Map.ID, 256, 256); err == nil || !strings.Contains(err.Error(), "off the 256x256 map") ||
		!strings.Contains(err.Error(), FeaturesFileName(w.Map.ID)) {
		t.Fatalf("on a smaller map: %v", err)
	}
	for _, bad := range []string{`{"Towns":[],"Dragons":1}`, `not json`, `{"Docks":[{"X":1,"Y":1,"Z":900}]}`,
		`{"Towns":[{"X0":9,"Y0":0,"X1":3,"Y1":4}]}`, `{} {}`} {
		if _, err := ParseFeatures([]byte(bad), 576, 400); err == nil {
			t.Errorf("%s: accepted", bad)
		}
	}
}

// FuzzParseFeatures: no input panics the features parser, and what it
// accepts lies on the map and writes back to the same features.
func FuzzParseFeatures(f *testing.F) {
	f.Add([]byte(`{"Towns":[{"X0":1,"Y0":2,"X1":30,"Y1":40,"Street":{"X":3,"Y":4,"Z":0},"Buildings":2,"Storeys":[0,1,1,0]}],` +
		`"DoorSpecs":[{"At":{"X":5,"Y":6},"ID":1701,"Z":5}],"Bridges":[{"X":7,"Y":8,"Z":-2}],"Dungeons":[{"X0":0,"Y0":0,"X1":9,"Y1":9,` +
		`"Entrance":{"X":1,"Y":1,"Z":-20},"Ramp":[{"X":2,"Y":2,"Z":5},{"X":2,"Y":6,"Z":20}]}]}`))
	f.Add([]byte(`{}`))
	f.Add([]byte(`{"Shore":[{"X":-1,"Y":0,"Z":0}]}`))
	f.Add([]byte(`[`))
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := ParseFeatures(data, 64, 64)
		if err != nil {
			return
		}
		if err := got.check(64, 64); err != nil {
			t.Fatalf("accepted features fail their check: %v", err)
		}
		b, err := json.Marshal(got)
		if err != nil {
			t.Fatal(err)
		}
		again, err := ParseFeatures(b, 64, 64)
		if err != nil || !reflect.DeepEqual(again, got) {
			t.Fatalf("written back: %v, equal %v", err, reflect.DeepEqual(again, got))
		}
	})
}

// TestFolderWritesFeatures: Folder.Add writes each map's features file.
func TestFolderWritesFeatures(t *testing.T) {
	dir := t.TempDir()
	f, err := NewFolder(dir, 5)
	if err != nil {
		t.Fatal(err)
	}
	w := smallWorld(t, world.Tokuno)
	if err := f.Add(w); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, FeaturesFileName(world.Tokuno))); err != nil {
		t.Fatal(err)
	}
}
