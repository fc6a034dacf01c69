package source

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"shardcore/world"
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
