package uo

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/shardcore/shardcore/world"
)

func TestManifestRoundTrip(t *testing.T) {
	dir := t.TempDir()
	m := Manifest{Profile: "britannia", Seed: -3, Maps: []ManifestMap{{0, 7168, 4096}, {4, 1448, 1448}},
		Houses: []ManifestHouse{{0, 1, 100, 200, 0}, {4, 3, 7, 9, -2}}}
	if err := WriteManifest(dir, m); err != nil {
		t.Fatal(err)
	}
	got, found, err := ReadManifest(dir)
	if err != nil || !found || !reflect.DeepEqual(got, m) {
		t.Fatalf("read back %+v %v %v", got, found, err)
	}
	if w, h, ok := got.Size(world.Tokuno); !ok || w != 1448 || h != 1448 {
		t.Fatalf("Size(4) = %d %d %v", w, h, ok)
	}
	if h := got.HousesOn(world.Tokuno); len(h) != 1 || h[0].Def != 3 {
		t.Fatalf("HousesOn(4) = %v", h)
	}
	if _, _, ok := got.Size(world.Malas); ok {
		t.Fatal("Size of an unlisted map")
	}
	if _, found, err := ReadManifest(t.TempDir()); found || err != nil {
		t.Fatalf("empty folder: found %v, %v", found, err)
	}
}

func TestManifestBad(t *testing.T) {
	for text, want := range map[string]string{
		"seed 1\nmap 0 64x64\n":                           "no profile",
		"profile x\n":                                     "no map lines",
		"profile x\nmap 0 64x64\nmap 0 64x64\n":           "listed twice",
		"profile x\nmap 0 60x64\n":                        "multiple of 8",
		"profile x\nmap 0 64by64\n":                       "line 2",
		"profile x\nprofile y\nmap 0 64x64\n":             "given twice",
		"profile x\nsize 64x64\n":                         "line 2",
		"profile x\nmap 300 64x64\n":                      "map id",
		"profile x\nmap 0 64x64\nhouse 0 1 2 3\n":         "line 3",
		"profile x\nmap 0 64x64\nhouse 0 1 2 3 400\n":     "out of range",
		"# comment\n\nprofile x\nseed 1e3\nmap 0 64x64\n": "seed",
	} {
		_, err := ParseManifest([]byte(text))
		wantErr(t, err, want)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "SHARDCORE-WORLD.TXT"), []byte("profile\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, err := ReadManifest(dir)
	wantErr(t, err, "SHARDCORE-WORLD.TXT", "line 1")
}
