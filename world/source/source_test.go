package source

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/gen"
	"github.com/shardcore/shardcore/world/uo"
)

func TestDefaultWorldFingerprintIsOverFiles(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	a, err := Load(ctx, Spec{Seed: 3, Width: 512, Height: 512, FilesDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if !a.Generated || a.Fingerprint == 0 || a.Landmarks == nil {
		t.Fatalf("generated=%v fingerprint=%x landmarks=%v", a.Generated, a.Fingerprint, a.Landmarks != nil)
	}
	// Patching the in-memory table leaves the fingerprint alone.
	a.Tiles.Land[3].Flags ^= world.FlagImpassable
	b, err := Load(ctx, Spec{Seed: 3, Width: 512, Height: 512, FilesDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if a.Fingerprint != b.Fingerprint {
		t.Errorf("same seed, different fingerprints %x %x", a.Fingerprint, b.Fingerprint)
	}
	// The files load back as a client data directory with the same fingerprint.
	c, err := Load(ctx, Spec{DataDir: dir, Width: 512, Height: 512})
	if err != nil {
		t.Fatal(err)
	}
	if c.Fingerprint != a.Fingerprint || c.Map.Width != 512 || c.Generated {
		t.Errorf("client load: fingerprint %x (want %x), width %d, generated %v", c.Fingerprint, a.Fingerprint, c.Map.Width, c.Generated)
	}
	if d, err := Load(ctx, Spec{Seed: 4, Width: 512, Height: 512, FilesDir: t.TempDir()}); err != nil || d.Fingerprint == a.Fingerprint {
		t.Errorf("another seed: err %v, fingerprint %x equals %x", err, d.Fingerprint, a.Fingerprint)
	}
}

func TestMissingClientFiles(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "tiledata.mul"), []byte{1}, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(context.Background(), Spec{DataDir: dir}); err == nil {
		t.Fatal("loaded a directory without map files")
	}
}

// TestGeneratedFolderIsADataDir: a folder the generator wrote loads as a
// data directory with no size given (its manifest records it), where the
// facet's own size would refuse it.
func TestGeneratedFolderIsADataDir(t *testing.T) {
	ctx := context.Background()
	w, err := gen.Generate(ctx, gen.Options{Seed: 2, Width: 512, Height: 768})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := gen.WriteFiles(dir, w); err != nil {
		t.Fatal(err)
	}
	got, err := Load(ctx, Spec{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if got.Map.Width != 512 || got.Map.Height != 768 {
		t.Fatalf("loaded %dx%d, wrote 512x768", got.Map.Width, got.Map.Height)
	}
	// Without the manifest the folder is a client folder: map 0 must be a
	// Felucca size, and the error says which.
	if err := os.Remove(filepath.Join(dir, uo.ManifestName)); err != nil {
		t.Fatal(err)
	}
	_, err = Load(ctx, Spec{DataDir: dir})
	if err == nil || !strings.Contains(err.Error(), "map0.mul") || !strings.Contains(err.Error(), "7168x4096") {
		t.Fatalf("folder without manifest: %v", err)
	}
}

// TestBritanniaProfile loads two small facets of the britannia profile into
// one folder, then loads that folder as a data directory: the same maps,
// fingerprints and houses, and map 3's files (never written) are named as
// missing.
func TestBritanniaProfile(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	var gen0 []*World
	for _, id := range []world.MapID{world.Trammel, world.Tokuno} {
		w, err := Load(ctx, Spec{Profile: gen.ProfileBritannia, MapID: id, Seed: 3, Width: 520, Height: 392, FilesDir: dir})
		if err != nil {
			t.Fatal(err)
		}
		if w.Features == nil || w.Landmarks != nil || !w.Generated || w.Map.ID != id {
			t.Fatalf("map %d: features %v landmarks %v generated %v id %d", id, w.Features != nil, w.Landmarks != nil, w.Generated, w.Map.ID)
		}
		gen0 = append(gen0, w)
	}
	for _, g := range gen0 {
		c, err := Load(ctx, Spec{DataDir: dir, MapID: g.Map.ID})
		if err != nil {
			t.Fatal(err)
		}
		if c.Fingerprint != g.Fingerprint || c.Map.Width != 520 || c.Map.Height != 392 || len(c.Map.Multis()) != len(g.Map.Multis()) {
			t.Errorf("map %d from the folder: fingerprint %x (generated %x), %dx%d, %d houses (generated %d)", g.Map.ID,
				c.Fingerprint, g.Fingerprint, c.Map.Width, c.Map.Height, len(c.Map.Multis()), len(g.Map.Multis()))
		}
		if c.Features == nil || !reflect.DeepEqual(*c.Features, *g.Features) {
			t.Errorf("map %d from the folder: features %v, not the generated ones", g.Map.ID, c.Features != nil)
		}
	}
	if len(gen0[0].Map.Multis()) == 0 {
		t.Error("no houses on map 1")
	}
	_, err := Load(ctx, Spec{DataDir: dir, MapID: world.Malas})
	if err == nil || !strings.Contains(err.Error(), "map3.mul") || !strings.Contains(err.Error(), "staidx3.mul") {
		t.Errorf("map 3 not written: %v", err)
	}
	if _, err := Load(ctx, Spec{Profile: "brit"}); err == nil || !strings.Contains(err.Error(), "brit") {
		t.Errorf("unknown profile: %v", err)
	}
	if _, err := Load(ctx, Spec{MapID: world.Trammel}); err == nil || !strings.Contains(err.Error(), "only map 0") {
		t.Errorf("default world map 1: %v", err)
	}
}

// TestMapOfWrongSize: a map file whose length is not the facet's size (nor
// a manifest's) is an error naming the file and the sizes accepted.
func TestMapOfWrongSize(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	if _, err := Load(ctx, Spec{Profile: gen.ProfileBritannia, MapID: world.Tokuno, Width: 1448, Height: 256, FilesDir: dir}); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, uo.ManifestName)); err != nil {
		t.Fatal(err)
	}
	_, err := Load(ctx, Spec{DataDir: dir, MapID: world.Tokuno})
	for _, want := range []string{"map4.mul", "1448x1448", "bytes"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("Tokuno of 1448x256: %v, want an error mentioning %q", err, want)
		}
	}
}
